import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import amqp from 'amqplib';
import pino from 'pino';
import { buildEvent, type DomainEvent } from '@vnmarket/proto';
import { deadLetterQueueOf, EventBus, retryQueueOf } from '@vnmarket/shared';
import { AMQP_URL, deleteExchangeAndQueues, eventually, uniqueId } from '@vnmarket/testkit/core';

/**
 * EVENT_QUEUE_TYPE=quorum (the chart's default): a service's queue, retry queue and dead-letter queue are
 * quorum queues, and retries and dead-lettering work on them; a queue an older release declared as
 * classic is kept (a type cannot change in place) with a warning, and events still flow.
 */
const exchange = `test.${uniqueId('quorum')}`;
const fresh = `${exchange}.test`;
const existing = `${exchange}.auth`;
const warnings: string[] = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(chunk.toString());
      done();
    },
  }),
);
const bus = new EventBus({ url: AMQP_URL, exchange, logger, connectionName: 'test-quorum', queueType: 'quorum', reconnectInitialMs: 100 });
const handled: DomainEvent[] = [];
/** Events whose handler always fails. */
const alwaysFailing = new Set<string>();
let connection: amqp.ChannelModel;

/** Queue name → type, as the broker reports it (rabbitmqctl, as the fault suite uses). */
function queueTypes(): Map<string, string> {
  const output = execFileSync('rabbitmqctl', ['list_queues', '--quiet', '--no-table-headers', 'name', 'type'], { encoding: 'utf8' });
  return new Map(output.split('\n').flatMap((line) => (line.trim() ? [line.trim().split(/\s+/) as [string, string]] : [])));
}

const phoneVerified = () => buildEvent('phone.verified', { userId: randomUUID(), phone: '+14085550100' }, randomUUID(), new Date());

beforeAll(async () => {
  connection = await amqp.connect(AMQP_URL);
  const channel = await connection.createChannel();
  // As an older release declared it: classic, with the same arguments.
  await channel.assertQueue(existing, { durable: true, arguments: { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadLetterQueueOf(existing) } });
  await channel.close();
  await bus.subscribe({
    queue: fresh,
    eventTypes: ['phone.verified'],
    maxRetries: 1,
    retryDelayMs: 100,
    async handle(event) {
      handled.push(event);
      if (alwaysFailing.has(event.id)) throw new Error('simulated handler failure');
    },
  });
  await bus.subscribe({
    queue: existing,
    eventTypes: ['user.deleted'],
    async handle(event) {
      handled.push(event);
    },
  });
  bus.start();
  await bus.waitUntilConnected();
});

afterAll(async () => {
  await bus.close();
  await connection.close();
  await deleteExchangeAndQueues(exchange);
});

it('declares a new service queue, its retry and its dead-letter queue as quorum queues', () => {
  const types = queueTypes();
  expect([fresh, retryQueueOf(fresh), deadLetterQueueOf(fresh)].map((name) => types.get(name))).toEqual(['quorum', 'quorum', 'quorum']);
});

it('retries through the quorum retry queue, then dead-letters into the quorum dead-letter queue', async () => {
  const event = phoneVerified();
  alwaysFailing.add(event.id);
  await bus.publish(event);
  // Handled, failed, retried once after the retry queue's time-to-live, failed again: dead-lettered.
  await eventually(async () => {
    const channel = await connection.createChannel();
    try {
      const message = await channel.get(deadLetterQueueOf(fresh), { noAck: true });
      expect(message && JSON.parse(message.content.toString()).id).toBe(event.id);
    } finally {
      await channel.close();
    }
  }, 10_000);
  expect(handled.filter((seen) => seen.id === event.id)).toHaveLength(2);
  const ok = phoneVerified();
  await bus.publish(ok);
  await eventually(async () => expect(handled.some((seen) => seen.id === ok.id)).toBe(true));
});

it('keeps a queue that exists as classic, says so, and still delivers to it', async () => {
  expect(queueTypes().get(existing)).toBe('classic');
  expect(warnings.some((line) => line.includes(existing) && line.includes('classic'))).toBe(true);
  const event = buildEvent('user.deleted', { id: randomUUID(), version: 1 }, randomUUID(), new Date());
  await bus.publish(event);
  await eventually(async () => expect(handled.some((seen) => seen.id === event.id)).toBe(true));
});
