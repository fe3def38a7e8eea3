import type { MikroORM } from '@mikro-orm/postgresql';
import type { PoolClient, QueryResultRow } from 'pg';

/** Something SQL can be sent to: the pool (one statement, autocommit) or an open transaction. */
export interface SqlQueryable {
  query<R extends QueryResultRow = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
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

  async query<R extends QueryResultRow>(text: string, params: unknown[] = []): Promise<R[]> {
    return this.withConnection((connection) => connection.query<R>(text, params));
  }

  async withConnection<T>(work: (connection: SqlQueryable) => Promise<T>): Promise<T> {
    const connection = await this.client.acquireConnection();
    try {
      return await work(wrap(connection));
    } finally {
      await this.client.releaseConnection(connection);
    }
  }

  async transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T> {
    const connection = await this.client.acquireConnection();
    try {
      await connection.query('begin');
      try {
        const result = await work(wrap(connection));
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

function wrap(connection: PoolClient): SqlQueryable {
  return {
    async query<R extends QueryResultRow>(text: string, params: unknown[] = []) {
      const result = await connection.query<R>(text, params);
      return result.rows;
    },
  };
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
