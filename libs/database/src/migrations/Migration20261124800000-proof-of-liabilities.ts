import { Migration } from '@mikro-orm/migrations';

/**
 * Proof of liabilities (issue 20, api-contract.md section 13, docs/decisions/0020-proof-of-liabilities.md):
 *  - proof_commitments: one row per committed Merkle sum tree, beside its ProofRootCommitted event
 *    (event_seq) on the `proof-roots` stream; `nonce_key` derives every leaf's secret nonce and never
 *    leaves the server (it is not in the ledger, which auditors export);
 *  - proof_nodes: every node of each tree (leaves at level 0 with their user), so a customer's path
 *    is a handful of index reads. Written in the commitment's transaction, never changed.
 */
export class Migration20261124800000ProofOfLiabilities extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table proof_commitments (
      id int primary key,
      date date not null,
      at timestamptz not null,
      through_seq bigint not null,
      root text not null check (root ~ '^[0-9a-f]{64}$'),
      total_cents bigint not null check (total_cents >= 0),
      leaf_count int not null check (leaf_count >= 1),
      nonce_key text not null,
      event_seq bigint not null unique references ledger_events (seq)
    )`);
    this.addSql('create sequence proof_commitments_id_seq owned by proof_commitments.id');
    this.addSql('create index proof_commitments_date_idx on proof_commitments (date, at)');
    this.addSql(`create table proof_nodes (
      commitment_id int not null,
      level smallint not null check (level >= 0),
      idx int not null check (idx >= 0),
      user_id bigint,
      hash bytea not null check (length(hash) = 32),
      sum_cents bigint not null check (sum_cents >= 0),
      primary key (commitment_id, level, idx),
      check ((level = 0) = (user_id is not null))
    )`);
    this.addSql('create unique index proof_nodes_leaf_idx on proof_nodes (commitment_id, user_id) where level = 0');
    // published is final: the ledger's append-only guard (ledger_refuse_change) on both tables
    for (const table of ['proof_commitments', 'proof_nodes']) {
      this.addSql(`create trigger ${table}_append_only before update or delete on ${table}
        for each statement execute function ledger_refuse_change()`);
    }
  }

  override async down(): Promise<void> {
    this.addSql('drop table if exists proof_nodes');
    this.addSql('drop table if exists proof_commitments');
  }
}
