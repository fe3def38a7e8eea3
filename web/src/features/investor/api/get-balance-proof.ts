import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BalanceProofResponse, ProofRootsResponse } from '@savings/contracts';
import { ApiError, api } from '../../../lib/api-client';
import { proofVerdict } from '../utils/proof-verdict';
import { investorQueryOptions } from './investor-query';

/** GET /api/user/proof (the latest commitment); null while none includes this account. */
export async function getBalanceProof(): Promise<BalanceProofResponse | null> {
  try {
    return await api.get<BalanceProofResponse>('/api/user/proof');
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** GET /api/proof/roots: what the platform publishes to everyone, to compare the proof's root with. */
export function getPublishedRoots(): Promise<ProofRootsResponse> {
  return api.get<ProofRootsResponse>('/api/proof/roots');
}

export const balanceProofQuery = queryOptions({
  queryKey: ['user', 'proof'],
  queryFn: async () => {
    const [proof, published] = await Promise.all([getBalanceProof(), getPublishedRoots()]);
    // checked as it arrives: what the card shows is the answer as received, verified
    return { proof, verdict: proof ? await proofVerdict(proof, published) : null };
  },
  ...investorQueryOptions,
});

export function useBalanceProof() {
  return useQuery(balanceProofQuery);
}
