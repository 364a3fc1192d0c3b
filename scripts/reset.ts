/**
 * make reset: the local marketplace back to empty. Drops its database, its Redis keys and its event
 * queues, and deletes make start's files under var/ (photos, session signing keys, the SMS outbox), all
 * together: rows that name photos never outlive the photos. The pinned Node in var/toolchain and make
 * backup's archives in var/backups stay. The
 * next make start migrates afresh and loads the demo data. Refuses while the product is running.
 */
import path from 'node:path';
import { baseConfigSchema } from '@vnmarket/shared';
import { DEFAULT_PORTS } from '@vnmarket/gateway/config';
import { SERVICES } from '@vnmarket/gateway/routes';
import { isListening } from './lib/local';
import { resetLocalData } from './lib/reset-data';

const root = path.resolve(__dirname, '..');
const GATEWAY_PORT = Number(process.env.GATEWAY_PORT ?? 8080);

async function main(): Promise<void> {
  const ports = [GATEWAY_PORT, ...SERVICES.map((service) => DEFAULT_PORTS[service])];
  const running = [];
  for (const port of ports) if (await isListening('127.0.0.1', port, 500)) running.push(port);
  if (running.length > 0) {
    console.error(`reset: something is serving on ${running.join(', ')}; stop make start (Ctrl-C) first`);
    process.exit(1);
  }
  const config = baseConfigSchema
    .pick({ DATABASE_URL: true, REDIS_URL: true, REDIS_KEY_PREFIX: true, AMQP_URL: true, EVENTS_EXCHANGE: true })
    .parse(process.env);
  const removed = await resetLocalData({
    databaseUrl: config.DATABASE_URL,
    redisUrl: config.REDIS_URL,
    redisKeyPrefix: config.REDIS_KEY_PREFIX,
    amqpUrl: config.AMQP_URL,
    exchange: config.EVENTS_EXCHANGE,
    services: SERVICES,
    varDir: path.join(root, 'var'),
    keep: ['toolchain', 'backups'],
  });
  console.log(removed.length > 0 ? `reset: removed ${removed.join(', ')}` : 'reset: the local marketplace was already empty');
}

main().catch((error: unknown) => {
  console.error(`reset: ${(error as Error).message}`);
  process.exit(1);
});
