import type { z } from 'zod';
import {
  connectInfrastructure,
  createLogger,
  listen,
  migrateService,
  startMetricsServer,
  type BaseConfig,
  type Infrastructure,
  type Logger,
  type Migration,
  type RunningServer,
  type ServiceParts,
} from '@vnmarket/shared';
import { TestClient } from './client';
import { createTestEnvironment, type TestEnvironment } from './environment';

export interface RunningService<C, S extends ServiceParts> {
  url: string;
  config: C;
  service: S;
  infrastructure: Infrastructure;
  environment: TestEnvironment;
  server: RunningServer;
  /** The process's metrics listener (METRICS_PORT's, on a free port here): GET /metrics. */
  metricsUrl: string;
  client(): TestClient;
  stop(): Promise<void>;
}

/**
 * A real service in this process, on a test environment's database, key prefix and exchange. Services
 * started on the same environment share the exchange, so their events reach each other.
 */
export async function startTestService<C extends BaseConfig, S extends ServiceParts>(options: {
  name: string;
  schema: string;
  configSchema: z.ZodType<C>;
  migrations: Migration[];
  create(deps: { config: C; logger: Logger; infrastructure: Infrastructure }): S;
  label: string;
  overrides?: Record<string, string>;
  environment?: TestEnvironment;
}): Promise<RunningService<C, S>> {
  const environment = options.environment ?? (await createTestEnvironment(options.label));
  const config = options.configSchema.parse({ ...environment.env, PORT: '0', ...options.overrides });
  await migrateService(config.DATABASE_URL, options.schema, options.migrations);
  const logger = createLogger(options.name, config.LOG_LEVEL);
  const infrastructure = connectInfrastructure(config, options.schema, logger, `${options.name}-test`);
  const service = options.create({ config, logger, infrastructure });
  await service.start();
  await infrastructure.bus.waitUntilConnected();
  const server = await listen(service.app, 0, '127.0.0.1', service.attach?.bind(service));
  // One registry per process: services started together in a test share what it shows.
  const metrics = (await startMetricsServer({ port: 0, host: '127.0.0.1', logger }))!;
  return {
    url: server.url,
    config,
    service,
    infrastructure,
    environment,
    server,
    metricsUrl: metrics.url,
    client: () => new TestClient(server.url),
    async stop() {
      await service.beforeDrain?.();
      await server.drain(1000);
      await metrics.close();
      await service.stop();
      await infrastructure.close();
      if (!options.environment) await environment.cleanup();
    },
  };
}
