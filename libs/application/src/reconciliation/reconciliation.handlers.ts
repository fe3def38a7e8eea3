import { Inject } from '@nestjs/common';
import { CommandBus, CommandHandler, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import { createHash } from 'node:crypto';
import { DomainError, Money } from '@savings/domain';
import { pgErrorCode, type Sql } from '@savings/database';
import type {
  BankStatementEntry,
  BankStatementImportResponse,
  BankStatementResponse,
  BankStatementsResponse,
  CreditSuggestedResponse,
  UnmatchedPayoutsResponse,
} from '@savings/contracts';
import { SQL } from '../platform/tokens';
import { adminIdOf } from '../money/account-ledger';
import { ConfirmDepositCommand, ConfirmDepositRequestCommand } from '../money/money.commands';
import {
  findPaidPayoutItems,
  ignoreEntry,
  insertStatement,
  knownEntryKeys,
  loadCustomerFacts,
  overduePayoutItems,
  statementEntries,
  statementEntry,
  statementOfEntryKey,
  statementSummaries,
  suggestedEntryIds,
} from './bank-statement-store';
import {
  CreditStatementEntryCommand,
  CreditSuggestedEntriesCommand,
  GetBankStatementQuery,
  IgnoreStatementEntryCommand,
  ImportBankStatementCommand,
  ListBankStatementsQuery,
  ListUnmatchedPayoutsQuery,
  type CreditStatementEntryResult,
} from './reconciliation.commands';
import type { ParsedStatement } from './statement-entry';
import {
  parseStatementOffThread,
  parseStatementText,
  type ParseOutcome,
  type StatementFormat,
} from './statement-parse';
import { businessDaysBefore, matchEntries, payoutIdsIn, referenceCodesIn } from './statement-matching';

/** Business days after which a paid payout item with no matching debit is listed. */
export const PAYOUT_DEBIT_GRACE_BUSINESS_DAYS = 5;
/** Suggested lines sent to the deposit commands at once by "credit all suggested" (group commit batches them). */
const CREDIT_CHUNK = 256;

const notFound = () => new DomainError('RECON.NOT_FOUND', 'not_found', 'Bank statement line not found');

/** Parses by the declared type; a file that does not read is 400 naming the line or element. */
export function parseStatementFile(format: StatementFormat, body: Buffer): ParsedStatement {
  return statementOrRefusal(parseStatementText(format, body));
}

function statementOrRefusal(outcome: ParseOutcome): ParsedStatement {
  if ('refused' in outcome) throw new DomainError('RECON.MALFORMED_STATEMENT', 'invalid', outcome.refused);
  return outcome.statement;
}

/**
 * Import: parse (nothing is written for a refused file), leave out the entries an earlier import holds,
 * read the facts matching needs in one query each, match (pure), then store the statement and its
 * lines in one transaction.
 */
@CommandHandler(ImportBankStatementCommand)
export class ImportBankStatementHandler implements ICommandHandler<
  ImportBankStatementCommand,
  BankStatementImportResponse & { created: boolean }
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(command: ImportBankStatementCommand): Promise<BankStatementImportResponse & { created: boolean }> {
    const statement = statementOrRefusal(await parseStatementOffThread(command.format, command.body));
    if (statement.entries.length === 0) {
      throw new DomainError('RECON.MALFORMED_STATEMENT', 'invalid', 'The statement has no entries.');
    }
    const known = await knownEntryKeys(
      this.sql,
      statement.entries.map((entry) => entry.key),
    );
    const fresh = statement.entries.filter((entry) => !known.has(entry.key));
    const found = fresh.map((entry) =>
      entry.direction === 'credit' ? referenceCodesIn(entry.remittance) : { valid: [], failedCheck: [] },
    );
    const codes = new Set(found.flatMap((codesOfEntry) => codesOfEntry.valid));
    const payoutIds = new Set(fresh.filter((entry) => entry.direction === 'debit').flatMap(payoutIdsIn));
    const customers = await loadCustomerFacts(this.sql, [...codes]);
    const payoutItems = await findPaidPayoutItems(this.sql, [...payoutIds]);
    const matches = matchEntries(fresh, { ...customers, payoutItems }, found);
    const sha256 = createHash('sha256').update(command.body).digest('hex');
    const adminId = adminIdOf(command.context);
    const stored = fresh.length
      ? await this.sql
          .transaction(async (tx) => {
            const result = await insertStatement(
              tx,
              statement,
              sha256,
              adminId,
              fresh.map((entry, index) => ({ entry, match: matches[index] })),
            );
            // another import stored all of them meanwhile: keep no empty statement
            if (result.stored === 0) throw new NothingNew();
            return result;
          })
          .catch((error: unknown) => {
            if (error instanceof NothingNew) return null;
            throw error;
          })
      : null;
    const id = stored?.id ?? (await statementOfEntryKey(this.sql, statement.entries[0].key));
    if (id === null)
      throw new DomainError('RECON.CONFLICT', 'conflict', 'The statement changed meanwhile; import it again.');
    const [summary] = await statementSummaries(this.sql, id);
    return {
      statement: { ...summary, alreadyImported: statement.entries.length - (stored?.stored ?? 0) },
      created: stored !== null,
    };
  }
}

