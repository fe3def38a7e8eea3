import { Module } from '@nestjs/common';
import { ProofCommitments } from './proof-commitments';
import { CommitProofHandler, GetBalanceProofHandler, ListProofRootsHandler } from './proof.handlers';

/** Proof of liabilities (api-contract.md section 13): commitments, published roots, customers' proofs. */
@Module({
  providers: [ProofCommitments, CommitProofHandler, ListProofRootsHandler, GetBalanceProofHandler],
  exports: [ProofCommitments],
})
export class ProofModule {}
