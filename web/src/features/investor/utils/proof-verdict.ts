import { checkBalanceProof, type BalanceProofResponse, type ProofRootsResponse } from '@savings/contracts';

export type ProofVerdict = { holds: true } | { holds: false; reason: string };

/**
 * Checks a proof here, in the browser (Web Crypto), with the same verifier as the offline command:
 * the leaf and the path must lead to the root and the total, and that root must be the one the
 * platform publishes to everyone for the proof's date.
 */
export async function proofVerdict(proof: BalanceProofResponse, published: ProofRootsResponse): Promise<ProofVerdict> {
  let check;
  try {
    check = await checkBalanceProof(proof);
  } catch {
    return { holds: false, reason: 'This browser could not compute SHA-256.' };
  }
  if (!check.holds) return { holds: false, reason: check.reason };
  const standing = published.roots.find((root) => root.date === proof.date);
  if (!standing || standing.root !== proof.root || standing.total !== proof.total) {
    return { holds: false, reason: 'The root of this proof is not the one published for its date.' };
  }
  return { holds: true };
}
