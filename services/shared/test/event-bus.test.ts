import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent, type DomainEvent } from '@vnmarket/proto';
import { deadLetterQueueOf, EventBus, idempotentHandler, Outbox } from '@vnmarket/shared';
import { AMQP_URL, eventually } from '@vnmarket/shared/testing';
import { busFixture } from './support';

let fixture: Awaited<ReturnType<typeof busFixture>>;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;

const handled: DomainEvent[] = [];
const failuresLeft = new Map<string, number>();

beforeAll(async () => {
  fixture = await busFixture('event-bus');
  await fixture.db.schema.createTable('counters', (table) => {
    table.string('name').primary();
    table.integer('value').notNullable();
  });
  await fixture.db('counters').insert({ name: 'verified', value: 0 });
  const apply = idempotentHandler(fixture.db, async (trx, event) => {
    if (event.type === 'phone.verified') await trx('counters').where({ name: 'verified' }).increment('value', 1);
  });
  await fixture.bus.subscribe({
    queue: fixture.queue,
    eventTypes: ['phone.verified', 'user.deleted'],
    maxRetries: 2,
    retryDelayMs: 100,
    async handle(event) {
      handled.push(event);
      const left = failuresLeft.get(event.id) ?? 0;
      if (left > 0) {
        failuresLeft.set(event.id, left - 1);
        throw new Error('simulated handler failure');
      }
      await apply(event);
    },
  });
  fixture.bus.start();
  await fixture.bus.waitUntilConnected();
  fixture.outbox.start();
  connection = await amqp.connect(AMQP_URL);
  channel = await connection.createChannel();
});

afterAll(async () => {
  await connection.close();
  await fixture.cleanup();
});

const phoneVerified = (id = randomUUID()) => buildEvent('phone.verified', { userId: randomUUID(), phone: '+14085550100' }, id, new Date());
const counter = async () => (await fixture.db('counters').where({ name: 'verified' }).first()).value as number;
const handledCount = (id: string) => handled.filter((event) => event.id === id).length;

async function dlqMessages(): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const message = await channel.get(deadLetterQueueOf(fixture.queue), { noAck: true });
    if (!message) return bodies;
    bodies.push(message.content.toString());
  }
}

it('delivers an event written to the outbox once the transaction commits', async () => {
  const before = await counter();
  const event = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone: '+14085550101' }));
  await eventually(async () => expect(await counter()).toBe(before + 1));
  expect(handledCount(event.id)).toBe(1);
  // The relay marks the row sent in its own transaction, just after the broker confirmed: the consumer
  // can be quicker than that commit.
  await eventually(async () => {
    const row = await fixture.db('outbox_events').where({ id: event.id }).first();
    expect(row.published_at).not.toBeNull();
  });
});

it('publishes nothing for a transaction that rolled back', async () => {
  const id = await fixture.db
    .transaction(async (trx) => {
      const event = await fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone: '+14085550102' });
      throw Object.assign(new Error('rollback'), { eventId: event.id });
    })
    .catch((error: { eventId: string }) => error.eventId);
  await fixture.outbox.flush();
  // An event committed after it, through the same outbox and queue: once it is handled, anything the
  // rollback had let out would have been handled before it.
  const after = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone: '+14085550103' }));
  await eventually(async () => expect(handledCount(after.id)).toBe(1));
  expect(handledCount(id)).toBe(0);
  expect(await fixture.db('outbox_events').where({ id })).toHaveLength(0);
});

it('refuses to write an event that breaks its contract', async () => {
  await expect(fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: 'not-a-uuid', phone: 1 } as never))).rejects.toThrow();
});

it('applies a redelivered event once (idempotent consumer)', async () => {
  const before = await counter();
  const event = phoneVerified();
  await fixture.bus.publish(event);
  await fixture.bus.publish(event);
  await fixture.bus.publish(event);
  await eventually(async () => expect(handledCount(event.id)).toBe(3));
  expect(await counter()).toBe(before + 1);
});

it('retries a failing handler and succeeds within the bound', async () => {
  const before = await counter();
  const event = phoneVerified();
  failuresLeft.set(event.id, 2);
  await fixture.bus.publish(event);
  await eventually(async () => expect(await counter()).toBe(before + 1));
  expect(handledCount(event.id)).toBe(3);
});

it('dead-letters an event whose handler keeps failing, after the bounded retries', async () => {
  const event = phoneVerified();
  failuresLeft.set(event.id, 100);
  await fixture.bus.publish(event);
  const dead = await eventually(async () => {
    const bodies = await dlqMessages();
    expect(bodies.length).toBeGreaterThan(0);
    return bodies;
  });
  expect(JSON.parse(dead[0]!).id).toBe(event.id);
  expect(handledCount(event.id)).toBe(3); // first try + 2 retries
});

it('dead-letters a poison message without calling the handler', async () => {
  const before = handled.length;
  channel.publish(fixture.exchange, 'phone.verified', Buffer.from('{"this is": "not an event"'), { persistent: true });
  channel.publish(
    fixture.exchange,
    'user.deleted',
    Buffer.from(JSON.stringify({ id: randomUUID(), type: 'user.deleted', occurredAt: new Date().toISOString(), data: { id: 'nope' } })),
  );
  const dead: string[] = [];
  await eventually(async () => {
    dead.push(...(await dlqMessages()));
    expect(dead).toHaveLength(2);
  });
  expect(dead.some((body) => body.includes('not an event'))).toBe(true);
  expect(handled.length).toBe(before);
});

