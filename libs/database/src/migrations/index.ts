import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000Foundation } from './Migration20261122000000-foundation';
import { Migration20261122000100UsersAndBlog } from './Migration20261122000100-users-and-blog';
import { Migration20261122000200Ledger } from './Migration20261122000200-ledger';
import { Migration20261122000500Jobs } from './Migration20261122000500-jobs';
import { Migration20261122000620BulkWriteChecks } from './Migration20261122000620-bulk-write-checks';
import { Migration20261122000630EventSeqIdentity } from './Migration20261122000630-event-seq-identity';
import { Migration20261124000100OneWritePath } from './Migration20261124000100-one-write-path';
import { Migration20261124100000UniqueNames } from './Migration20261124100000-unique-names';
import { Migration20261124200000InterestByDate } from './Migration20261124200000-interest-by-date';
import { Migration20261124400000PayoutDocuments } from './Migration20261124400000-payout-documents';
import { Migration20261124500000Approvals } from './Migration20261124500000-approvals';
import { Migration20261124600000TwoFactor } from './Migration20261124600000-two-factor';
import { Migration20261124700000MailOutbox } from './Migration20261124700000-mail-outbox';
import { Migration20261124800000ProofOfLiabilities } from './Migration20261124800000-proof-of-liabilities';
import { Migration20261124900000BankStatements } from './Migration20261124900000-bank-statements';
import { Migration20261124900100StatementLineApprovals } from './Migration20261124900100-statement-line-approvals';
import { Migration20261127100000AccountHolders } from './Migration20261127100000-account-holders';
import { Migration20261127210000PersonalDataHistory } from './Migration20261127210000-personal-data-history';
import { Migration20261128100000BankingFingerprints } from './Migration20261128100000-banking-fingerprints';

/**
 * Every migration, in order. Add a new file per change (never edit an applied one) and list it here;
 * names sort by their timestamp.
 */
export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261122000000-foundation', class: Migration20261122000000Foundation },
  { name: 'Migration20261122000100-users-and-blog', class: Migration20261122000100UsersAndBlog },
  { name: 'Migration20261122000200-ledger', class: Migration20261122000200Ledger },
  { name: 'Migration20261122000500-jobs', class: Migration20261122000500Jobs },
  { name: 'Migration20261122000620-bulk-write-checks', class: Migration20261122000620BulkWriteChecks },
  { name: 'Migration20261122000630-event-seq-identity', class: Migration20261122000630EventSeqIdentity },
  { name: 'Migration20261124000100-one-write-path', class: Migration20261124000100OneWritePath },
  { name: 'Migration20261124100000-unique-names', class: Migration20261124100000UniqueNames },
  { name: 'Migration20261124200000-interest-by-date', class: Migration20261124200000InterestByDate },
  { name: 'Migration20261124400000-payout-documents', class: Migration20261124400000PayoutDocuments },
  { name: 'Migration20261124500000-approvals', class: Migration20261124500000Approvals },
  { name: 'Migration20261124600000-two-factor', class: Migration20261124600000TwoFactor },
  { name: 'Migration20261124700000-mail-outbox', class: Migration20261124700000MailOutbox },
  { name: 'Migration20261124800000-proof-of-liabilities', class: Migration20261124800000ProofOfLiabilities },
  { name: 'Migration20261124900000-bank-statements', class: Migration20261124900000BankStatements },
  {
    name: 'Migration20261124900100-statement-line-approvals',
    class: Migration20261124900100StatementLineApprovals,
  },
  { name: 'Migration20261127100000-account-holders', class: Migration20261127100000AccountHolders },
  { name: 'Migration20261127210000-personal-data-history', class: Migration20261127210000PersonalDataHistory },
  { name: 'Migration20261128100000-banking-fingerprints', class: Migration20261128100000BankingFingerprints },
];