class NothingNew extends Error {}

@QueryHandler(ListBankStatementsQuery)
export class ListBankStatementsHandler implements IQueryHandler<ListBankStatementsQuery, BankStatementsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(): Promise<BankStatementsResponse> {
    return { statements: await statementSummaries(this.sql) };
  }
}

@QueryHandler(GetBankStatementQuery)
export class GetBankStatementHandler implements IQueryHandler<
  GetBankStatementQuery,
  BankStatementResponse & { total: number }
> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: GetBankStatementQuery): Promise<BankStatementResponse & { total: number }> {
    const [statement] = await statementSummaries(this.sql, query.id);
    if (!statement) throw new DomainError('RECON.NOT_FOUND', 'not_found', 'Bank statement not found');
    const page = await statementEntries(this.sql, query.id, query);
    return { statement, ...page };
  }
}

/**
 * Credits a line through the deposit commands (so every rule of a deposit, four eyes and separation
 * of duties included, applies): a pending deposit request of the line's amount, else a direct deposit
 * to the named or matched customer. The DepositConfirmed event names the line; the unique link in
 * deposits refuses a second credit whatever the concurrency (409).
 */
@CommandHandler(CreditStatementEntryCommand)
export class CreditStatementEntryHandler implements ICommandHandler<
  CreditStatementEntryCommand,
  CreditStatementEntryResult
> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: CreditStatementEntryCommand): Promise<CreditStatementEntryResult> {
    const { statementId, entryId, context } = command;
    const line = await statementEntry(this.sql, statementId, entryId);
    if (!line) throw notFound();
    if (line.status === 'credited') throw alreadyCredited();
    if (line.direction !== 'credit' || line.currency !== 'USD' || !line.booked || line.reversal) {
      throw new DomainError('RECON.NOT_CREDITABLE', 'conflict', 'Only booked USD credits can be credited.');
    }
    if (line.status === 'ignored')
      throw new DomainError('RECON.IGNORED', 'conflict', 'This statement line was ignored.');
    if (line.approvalId !== null) throw awaitingApproval();
    const requestId = command.depositRequestId ?? (command.userId === undefined ? line.depositRequestId : null);
    const userId = command.userId ?? line.userId;
    const statementLine = { id: line.id, amount: Money.format(line.amountCents) };
    const note = `Bank statement ${statementId}, line ${entryId}`;
    let result: unknown;
    try {
      if (requestId !== null) {
        if (command.userId !== undefined) await this.requireRequestOf(requestId, command.userId);
        result = await this.commands.execute(new ConfirmDepositRequestCommand(requestId, note, context, statementLine));
      } else if (userId !== null) {
        result = await this.commands.execute(
          new ConfirmDepositCommand(userId, statementLine.amount, note, context, statementLine),
        );
      } else {
        throw new DomainError('RECON.NO_CUSTOMER', 'invalid', 'Choose the customer this line is for.');
      }
    } catch (error) {
      const constraint = pgErrorCode(error) === '23505' ? (error as { constraint?: string }).constraint : undefined;
      if (constraint === CREDIT_LINK) throw alreadyCredited();
      if (constraint === PENDING_APPROVAL_OF_LINE) throw awaitingApproval();
      throw error;
    }
    if (isApproval(result)) return { approval: result.approval };
    const entry = await statementEntry(this.sql, statementId, entryId);
    return { entry: publicEntry(entry ?? line) };
  }

  private async requireRequestOf(depositRequestId: number, userId: number): Promise<void> {
    const [row] = await this.sql.query<{ user_id: string }>(
      'select user_id::text as user_id from deposit_requests where id = $1',
      [depositRequestId],
    );
    if (!row || Number(row.user_id) !== userId) {
      throw new DomainError('RECON.REQUEST_OF_OTHER', 'invalid', 'That deposit request is not of this customer.');
    }
  }
}

