import { stopTelemetry } from './instrument';
import { connectInfrastructure, createLogger, loadConfigOrExit, runService } from '@vnmarket/shared';
import { createAuthService } from './app';
import { AUTH_SCHEMA, authConfigSchema } from './config';

async function main() {
  const config = loadConfigOrExit(authConfigSchema, 'auth');
  const logger = createLogger('auth', config.LOG_LEVEL);
  const infrastructure = connectInfrastructure(config, AUTH_SCHEMA, logger, 'auth');
  const service = createAuthService({ config, logger, infrastructure });
  await service.start();
  await runService({
    name: 'auth',
    logger,
    app: service.app,
    port: config.PORT,
    host: config.HOST,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    closers: [() => service.stop(), () => infrastructure.close(), async () => stopTelemetry?.()],
  });
}

main().catch((error) => {
  process.stderr.write(`auth failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
