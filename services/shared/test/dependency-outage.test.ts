import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import express from 'express';
import { buildEvent } from '@vnmarket/proto';
import {
  createApp,
  createDb,
  createEventTables,
  createLogger,
  deadLetterQueueOf,
  EventBus,
  finishApp,
  idempotentHandler,
  listen,
  replayDeadLetters,
  type Knex,
  type RunningServer,
} from '@vnmarket/shared';
import {
  AMQP_URL,
  faultProxyFor,
  createTestDatabase,
  deleteExchangeAndQueues,
  eventually,
  throughProxy,
  uniqueId,
  type TcpFaultProxy,
  type TestDatabase,
} from '@vnmarket/testkit/core';

/**
 * A short database outage must lose nothing: handlers that fail because the database is unreachable
 * pause and wait (no retry budget spent, nothing dead-lettered), and requests fail fast with 503.
 */
const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
let database: TestDatabase;
let proxy: TcpFaultProxy;
let db: Knex;
let directDb: Knex;
let bus: EventBus;
let exchange: string;
let queue: string;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;
let failWithBug = false;
/** The bus's health probes that found the database down (it probes while a consumer is paused). */
let failedProbes = 0;

beforeAll(async () => {
  database = await createTestDatabase('dependency-outage');
  directDb = createDb(database.url, 'public', 2);
  await createEventTables(directDb);
  await directDb.schema.createTable('applied', (table) => table.uuid('event_id').primary());
  proxy = await faultProxyFor(database.url);
  db = createDb(throughProxy(database.url, proxy), 'public', 3, { statementTimeoutMs: 1000, acquireTimeoutMs: 500 });
  exchange = `test.${uniqueId('outage')}`;
  queue = `${exchange}.test`;
  bus = new EventBus({
    url: AMQP_URL,
    exchange,
    logger,
    connectionName: 'outage',
    healthProbe: () => db.raw('select 1').catch(countFailedProbe),
    pauseInitialMs: 50,
    pauseMaxMs: 300,
  });
  await bus.subscribe({
    queue,
    eventTypes: ['phone.verified'],
    maxRetries: 2,
    retryDelayMs: 50,
    handle: idempotentHandler(db, async (trx, event) => {
      if (failWithBug) throw new Error('a handler bug');
      await trx('applied').insert({ event_id: event.id });
    }),
  });
  bus.start();
  await bus.waitUntilConnected();
  connection = await amqp.connect(AMQP_URL);
  channel = await connection.createChannel();
}, 30_000);

afterAll(async () => {
  await connection.close();
  await bus.close();
  await db.destroy();
  await directDb.destroy();
  await proxy.close();
  await database.drop();
  await deleteExchangeAndQueues(exchange);
});

function countFailedProbe(error: unknown): never {
  failedProbes += 1;
  throw error;
}

const event = () => buildEvent('phone.verified', { userId: randomUUID(), phone: '+14085550100' }, randomUUID(), new Date());
const appliedIds = async () => (await directDb('applied').pluck('event_id')) as string[];
const deadLetters = async () => (await channel.checkQueue(deadLetterQueueOf(queue))).messageCount;

it('events that meet a database outage wait, unlimited, and are all applied once it is back; none is dead-lettered', async () => {
  proxy.cut();
  const events = [event(), event(), event(), event(), event()];
  for (const each of events) await bus.publish(each);
  await eventually(async () => expect(bus.pausedQueues).toContain(queue));
  // While paused, the bus probes the database with backoff (50 ms, doubling): after four failed probes,
  // far longer has passed than the bounded retries (2 × 50 ms) take to dead-letter, and every event
  // still waits in its queue.
  const probesAtPause = failedProbes;
  await eventually(async () => {
    expect(failedProbes - probesAtPause).toBeGreaterThanOrEqual(4);
    expect((await channel.checkQueue(queue)).messageCount).toBe(events.length);
  });
  expect(await deadLetters()).toBe(0);
  proxy.restore();
  await eventually(async () => expect((await appliedIds()).sort()).toEqual(events.map((each) => each.id).sort()), 15_000);
  expect(bus.pausedQueues).toHaveLength(0);
  expect(await deadLetters()).toBe(0);
}, 30_000);

it('a handler bug is dead-lettered after its retries, and the replay command brings it back once fixed', async () => {
  failWithBug = true;
  const broken = event();
  await bus.publish(broken);
  await eventually(async () => expect(await deadLetters()).toBe(1));
  failWithBug = false;
  expect(await replayDeadLetters(AMQP_URL, queue)).toBe(1);
  await eventually(async () => expect(await appliedIds()).toContain(broken.id));
  expect(await deadLetters()).toBe(0);
});

describe('requests while the database is unreachable or hung', () => {
  let server: RunningServer;
  beforeAll(async () => {
    const app = createApp({
      logger,
      bodyLimit: '10kb',
      trustProxyHops: 0,
      publicOrigins: [],
      sessionCookieName: 's',
      readiness: { database: () => db.raw('select 1') },
    });
    app.use(
      express.Router().get('/count', async (_req, res) => {
        res.json(await db('applied').count({ n: '*' }).first());
      }),
    );
    server = await listen(finishApp(app, logger), 0, '127.0.0.1');
  });
  afterAll(() => server.drain(500));

  const timed = async (path: string) => {
    const started = Date.now();
    const response = await fetch(`${server.url}${path}`);
    return {
      status: response.status,
      body: (await response.json()) as { message?: string },
      retryAfter: response.headers.get('retry-after'),
      ms: Date.now() - started,
    };
  };

  it.each([
    ['cut', () => proxy.cut()],
    ['stalled', () => proxy.stall()],
  ])(
    'answer 503 with Retry-After within 2 s when the connection is %s, and recover without a restart',
    async (_name, fault) => {
      expect((await timed('/count')).status).toBe(200);
      fault();
      const failed = await timed('/count');
      expect(failed.status).toBe(503);
      expect(failed.body.message).toBe('Service temporarily unavailable, please try again shortly');
      expect(failed.retryAfter).toBe('5');
      expect(failed.ms).toBeLessThan(2000);
      expect((await timed('/readyz')).status).toBe(503);
      proxy.restore();
      await eventually(async () => expect((await timed('/count')).status).toBe(200), 10_000);
      expect((await timed('/readyz')).status).toBe(200);
    },
    20_000,
  );
});
