import knex, { type Knex } from 'knex';
import pg from 'pg';

export type { Knex };

// Numeric and bigint columns come back as strings by default; counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export interface Migration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
  /** `{ transaction: false }` for a migration that cannot run in one (create index concurrently). */
  config?: { transaction?: boolean };
}

/** A migration file's module: what it exports besides its name. */
type MigrationModule = Omit<Migration, 'name'>;

const MIGRATION_KEY = /^_(\d{14}_\w+)$/;

/**
 * A service's migrations from its `migrations/all.ts` (`export * as _<file name> from './<file name>'`, one
 * line each), ordered by name: the timestamp that starts each name. A key of another form is a mistake in
 * all.ts and fails at start, not at the next deploy.
 */
export function migrationsInOrder(files: Record<string, MigrationModule>): Migration[] {
  return Object.keys(files)
    .sort()
    .map((key) => {
      const name = MIGRATION_KEY.exec(key)?.[1];
      if (!name) throw new Error(`migrations/all.ts: "${key}" is not _<timestamp>_<name> (export * as _<file name> from './<file name>')`);
      const { up, down, config } = files[key]!;
      return config ? { name, up, down, config } : { name, up, down };
    });
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
const DEFAULT_DB_TIMEOUTS: DbTimeouts = { statementTimeoutMs: 0, acquireTimeoutMs: 10_000 };

/** Each service lives in its own schema of the shared database: unqualified names resolve there. */
/** Where the database client's own warnings go (failed connection attempts during an outage). */
export interface DbLogger {
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * Knex writes its warnings with console.log, several lines each (a stack trace), by default: a service's
 * logs are JSON lines, so they go to the service's logger, one line each, the first line of the message.
 */
function knexLog(logger: DbLogger): Knex.Config['log'] {
  const firstLine = (message: unknown) => String(message instanceof Error ? message.message : message).split('\n', 1)[0];
  return {
    warn: (message: unknown) => logger.warn({ detail: firstLine(message) }, 'database client warning'),
    error: (message: unknown) => logger.error({ detail: firstLine(message) }, 'database client error'),
    deprecate: (method: unknown, alternative: unknown) =>
      logger.warn({ detail: `${String(method)} is deprecated: use ${String(alternative)}` }, 'database client warning'),
    debug: () => undefined,
  };
}

export function createDb(url: string, schema: string, poolMax = 10, timeouts: Partial<DbTimeouts> = {}, poolMin = 0, logger?: DbLogger): Knex {
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
    // Idle connections beyond poolMin close after 30 s (tarn's default).
    pool: { min: Math.min(poolMin, poolMax), max: poolMax, afterCreate: disposeOnClientTimeout },
    acquireConnectionTimeout: acquireTimeoutMs,
    ...(logger ? { log: knexLog(logger) } : {}),
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

/** The database a URL names, and a client of the same server's `postgres` database, to create or drop it. */
function serverAdmin(url: string): { name: string; client: pg.Client } {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name) throw new Error('DATABASE_URL names no database');
  const admin = new URL(url);
  admin.pathname = '/postgres';
  // A connect that hangs (packets dropped) fails like a refused one, so migrateService can try again.
  return { name, client: new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 }) };
}

