import { Inject } from '@nestjs/common';
import { CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BalanceProofResponse, ProofRootsResponse } from '@savings/contracts';
import type { Sql } from '@savings/database';
import { DomainError } from '@savings/domain';
import { listPublishedRoots, loadBalanceProof, type ProofCommitment } from '@savings/ledger';
import { SQL } from '../platform/tokens';
import { CommitProofCommand, GetBalanceProofQuery, ListProofRootsQuery } from './proof.commands';
import { ProofCommitments } from './proof-commitments';

@CommandHandler(CommitProofCommand)
export class CommitProofHandler implements ICommandHandler<CommitProofCommand, ProofCommitment | null> {
  constructor(private readonly commitments: ProofCommitments) {}

  execute(command: CommitProofCommand): Promise<ProofCommitment | null> {
    return this.commitments.commit(command.context, command.at);
  }
}

@QueryHandler(ListProofRootsQuery)
export class ListProofRootsHandler implements IQueryHandler<ListProofRootsQuery, ProofRootsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(): Promise<ProofRootsResponse> {
    return { roots: await listPublishedRoots(this.sql) };
  }
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

@QueryHandler(GetBalanceProofQuery)
export class GetBalanceProofHandler implements IQueryHandler<GetBalanceProofQuery, BalanceProofResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: GetBalanceProofQuery): Promise<BalanceProofResponse> {
    if (query.date !== null && !isCalendarDate(query.date)) {
      throw new DomainError('PROOF.INVALID_DATE', 'invalid', 'Use a date in the form YYYY-MM-DD.', {
        date: 'Use a date in the form YYYY-MM-DD.',
      });
    }
    const lookup = await loadBalanceProof(this.sql, query.userId, query.date);
    if (lookup.found) return lookup.proof;
    if (lookup.reason === 'no-commitment') {
      throw new DomainError(
        'PROOF.NO_COMMITMENT',
        'not_found',
        query.date === null
          ? 'No proof of liabilities has been published yet.'
          : `No proof of liabilities was published for ${query.date}.`,
      );
    }
    throw new DomainError(
      'PROOF.NOT_IN_TREE',
      'not_found',
      'Your account had no ledger activity yet when this proof was published, so it is not in it.',
    );
  }
}