it('a second bus on a broker address that refuses connections keeps retrying without throwing', async () => {
  const bus = new EventBus({
    url: 'amqp://guest:guest@127.0.0.1:1',
    exchange: fixture.exchange,
    logger: fixture.logger,
    connectionName: 'nowhere',
    reconnectInitialMs: 20,
    reconnectMaxMs: 50,
  });
  bus.start();
  await expect(bus.waitUntilConnected(300)).rejects.toThrow(/not reachable/);
  await expect(bus.publish(phoneVerified())).rejects.toThrow(/unavailable/);
  await bus.close();
});

it('closes while its connection is still being made: the connect in progress is closed, not waited on forever', async () => {
  const bus = new EventBus({ url: AMQP_URL, exchange: fixture.exchange, logger: fixture.logger, connectionName: 'closed-while-connecting' });
  await bus.subscribeBroadcast({ eventTypes: ['phone.verified'], handle: () => undefined });
  bus.start();
  // close() before the connection is made: it waits for the attempt in progress, which must not wait for it in turn.
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    bus.close().then(() => 'closed'),
    new Promise((resolve) => (timer = setTimeout(() => resolve('still closing after 10 s'), 10_000))),
  ]);
  clearTimeout(timer);
  expect(outcome).toBe('closed');
  expect(bus.isConnected).toBe(false);
  // The connection it made was closed as on any stop: its fan-out queue went with it (a 404 closes the channel).
  const fanOutQueue = `${(bus as unknown as { broadcastQueue: string }).broadcastQueue}.0`;
  const check = await connection.createChannel();
  check.on('error', () => undefined);
  await expect(check.checkQueue(fanOutQueue)).rejects.toThrow(/NOT_FOUND/);
});

it('the relay holds no transaction while it waits for confirms: a row stays writable during a slow publish', async () => {
  // Stall the broker's confirms by publishing through a bus whose publish never settles.
  const stalled = new Outbox({
    db: fixture.db,
    bus: { isConnected: true, publish: () => new Promise<void>(() => undefined) } as never,
    logger: fixture.logger,
    confirmTimeoutMs: 300,
    leaseMs: 5000,
  });
  await fixture.outbox.stop();
  const event = await fixture.db.transaction((trx) => stalled.add(trx, 'phone.verified', { userId: randomUUID(), phone: '+14085550109' }));
  const flushing = stalled.flush().catch((error: Error) => error);
  await eventually(async () => expect((await fixture.db('outbox_events').where({ id: event.id }).first()).claimed_until).not.toBeNull());
  // With a transaction held open (FOR UPDATE) this would wait for the confirm; with a lease it does not.
  await fixture.db.transaction(async (trx) => {
    await trx.raw('set local lock_timeout = 200');
    await trx('outbox_events').where({ id: event.id }).forUpdate().first();
  });
  expect(String(await flushing)).toMatch(/did not confirm within 300 ms/);
  const row = await fixture.db('outbox_events').where({ id: event.id }).first();
  expect(row).toMatchObject({ published_at: null, claimed_until: null });
  fixture.outbox.start();
  await eventually(async () => expect((await fixture.db('outbox_events').where({ id: event.id }).first()).published_at).not.toBeNull());
});

it('prunes ids of applied events older than the retention', async () => {
  const old = randomUUID();
  await fixture.db('processed_events').insert({ event_id: old, event_type: 'phone.verified', processed_at: new Date(Date.now() - 30 * 86_400_000) });
  const pruning = new Outbox({ db: fixture.db, bus: fixture.bus, logger: fixture.logger, processedRetentionHours: 24 });
  pruning.start();
  await eventually(async () => expect(await fixture.db('processed_events').where({ event_id: old })).toHaveLength(0));
  await pruning.stop();
});

it('runs at most maxConcurrentHandlers handlers at once over all its queues, however long the backlog', async () => {
  const limited = new EventBus({
    url: AMQP_URL,
    exchange: fixture.exchange,
    logger: fixture.logger,
    connectionName: 'test-event-bus-limited',
    maxConcurrentHandlers: 2,
  });
  let running = 0;
  let most = 0;
  let done = 0;
  const slowHandler = async () => {
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, 30));
    running -= 1;
    done += 1;
  };
  for (const suffix of ['one', 'two']) {
    await limited.subscribe({ queue: `${fixture.queue}.limited.${suffix}`, eventTypes: ['user.deleted'], handle: slowHandler });
  }
  limited.start();
  await limited.waitUntilConnected();
  try {
    // A backlog, as after a broker restart: every delivery at once (prefetch 20 per queue).
    for (let index = 0; index < 10; index += 1) await limited.publish(buildEvent('user.deleted', { id: randomUUID(), version: 1 }, randomUUID(), new Date()));
    await eventually(async () => expect(done).toBe(20));
    expect(most).toBe(2);
  } finally {
    await limited.close();
  }
});
