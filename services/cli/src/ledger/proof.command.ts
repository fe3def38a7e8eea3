import { readFile } from 'node:fs/promises';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CommitProofCommand } from '@savings/application';
import { checkBalanceProof } from '@savings/contracts';
import type { ProofCommitment } from '@savings/ledger';
import { UsageError } from '../command';

export const PROOF_USAGE = 'npm run ledger -- proof commit [--at ISO] | proof verify --file PROOF.json';

/** `ledger proof commit`: commits a proof-of-liabilities tree now, or the ledger as it stood at `--at`. */
export async function commitProof(
  app: INestApplicationContext,
  atFlag: string | true | undefined,
  log: (line: string) => void,
): Promise<number> {
  let at: Date | null = null;
  if (atFlag !== undefined) {
    if (typeof atFlag !== 'string' || Number.isNaN(Date.parse(atFlag))) {
      throw new UsageError('--at must be an ISO instant, e.g. 2026-11-24T10:30:00Z');
    }
    at = new Date(atFlag);
    if (at.getTime() > Date.now()) throw new UsageError('--at cannot be in the future');
  }
  const context = { actor: { kind: 'system' as const, id: 'cli' }, correlationId: `proof-commit-${Date.now()}` };
  const commitment: ProofCommitment | null = await app.get(CommandBus).execute(new CommitProofCommand(context, at));
  if (!commitment) {
    log('No customer account has ledger activity yet: nothing to commit.');
    return 0;
  }
  log(
    `Committed proof of liabilities for ${commitment.date} at ${commitment.at}: root ${commitment.root}, ` +
      `${commitment.leafCount} accounts, total ${commitment.total} cents (ledger through seq ${commitment.throughSeq}, root event seq ${commitment.eventSeq}).`,
  );
  return 0;
}

/**
 * `ledger proof verify --file proof.json`: checks a downloaded proof alone (no database, no network)
 * with the same verifier as the dashboard's card.
 */
export async function verifyProofFile(path: string, log: (line: string) => void): Promise<number> {
  let proof: unknown;
  try {
    proof = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    log(`Cannot read ${path} as JSON.`);
    return 1;
  }
  const result = await checkBalanceProof(proof);
  if (result.holds) {
    const p = proof as { leaf: { userId: number; balanceCents: string }; date: string };
    log(
      `The proof holds: the balance of ${p.leaf.balanceCents} cents of user ${p.leaf.userId} is counted in the total of ` +
        `${result.total} cents under root ${result.root} (${p.date}). Compare that root with the one published at /api/proof/roots.`,
    );
    return 0;
  }
  log(`The proof does NOT hold: ${result.reason}`);
  return 1;
}
