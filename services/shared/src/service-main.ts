import type { Server } from 'node:http';
import type { Express } from 'express';
import type { z } from 'zod';
import { loadConfigOrExit, type BaseConfig } from './config';
import type { Migration, MigrationLogger } from './db';
import { warmPool } from './db';
import type { Outbox } from './bus/outbox';
import { connectInfrastructure, migrateService, serviceOutbox, type Infrastructure } from './infrastructure';
import { runService } from './lifecycle';
import { createLogger, type Logger } from './logger';
import { installProcessGuards } from './process-guards';

export interface ServiceParts {
  app: Express;
  /** Hooks into the HTTP server once it listens (e.g. WebSocket upgrades). */
  attach?(server: Server): void;
  /** Runs when shutdown begins, before in-flight requests drain (e.g. close WebSockets). */
  beforeDrain?(): Promise<void>;
  /** Starts consumers, relays and timers. */
  start(): Promise<void>;
  /** Stops them; the infrastructure is closed afterwards. */
  stop(): Promise<void>;
}

/** What a service's create function is given; tests may add a clock. */
export interface ServiceDeps<C> {
  config: C;
  logger: Logger;
  infrastructure: Infrastructure;
  clock?: () => Date;
}

/** What a service's create function builds on: its deps, the clients it uses most by name, and a clock that is always set. */
export interface ServiceBase<C> extends ServiceDeps<C> {
  db: Infrastructure['db'];
  redis: Infrastructure['redis'];
  bus: Infrastructure['bus'];
  /** A test's clock, else the wall clock. */
  clock: () => Date;
}

export function serviceBase<C extends BaseConfig>(deps: ServiceDeps<C>): ServiceBase<C> {
  const { db, redis, bus } = deps.infrastructure;
  return { ...deps, db, redis, bus, clock: deps.clock ?? (() => new Date()) };
}

/** serviceBase, and the service's outbox on the same clock (serviceOutbox). */
export function serviceBaseWithOutbox<C extends BaseConfig>(
  deps: ServiceDeps<C>,
  options: { pollIntervalMs?: number } = {},
): ServiceBase<C> & { outbox: Outbox } {
  const base = serviceBase(deps);
  return { ...base, outbox: serviceOutbox(base, options) };
}

type ServiceConfig = BaseConfig & { PORT: number };

/** The whole of a service's main.ts: parse config, connect, build, listen, shut down on SIGTERM. */
export function serviceMain<C extends ServiceConfig>(options: {
  name: string;
  schema: string;
  configSchema: z.ZodType<C>;
  stopTelemetry?: () => Promise<void>;
  create(deps: ServiceDeps<C>): ServiceParts;
}): void {
  const run = async () => {
    const config = loadConfigOrExit(options.configSchema, options.name);
    const logger = createLogger(options.name, config.LOG_LEVEL);
    installProcessGuards(logger);
    const infrastructure = connectInfrastructure(config, options.schema, logger, options.name);
    const warm = await warmPool(infrastructure.db);
    if (warm < config.DATABASE_POOL_MIN)
      logger.warn({ opened: warm, wanted: config.DATABASE_POOL_MIN }, 'database pool: fewer connections opened at start than DATABASE_POOL_MIN');
    const service = options.create({ config, logger, infrastructure });
    await service.start();
    await runService({
      name: options.name,
      logger,
      app: service.app,
      attach: service.attach?.bind(service),
      beforeDrain: service.beforeDrain?.bind(service),
      port: config.PORT,
      host: config.HOST,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      shutdownDelayMs: config.SHUTDOWN_DELAY_MS,
      metricsPort: config.METRICS_PORT,
      closers: [() => service.stop(), () => infrastructure.close(), async () => options.stopTelemetry?.()],
    });
  };
  run().catch((error) => {
    process.stderr.write(`${options.name} failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}

/** The whole of a service's migrate.ts: create the database if needed and apply its migrations. */
export function migrateMain(options: { name: string; schema: string; configSchema: z.ZodType<BaseConfig>; migrations: Migration[] }): void {
  const config = loadConfigOrExit(options.configSchema, options.name);
  // Warnings on stderr, one readable line each: stdout keeps the single result line.
  const logger: MigrationLogger = { warn: (_details, message) => process.stderr.write(`${options.name}: warning: ${message}\n`) };
  const retry = { deadlineMs: config.MIGRATION_CONNECT_DEADLINE_MS, maxDelayMs: config.MIGRATION_CONNECT_MAX_DELAY_MS };
  migrateService(config.DATABASE_URL, options.schema, options.migrations, { logger, retry })
    .then((applied) => {
      process.stdout.write(`${options.name}: ${applied.length ? `applied ${applied.join(', ')}` : 'schema up to date'}\n`);
    })
    .catch((error) => {
      process.stderr.write(`${options.name}: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    });
}
