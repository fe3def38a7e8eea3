import { hash, webcrypto } from 'node:crypto';
import { TextEncoder as NodeTextEncoder } from 'node:util';
import type { BalanceProofResponse, ProofRootsResponse } from '@savings/contracts';
import { proofVerdict } from './proof-verdict';

const sha = (text: string) => hash('sha256', text, 'hex');

// jsdom's window has no SubtleCrypto nor TextEncoder: Node's, the bytes handed over as a Buffer of its realm
beforeAll(() => {
  Object.defineProperty(globalThis, 'TextEncoder', { value: NodeTextEncoder, configurable: true });
  const subtle = {
    digest: (algorithm: string, data: Uint8Array) => webcrypto.subtle.digest(algorithm, Buffer.from(data)),
  };
  Object.defineProperty(globalThis, 'crypto', { value: { subtle }, configurable: true });
});

/** A two-customer tree built by hand from the contract's texts (section 13). */
function twoLeafProof(): BalanceProofResponse {
  const mine = sha(`leaf|7|250025|${'a'.repeat(32)}`);
  const theirs = sha(`leaf|9|1000|${'b'.repeat(32)}`);
  return {
    date: '2026-11-24',
    at: '2026-11-24T10:00:05.000Z',
    root: sha(`node|${mine}|250025|${theirs}|1000`),
    total: '251025',
    leafCount: 2,
    leaf: { userId: 7, balanceCents: '250025', nonce: 'a'.repeat(32) },
    path: [{ hash: theirs, sum: '1000', side: 'right' }],
  };
}

const published = (proof: BalanceProofResponse, root = proof.root): ProofRootsResponse => ({
  roots: [{ date: proof.date, at: proof.at, root, total: proof.total, leafCount: proof.leafCount }],
});

describe('the proof card verdict (Web Crypto)', () => {
  it('holds for a proof whose path leads to the root published for its date', async () => {
    const proof = twoLeafProof();
    expect(await proofVerdict(proof, published(proof))).toEqual({ holds: true });
  });

  it('fails when the path does not lead to the root', async () => {
    const proof = twoLeafProof();
    const tampered = { ...proof, path: [{ ...proof.path[0], sum: '1001' }] };
    expect(await proofVerdict(tampered, published(proof))).toEqual({
      holds: false,
      reason: 'The path does not lead to the published root.',
    });
  });

  it('fails when the proof is sound but its root is not the one published for the date', async () => {
    const proof = twoLeafProof();
    expect(await proofVerdict(proof, published(proof, 'f'.repeat(64)))).toEqual({
      holds: false,
      reason: 'The root of this proof is not the one published for its date.',
    });
    expect(await proofVerdict(proof, { roots: [] })).toMatchObject({ holds: false });
  });
});