/** Creates the database named in the URL if it is missing (first start on a fresh machine). */
export async function ensureDatabase(url: string): Promise<void> {
  const { name, client } = serverAdmin(url);
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

/**
 * Drops the database named in the URL, closing any session still connected to it (FORCE: a psql left
 * open must not keep old data alive). True when there was one to drop. Never the `postgres` database.
 */
export async function dropDatabase(url: string): Promise<boolean> {
  const { name, client } = serverAdmin(url);
  if (name === 'postgres') throw new Error('DATABASE_URL names the postgres database; refusing to drop it');
  await client.connect();
  try {
    const existing = await client.query('select 1 from pg_database where datname = $1', [name]);
    await client.query(`drop database if exists ${pg.escapeIdentifier(name)} with (force)`);
    return (existing.rowCount ?? 0) > 0;
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

/** Where migrate() and migrateService() report what an operator should read (pino's Logger fits). */
export interface MigrationLogger {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Without a logger, a plain line on stderr: migrate.ts keeps stdout for its one result line. */
export const STDERR_MIGRATION_LOGGER: MigrationLogger = {
  warn: (details, message) => process.stderr.write(`warning: ${message} ${JSON.stringify(details)}\n`),
};

/**
 * Runs the service's own migrations, tracked in its own schema. Safe to run from several replicas.
 *
 * Migrations the database holds but this code does not list were applied by a newer release: after a
 * rollback (kubectl rollout undo, helm rollback) the previous image starts on the newer schema. knex
 * would refuse ("migration directory is corrupt") and the pod would crash-loop; expand/contract
 * (docs/migrations.md) keeps the previous release working on that schema, so they are named in a
 * warning and the code's own pending migrations still run.
 */
export async function migrate(db: Knex, schema: string, migrations: Migration[], logger: MigrationLogger = STDERR_MIGRATION_LOGGER): Promise<string[]> {
  await db.raw('create schema if not exists ??', [schema]).catch((error: { code?: string }) => {
    if (error.code !== '23505' && error.code !== '42P06') throw error;
  });
  const config: Knex.MigratorConfig = {
    schemaName: schema,
    tableName: 'knex_migrations',
    migrationSource: new ListMigrationSource(migrations),
    disableMigrationsListValidation: true,
  };
  const [completed] = (await db.migrate.list(config)) as [Array<{ name: string }>, unknown[]];
  const known = new Set(migrations.map((migration) => migration.name));
  const unknown = completed.map((row) => row.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    logger.warn(
      { schema, unknownMigrations: unknown },
      `${schema}: the database holds ${unknown.length} migration(s) this release does not know, applied by a newer release ` +
        `(${unknown.join(', ')}); starting anyway, as after a rollback (docs/migrations.md)`,
    );
  }
  const [, applied] = (await db.migrate.latest(config)) as [number, string[]];
  return applied;
}

/** How long and how often migrateService tries again while PostgreSQL is unreachable or starting. */
export interface ConnectRetryPolicy {
  /** Past this (from the first attempt), the last connection error is thrown. */
  deadlineMs: number;
  /** The first pause; each next one doubles, up to maxDelayMs. */
  initialDelayMs: number;
  maxDelayMs: number;
}

const DEFAULT_CONNECT_RETRY: ConnectRetryPolicy = { deadlineMs: 120_000, initialDelayMs: 250, maxDelayMs: 5_000 };

/** Socket errors of a server that is not (yet) there: refused, reset, unreachable, not in DNS yet. */
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);
/**
 * SQLSTATEs of a server that cannot take the connection now: 57P03 "the database system is starting
 * up" (or shutting down, or in recovery), 57P01/57P02 shut down under us, class 08 connection
 * failures, 53300 too many connections. Anything else (a bad password, a failing migration) is final.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '08000', '08001', '08003', '08004', '08006', '53300']);
// pg's own messages when the socket closes early or its connect timeout fires; knex's when no
// connection could be opened within acquireConnectionTimeout.
const UNAVAILABLE_MESSAGES = /Connection terminated unexpectedly|Connection terminated due to connection timeout|Timeout acquiring a connection/i;

/** True when the error (or one it wraps) says PostgreSQL is not accepting connections yet. */
function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 5) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_SOCKET_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code))) return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  // Node reports "localhost" refused on both ::1 and 127.0.0.1 as one AggregateError.
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}

/** One line for a log: Node's AggregateError for a refused "localhost" has an empty message. */
export function describeDatabaseError(error: unknown): string {
  const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
  return [typeof code === 'string' ? code : '', typeof message === 'string' ? message : ''].filter(Boolean).join(' ') || String(error);
}

/**
 * Runs the operation, and again after a pause (doubling up to a cap) while it fails because the database
 * is unavailable, until the deadline; any other error is thrown at once.
 */
export async function retryWhileDatabaseUnavailable<T>(
  operation: () => Promise<T>,
  policy: Partial<ConnectRetryPolicy> = {},
  onRetry: (error: unknown, attempt: number, delayMs: number) => void = () => undefined,
): Promise<T> {
  const { deadlineMs, initialDelayMs, maxDelayMs } = { ...DEFAULT_CONNECT_RETRY, ...policy };
  const deadline = Date.now() + deadlineMs;
  let delayMs = initialDelayMs;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await operation();
    } catch (error) {
      if (!isDatabaseUnavailable(error)) throw error;
      const remainingMs = deadline - Date.now();
      if (remainingMs <= 0) {
        throw new Error(`the database did not accept connections within ${deadlineMs} ms (${attempt} attempts): ${describeDatabaseError(error)}`, {
          cause: error,
        });
      }
      const pauseMs = Math.min(delayMs, remainingMs);
      onRetry(error, attempt, pauseMs);
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
      delayMs = Math.min(delayMs * 2, maxDelayMs);
    }
  }
}

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pgError = error as { code?: string; constraint?: string };
  return pgError?.code === '23505' && (constraint === undefined || pgError.constraint === constraint);
}

/**
 * Opens the pool's minimum of connections at once (best effort): a service calls it before it serves, so
 * a burst right after a start finds them open. Answers how many it opened; a database that is down is the
 * readiness check's business, not a reason not to start.
 */
export async function warmPool(db: Knex): Promise<number> {
  const client = db.client as { pool?: { min: number }; acquireConnection(): Promise<unknown>; releaseConnection(connection: unknown): Promise<unknown> };
  const wanted = client.pool?.min ?? 0;
  const opened = await Promise.allSettled(Array.from({ length: wanted }, () => client.acquireConnection()));
  const connections = opened.flatMap((outcome) => (outcome.status === 'fulfilled' ? [outcome.value] : []));
  await Promise.all(connections.map((connection) => client.releaseConnection(connection)));
  return connections.length;
}