/** The unique index on deposits(bank_statement_line_id): a line's one credit. */
const CREDIT_LINK = 'deposits_bank_statement_line_key';
/** ... and on pending approvals naming a line: one credit of a line waits for a second admin at a time. */
const PENDING_APPROVAL_OF_LINE = 'approvals_pending_statement_line_key';

const awaitingApproval = () =>
  new DomainError('RECON.AWAITING_APPROVAL', 'conflict', 'This statement line is awaiting approval by a second admin.');

const alreadyCredited = () =>
  new DomainError('RECON.ALREADY_CREDITED', 'conflict', 'This statement line has already been credited.');

function isApproval(result: unknown): result is { approval: unknown } {
  return typeof result === 'object' && result !== null && 'approval' in result;
}

function publicEntry(entry: BankStatementEntry & { amountCents?: bigint; booked?: boolean; reversal?: boolean }) {
  const { amountCents: _amount, booked: _booked, reversal: _reversal, ...shown } = entry;
  return shown;
}

/**
 * Every suggested line of a statement, each through the credit above: those under the four-eyes
 * threshold are credited, the others wait for a second admin; a line that cannot be credited is
 * skipped with the reason.
 */
@CommandHandler(CreditSuggestedEntriesCommand)
export class CreditSuggestedEntriesHandler implements ICommandHandler<
  CreditSuggestedEntriesCommand,
  CreditSuggestedResponse
> {
  constructor(
    @Inject(SQL) private readonly sql: Sql,
    private readonly commands: CommandBus,
  ) {}

  async execute(command: CreditSuggestedEntriesCommand): Promise<CreditSuggestedResponse> {
    const [statement] = await statementSummaries(this.sql, command.statementId);
    if (!statement) throw new DomainError('RECON.NOT_FOUND', 'not_found', 'Bank statement not found');
    const ids = await suggestedEntryIds(this.sql, command.statementId);
    const response: CreditSuggestedResponse = { credited: 0, awaitingApproval: 0, skipped: [] };
    for (let start = 0; start < ids.length; start += CREDIT_CHUNK) {
      const chunk = ids.slice(start, start + CREDIT_CHUNK);
      const outcomes = await Promise.allSettled(
        chunk.map((entryId) =>
          this.commands.execute<CreditStatementEntryCommand, CreditStatementEntryResult>(
            // one line, one command: an Idempotency-Key of the bulk call must not make them repeats of each other
            new CreditStatementEntryCommand(command.statementId, entryId, undefined, undefined, {
              ...command.context,
              idempotencyKey: command.context.idempotencyKey
                ? `${command.context.idempotencyKey}:${entryId}`
                : undefined,
            }),
          ),
        ),
      );
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') {
          if ('approval' in outcome.value) response.awaitingApproval += 1;
          else response.credited += 1;
        } else {
          const reason = outcome.reason instanceof DomainError ? outcome.reason.message : 'Could not be credited.';
          response.skipped.push({ entryId: chunk[index], reason });
        }
      });
    }
    return response;
  }
}

@CommandHandler(IgnoreStatementEntryCommand)
export class IgnoreStatementEntryHandler implements ICommandHandler<IgnoreStatementEntryCommand, BankStatementEntry> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(command: IgnoreStatementEntryCommand): Promise<BankStatementEntry> {
    const { statementId, entryId } = command;
    const done = await ignoreEntry(this.sql, statementId, entryId, command.reason, adminIdOf(command.context));
    const line = await statementEntry(this.sql, statementId, entryId);
    if (!line) throw notFound();
    if (!done) throw new DomainError('RECON.NOT_OPEN', 'conflict', `This statement line is ${line.status} already.`);
    return publicEntry(line);
  }
}

@QueryHandler(ListUnmatchedPayoutsQuery)
export class ListUnmatchedPayoutsHandler implements IQueryHandler<ListUnmatchedPayoutsQuery, UnmatchedPayoutsResponse> {
  constructor(@Inject(SQL) private readonly sql: Sql) {}

  async execute(query: ListUnmatchedPayoutsQuery): Promise<UnmatchedPayoutsResponse> {
    const before = businessDaysBefore(query.now, PAYOUT_DEBIT_GRACE_BUSINESS_DAYS);
    const items = await overduePayoutItems(this.sql, before);
    return {
      payouts: items.map((item) => ({
        withdrawalId: item.withdrawalId,
        endToEndId: item.endToEndId,
        userId: item.userId,
        userName: item.userName,
        amount: Money.toJsonNumber(item.amountCents),
        paidAt: item.paidAt.toISOString(),
      })),
    };
  }
}
