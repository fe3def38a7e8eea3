import { Migration } from '@mikro-orm/migrations';

/**
 * A statement line credit at or above the four-eyes threshold becomes an approval that names the line
 * (ApprovalRequested.statementLineId, projected here): at most one pending approval per line, so two
 * admins cannot queue two credits of one line for approval; the grant's deposit then links the line
 * (deposits.bank_statement_line_id, unique).
 */
export class Migration20261124900100StatementLineApprovals extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table approvals add column bank_statement_line_id bigint references bank_statement_lines(id)');
    this.addSql(
      "create unique index approvals_pending_statement_line_key on approvals (bank_statement_line_id) where status = 'pending' and bank_statement_line_id is not null",
    );
  }

  override async down(): Promise<void> {
    this.addSql('drop index if exists approvals_pending_statement_line_key');
    this.addSql('alter table approvals drop column if exists bank_statement_line_id');
  }
}
