import type { Express, Router } from 'express';
import type { BaseConfig } from './config';
import { createAuthenticator, SessionRegistry, type Authenticator } from './auth';
import { EventBus } from './bus/event-bus';
import { Outbox } from './bus/outbox';
import {
  createDb,
  describeDatabaseError,
  ensureDatabase,
  migrate,
  retryWhileDatabaseUnavailable,
  STDERR_MIGRATION_LOGGER,
  type ConnectRetryPolicy,
  type Knex,
  type Migration,
  type MigrationLogger,
} from './db';
import { createApp, finishApp, type ReadinessCheck } from './http';
import type { Logger } from './logger';
import { poolSources, redisSources, type PoolSource, type RedisSource } from './metrics';
import { createRedis, type Redis } from './redis';

/** The connections every service holds, opened from its parsed config. */
export interface Infrastructure {
  db: Knex;
  redis: Redis;
  bus: EventBus;
  sessions: SessionRegistry;
  authenticator: Authenticator;
  readiness: Record<string, ReadinessCheck>;
  close(): Promise<void>;
}

export function connectInfrastructure(config: BaseConfig, schema: string, logger: Logger, connectionName: string): Infrastructure {
  const db = createDb(
    config.DATABASE_URL,
    schema,
    config.DATABASE_POOL_MAX,
    { statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS, acquireTimeoutMs: config.DATABASE_ACQUIRE_TIMEOUT_MS },
    config.DATABASE_POOL_MIN,
    logger,
  );
  const redis = createRedis(config.REDIS_URL, config.REDIS_KEY_PREFIX);
  redis.on('error', (error: Error) => logger.warn({ err: error.message }, 'redis error'));
  const bus = new EventBus({
    url: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    queueType: config.EVENT_QUEUE_TYPE,
    logger,
    connectionName,
    healthProbe: () => db.raw('select 1'),
    // Half the pool at most for consumers: the other half always serves requests, even under a backlog.
    maxConcurrentHandlers: Math.max(1, Math.floor(config.DATABASE_POOL_MAX / 2)),
  });
  // Pool gauges read these on scrape (db_pool_*, redis_*): no work per query.
  const poolSource = () => (db.client as { pool?: PoolSource }).pool;
  const redisSource = (): RedisSource => ({
    ready: redis.status === 'ready',
    pending: redis.commandQueue.length + ((redis as unknown as { offlineQueue?: { length: number } }).offlineQueue?.length ?? 0),
  });
  poolSources.add(poolSource);
  redisSources.add(redisSource);
  const sessions = new SessionRegistry(redis);
  const authenticator = createAuthenticator({
    publicKey: config.JWT_PUBLIC_KEY,
    issuer: config.JWT_ISSUER,
    audience: config.JWT_AUDIENCE,
    cookieName: config.SESSION_COOKIE_NAME,
    sessions,
  });
  return {
    db,
    redis,
    bus,
    sessions,
    authenticator,
    // The broker is not here: the outbox keeps writes safe while it is down, so an outage must not take
    // every pod out of its Service. Its state is the event_bus_connected metric and a log line.
    readiness: {
      database: () => db.raw('select 1'),
      cache: () => redis.ping(),
    },
    async close() {
      poolSources.delete(poolSource);
      redisSources.delete(redisSource);
      await bus.close();
      await db.destroy();
      redis.disconnect();
    },
  };
}

/**
 * Creates the database if needed and applies the service's migrations in its schema. While PostgreSQL
 * refuses connections or is still starting (always, on a first `skaffold dev`), the whole run is tried
 * again with backoff until the policy's deadline; a failing migration is not retried.
 */
export async function migrateService(
  databaseUrl: string,
  schema: string,
  migrations: Migration[],
  options: { logger?: MigrationLogger; retry?: Partial<ConnectRetryPolicy> } = {},
): Promise<string[]> {
  return retryWhileDatabaseUnavailable(
    async () => {
      await ensureDatabase(databaseUrl);
      // Migrations may build indexes for minutes: no statement timeout (the default), a patient connect.
      const db = createDb(databaseUrl, schema, 2);
      try {
        return await migrate(db, schema, migrations, options.logger);
      } finally {
        await db.destroy();
      }
    },
    options.retry,
    (error, attempt, delayMs) =>
      (options.logger ?? STDERR_MIGRATION_LOGGER).warn(
        { schema, attempt, delayMs, error: describeDatabaseError(error) },
        `${schema}: the database is not accepting connections (${describeDatabaseError(error)}); trying again in ${delayMs} ms`,
      ),
  );
}

/** createApp options for a service, from its config and its infrastructure's readiness checks. */
export function serviceAppOptions(config: BaseConfig, logger: Logger, infrastructure: Pick<Infrastructure, 'readiness'>) {
  return {
    logger,
    bodyLimit: config.BODY_LIMIT,
    trustProxyHops: config.TRUST_PROXY_HOPS,
    publicOrigins: config.PUBLIC_ORIGINS,
    sessionCookieName: config.SESSION_COOKIE_NAME,
    readiness: infrastructure.readiness,
  };
}

/** A service's HTTP app: the common middleware, its routers in this order, then the 404 and error handlers. */
export function serviceApp(config: BaseConfig, logger: Logger, infrastructure: Pick<Infrastructure, 'readiness'>, routers: Router[]): Express {
  const app = createApp(serviceAppOptions(config, logger, infrastructure));
  for (const router of routers) app.use(router);
  finishApp(app, logger);
  return app;
}

/** A service's outbox on its database and bus, batching as the deployment says (EVENT_BATCHES), on a test's clock if given. */
export function serviceOutbox(
  deps: { config: BaseConfig; logger: Logger; infrastructure: Pick<Infrastructure, 'db' | 'bus'>; clock?: () => Date },
  options: { pollIntervalMs?: number } = {},
): Outbox {
  const { config, logger, infrastructure, clock } = deps;
  return new Outbox({ db: infrastructure.db, bus: infrastructure.bus, logger, clock, batches: config.EVENT_BATCHES, ...options });
}
