import { verifyBalanceProof, type AsyncSha256Hex, type BalanceProof, type ProofCheck } from '@savings/domain';

export type { BalanceProof, ProofCheck };

/** A committed root as published (GET /api/proof/roots, api-contract.md section 13); cents as text. */
export interface ProofRoot {
  date: string;
  at: string;
  root: string;
  total: string;
  leafCount: number;
}

export interface ProofRootsResponse {
  roots: ProofRoot[];
}

/** GET /api/user/proof: the customer's leaf and the siblings of its path, bottom up. */
export type BalanceProofResponse = BalanceProof;

/** SHA-256 of a text's UTF-8 bytes in lower-case hex, with Web Crypto (browsers, Node 20+). */
export const webCryptoSha256: AsyncSha256Hex = async (text) => {
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  let hex = '';
  for (const byte of new Uint8Array(digest)) hex += byte.toString(16).padStart(2, '0');
  return hex;
};

/**
 * Whether a proof holds: its leaf and path lead to its root and total. The one verifier of the web
 * card and the standalone command (`npm run ledger -- proof verify --file`).
 */
export function checkBalanceProof(proof: unknown): Promise<ProofCheck> {
  return verifyBalanceProof(proof, webCryptoSha256);
}

/** Cents as decimal text ("123456") in dollars ("$1,234.56"), exactly (no floating point). */
export function formatCentsUsd(cents: string): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const absolute = negative ? -value : value;
  const whole = (absolute / 100n).toLocaleString('en-US');
  const fraction = String(absolute % 100n).padStart(2, '0');
  return `${negative ? '-' : ''}$${whole}.${fraction}`;
}
