import { stopTelemetry } from './instrument';
import { createLogger, installProcessGuards, loadConfigOrExit, runService } from '@vnmarket/shared';
import { createGateway } from './app';
import { gatewayConfigSchema } from './config';

async function main() {
  const config = loadConfigOrExit(gatewayConfigSchema, 'gateway');
  const logger = createLogger('gateway', config.LOG_LEVEL);
  installProcessGuards(logger);
  const gateway = createGateway(config, logger);
  await runService({
    name: 'gateway',
    logger,
    app: gateway.app,
    attach: (server) => gateway.attach(server),
    beforeDrain: () => gateway.closeUpgradedSockets(),
    port: config.GATEWAY_PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    metricsPort: config.METRICS_PORT,
    closers: [async () => gateway.close(), async () => stopTelemetry?.()],
  });
}

main().catch((error) => {
  process.stderr.write(`gateway failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
