import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProofRootsResponse } from '@savings/contracts';
import { api } from '../../../lib/api-client';

/** GET /api/proof/roots: the published proof-of-liabilities roots, newest first. */
export function getProofRoots(): Promise<ProofRootsResponse> {
  return api.get<ProofRootsResponse>('/api/proof/roots');
}

export const proofRootsQuery = queryOptions({ queryKey: ['proof', 'roots'], queryFn: getProofRoots });

export function useProofRoots() {
  return useQuery(proofRootsQuery);
}
