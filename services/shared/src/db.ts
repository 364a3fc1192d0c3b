import knex, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// Numeric and bigint columns come back as strings by default; counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

export interface DbTimeouts {
  /** Server side: a statement running longer is cancelled (SQLSTATE 57014). */
  statementTimeoutMs: number;
  /** Waiting for a pooled connection, and for a new connection to open. */
  acquireTimeoutMs: number;
}

/**
 * Services pass their configured timeouts (DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_ACQUIRE_TIMEOUT_MS),
 * so with the database down or a connection hung a request fails within two seconds (503, see http.ts)
 * instead of hanging: statement_timeout on the server, query_timeout on the client for a connection
 * that stopped answering, and short connect and pool-acquire timeouts. Tools (migrations, the data
 * generator, benchmarks) keep the defaults: no statement timeout.
 */
export const DEFAULT_DB_TIMEOUTS: DbTimeouts = { statementTimeoutMs: 0, acquireTimeoutMs: 10_000 };

/** Each service lives in its own schema of the shared database: unqualified names resolve there. */
export function createDb(url: string, schema: string, poolMax = 10, timeouts: Partial<DbTimeouts> = {}): Knex {
  const { statementTimeoutMs, acquireTimeoutMs } = { ...DEFAULT_DB_TIMEOUTS, ...timeouts };
  return knex({
    client: 'pg',
    connection: {
      connectionString: url,
      // 0 turns both off. The client gives the server a moment to report its own timeout first.
      statement_timeout: statementTimeoutMs,
      query_timeout: statementTimeoutMs > 0 ? statementTimeoutMs + 250 : undefined,
      connectionTimeoutMillis: acquireTimeoutMs,
    },
    searchPath: [schema, 'public'],
    pool: { min: 0, max: poolMax, afterCreate: disposeOnClientTimeout },
    acquireConnectionTimeout: acquireTimeoutMs,
  });
}

type QueryCallback = (error: Error | null, result: unknown) => void;
type PgConnection = {
  query: (...args: unknown[]) => unknown;
  end: () => Promise<void>;
  __knex__disposed?: unknown;
};

/**
 * A query the client gave up on (query_timeout: the connection stopped answering) leaves that connection
 * unusable; without this the pool would hand it to the next request, which would hang the same way.
 * Marked disposed, the pool drops it instead and the next request opens a fresh connection. pg's query
 * takes a callback (knex) or answers a promise (code holding a raw connection): both are watched.
 */
function disposeOnClientTimeout(connection: PgConnection, done: (error: Error | null, connection: PgConnection) => void): void {
  const query = connection.query.bind(connection);
  const watch = (error: unknown) => {
    if (error instanceof Error && /Query read timeout/i.test(error.message)) {
      connection.__knex__disposed = error;
      void connection.end().catch(() => undefined);
    }
  };
  connection.query = (...args: unknown[]) => {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as QueryCallback;
      return query(...args.slice(0, -1), (error: Error | null, result: unknown) => {
        watch(error);
        callback(error, result);
      });
    }
    const answer = query(...args);
    if (answer instanceof Promise)
      return answer.catch((error: unknown) => {
        watch(error);
        throw error;
      });
    return answer;
  };
  done(null, connection);
}

/** Creates the database named in the URL if it is missing (first start on a fresh machine). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (existing.rowCount === 0) {
      await client.query(`create database ${pg.escapeIdentifier(name)}`).catch((error: { code?: string }) => {
        // Another service created it at the same moment.
        if (error.code !== '42P04' && error.code !== '23505') throw error;
      });
    }
  } finally {
    await client.end();
  }
}

class ListMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  async getMigrations(): Promise<Migration[]> {
    return this.migrations;
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return migration;
  }
}

/** Runs the service's own migrations, tracked in its own schema. Safe to run from several replicas. */
export async function migrate(db: Knex, schema: string, migrations: Migration[]): Promise<string[]> {
  await db.raw('create schema if not exists ??', [schema]).catch((error: { code?: string }) => {
    if (error.code !== '23505' && error.code !== '42P06') throw error;
  });
  const [, applied] = (await db.migrate.latest({
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: new ListMigrationSource(migrations),
  })) as [number, string[]];
  return applied;
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}
