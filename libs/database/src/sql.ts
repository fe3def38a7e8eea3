import type { MikroORM } from '@mikro-orm/postgresql';
import type { ClientBase, Connection, PoolClient, QueryResultRow, Submittable } from 'pg';

/**
 * `prepare`: send the statement as a named prepared statement, so each connection parses and plans it
 * once (the pool's connections force generic plans: orm-config.ts). For the ledger's hot statements,
 * whose planning cost more than their execution, and whose plan does not depend on their values; only
 * for texts of which a process has a bounded number (no values spliced into them).
 */
export interface QueryOptions {
  prepare?: boolean;
}

/** Something SQL can be sent to: the pool (one statement, autocommit) or an open transaction. */
export interface SqlQueryable {
  query<R extends QueryResultRow = Record<string, unknown>>(
    text: string,
    params?: unknown[],
    options?: QueryOptions,
  ): Promise<R[]>;
  /**
   * `copy <target> from stdin` fed with `rows` in COPY's text format (a line per row, tab-separated,
   * \N for null): PostgreSQL's cheapest bulk load, for the ledger replay. target: `table (columns)`.
   */
  copyFrom(target: string, rows: string): Promise<void>;
}

export interface Sql extends SqlQueryable {
  /** Runs the work in one transaction (READ COMMITTED), committing when it resolves. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** Runs the work on one connection outside a transaction (streaming reads, session settings). */
  withConnection<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T>;
}

interface KnexClient {
  acquireConnection(): Promise<PoolClient>;
  releaseConnection(connection: PoolClient): Promise<void>;
}

/**
 * Native-placeholder SQL over the connection pool MikroORM owns. The ledger's hot path uses this
 * (one pool for the whole process, no query-builder cost); entity code uses MikroORM's EntityManager.
 */
export class PooledSql implements Sql {
  private readonly client: KnexClient;

  constructor(orm: MikroORM) {
    this.client = orm.em.getConnection().getKnex().client as unknown as KnexClient;
  }

  async query<R extends QueryResultRow>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<R[]> {
    return this.withConnection((connection) => connection.query<R>(text, params, options));
  }

  async copyFrom(target: string, rows: string): Promise<void> {
    return this.withConnection((connection) => connection.copyFrom(target, rows));
  }

  async withConnection<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T> {
    const connection = await this.client.acquireConnection();
    try {
      return await work(queryableOf(connection));
    } finally {
      await this.client.releaseConnection(connection);
    }
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const connection = await this.client.acquireConnection();
    try {
      await connection.query('begin');
      try {
        const result = await work(queryableOf(connection));
        await connection.query('commit');
        return result;
      } catch (error) {
        await connection.query('rollback').catch(() => undefined);
        throw error;
      }
    } finally {
      await this.client.releaseConnection(connection);
    }
  }
}

/** A client or pool connection as SqlQueryable (what PooledSql hands its callers). */
export function queryableOf(connection: ClientBase): SqlQueryable {
  return {
    async query<R extends QueryResultRow>(text: string, params: unknown[] = [], options?: QueryOptions) {
      const name = options?.prepare ? statementName(text) : undefined;
      const result = await connection.query<R>({ text, values: params, name });
      return result.rows;
    },
    copyFrom(target: string, rows: string) {
      return new Promise<void>((resolve, reject) => {
        connection.query(
          new CopyFromStdin(`copy ${target} from stdin`, rows, (error) => (error ? reject(error) : resolve())),
        );
      });
    },
  };
}

/** One name per prepared text in this process: pg refuses a name reused for another text. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `savings_${statementNames.size + 1}`;
    statementNames.set(text, name);
  }
  return name;
}

/** The copy messages pg's Connection sends (not in its type declarations). */
interface CopyingConnection extends Connection {
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/**
 * COPY FROM STDIN as a pg submittable: pg runs an object with submit() as the connection's next query
 * and hands it the server's messages (the protocol pg-copy-streams uses). All rows go in one message
 * once the server asks for them; an error ends the query without a ready-for-query for it.
 */
class CopyFromStdin implements Submittable {
  constructor(
    private readonly text: string,
    private readonly rows: string,
    private readonly done: (error?: Error) => void,
  ) {}

  submit(connection: Connection): void {
    connection.query(this.text);
  }

  handleCopyInResponse(connection: CopyingConnection): void {
    connection.sendCopyFromChunk(Buffer.from(this.rows));
    connection.endCopyFrom();
  }

  handleCommandComplete(): void {}

  handleReadyForQuery(): void {
    this.done();
  }

  handleError(error: Error): void {
    this.done(error);
  }
}

/** PostgreSQL error code of a failed query, if it is one. */
export function pgErrorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_CHECK_VIOLATION = '23514';
export const PG_SERIALIZATION_FAILURE = '40001';
