/**
 * Dead-letter queues: list their depth, or replay one service's after fixing what failed.
 *
 *   npm run dlq -- list
 *   npm run dlq -- replay <service> [--limit N]
 *
 * Reads AMQP_URL and EVENTS_EXCHANGE (the same variables and `_FILE` secrets as the services).
 */
import { SERVICE_NAMES } from '@vnmarket/proto';
import { baseConfigSchema, loadConfigOrExit } from '../config';
import { serviceQueueName } from '../bus/topology';
import { countDeadLetters, replayDeadLetters } from '../bus/dead-letters';

const CONSUMING_SERVICES: readonly string[] = SERVICE_NAMES;

async function main(): Promise<void> {
  const [command, service, ...rest] = process.argv.slice(2);
  const config = loadConfigOrExit(baseConfigSchema.pick({ AMQP_URL: true, EVENTS_EXCHANGE: true }), 'dlq');
  if (command === 'list') {
    const queues = CONSUMING_SERVICES.map((name) => serviceQueueName(config.EVENTS_EXCHANGE, name));
    for (const report of await countDeadLetters(config.AMQP_URL, queues)) {
      process.stdout.write(`${report.deadLetterQueue}\t${report.waiting}\n`);
    }
    return;
  }
  if (command === 'replay' && service && CONSUMING_SERVICES.includes(service)) {
    const limitIndex = rest.indexOf('--limit');
    const limit = limitIndex >= 0 ? Number(rest[limitIndex + 1]) : Number.POSITIVE_INFINITY;
    if (!(limit > 0)) throw new Error('--limit must be a positive number');
    const moved = await replayDeadLetters(config.AMQP_URL, serviceQueueName(config.EVENTS_EXCHANGE, service), limit);
    process.stdout.write(`replayed ${moved} message(s) to ${serviceQueueName(config.EVENTS_EXCHANGE, service)}\n`);
    return;
  }
  process.stderr.write(`usage: dlq list | dlq replay <${CONSUMING_SERVICES.join('|')}> [--limit N]\n`);
  process.exit(2);
}

main().catch((error: Error) => {
  process.stderr.write(`dlq: ${error.message}\n`);
  process.exit(1);
});
