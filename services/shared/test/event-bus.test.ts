import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent, type DomainEvent } from '@vnmarket/proto';
import {
  CLAIM_UNPUBLISHED_SQL,
  consecutiveRuns,
  deadLetterQueueOf,
  EVENT_BATCH_CONTENT_TYPE,
  EventBus,
  eventsInMessage,
  idempotentHandler,
  inClaimPlan,
  Outbox,
  runWithContext,
} from '@vnmarket/shared';
import { AMQP_URL, eventually } from '@vnmarket/testkit/core';
import { busFixture } from './support';

let fixture: Awaited<ReturnType<typeof busFixture>>;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;

const handled: DomainEvent[] = [];
/** Ids of the events whose handler has finished (failed, or its transaction committed), once per call. */
const settled: string[] = [];
const failuresLeft = new Map<string, number>();

beforeAll(async () => {
  fixture = await busFixture('event-bus');
  await fixture.db.schema.createTable('counters', (table) => {
    table.string('name').primary();
    table.integer('value').notNullable();
  });
  // Counted per phone number: each test gives its events a number of its own, so an event of an earlier
  // test that is still committing cannot move its count.
  const apply = idempotentHandler(fixture.db, async (trx, event) => {
    if (event.type !== 'phone.verified') return;
    await trx('counters')
      .insert({ name: event.data.phone, value: 1 })
      .onConflict('name')
      .merge({ value: trx.raw('counters.value + 1') });
  });
  await fixture.bus.subscribe({
    queue: fixture.queue,
    eventTypes: ['phone.verified', 'user.deleted'],
    maxRetries: 2,
    retryDelayMs: 100,
    async handle(event) {
      handled.push(event);
      try {
        const left = failuresLeft.get(event.id) ?? 0;
        if (left > 0) {
          failuresLeft.set(event.id, left - 1);
          throw new Error('simulated handler failure');
        }
        await apply(event);
      } finally {
        settled.push(event.id);
      }
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

const phoneVerified = (phone = '+14085550100') => buildEvent('phone.verified', { userId: randomUUID(), phone }, randomUUID(), new Date());
/** How many phone.verified events for this number the handler has applied. */
const appliedFor = async (phone: string) => ((await fixture.db('counters').where({ name: phone }).first())?.value as number | undefined) ?? 0;
const handledCount = (id: string) => handled.filter((event) => event.id === id).length;
const settledCount = (id: string) => settled.filter((settledId) => settledId === id).length;

async function dlqMessages(): Promise<string[]> {
  const bodies: string[] = [];
  for (;;) {
    const message = await channel.get(deadLetterQueueOf(fixture.queue), { noAck: true });
    if (!message) return bodies;
    bodies.push(message.content.toString());
  }
}

it('delivers an event written to the outbox once the transaction commits', async () => {
  const phone = '+14085550101';
  const event = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone }));
  await eventually(async () => expect(await appliedFor(phone)).toBe(1));
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
  const event = phoneVerified('+14085550104');
  await fixture.bus.publish(event);
  await fixture.bus.publish(event);
  await fixture.bus.publish(event);
  await eventually(async () => expect(settledCount(event.id)).toBe(3));
  expect(await appliedFor('+14085550104')).toBe(1);
});

it('retries a failing handler and succeeds within the bound', async () => {
  const event = phoneVerified('+14085550105');
  failuresLeft.set(event.id, 2);
  await fixture.bus.publish(event);
  await eventually(async () => expect(await appliedFor('+14085550105')).toBe(1));
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
    bus: { isConnected: true, publish: () => new Promise<void>(() => undefined), publishEvents: () => new Promise<void>(() => undefined) } as never,
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

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Subplan Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of an EXPLAIN (FORMAT JSON) plan, depth first. */
const planNodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(planNodes)];

it('claims by an ordered index scan that stops at the batch size, however many published rows wait for VACUUM', async () => {
  await fixture.outbox.stop();
  try {
    // Published rows leave their unpublished versions in the index until VACUUM (autovacuum is off on CI).
    const published = Array.from({ length: 3000 }, () => ({ id: randomUUID(), type: 'phone.verified', envelope: {} }));
    await fixture.db.transaction(async (trx) => {
      await trx.batchInsert('outbox_events', published, 500);
      await trx('outbox_events')
        .whereIn(
          'id',
          published.map((row) => row.id),
        )
        .update({ published_at: trx.fn.now() });
    });
    const plan = await inClaimPlan(fixture.db, async (trx) => {
      const { rows } = await trx.raw<{ rows: { 'QUERY PLAN': [{ Plan: PlanNode }] }[] }>(`explain (format json) ${CLAIM_UNPUBLISHED_SQL}`, [30, 100]);
      return rows[0]!['QUERY PLAN'][0].Plan;
    });
    // The statement's outer sort orders only the rows it claimed; the claim itself must not sort.
    const claim = planNodes(plan).find((node) => node['Subplan Name'] === 'CTE claimed');
    const nodes = planNodes(claim!).map((node) => `${node['Node Type']}${node['Index Name'] ? ` on ${node['Index Name']}` : ''}`);
    expect(nodes).toContain('Index Scan on outbox_events_relay_order_idx');
    expect(nodes.filter((node) => /Bitmap|Sort/.test(node))).toEqual([]);
    await fixture
      .db('outbox_events')
      .whereIn(
        'id',
        published.map((row) => row.id),
      )
      .delete();
  } finally {
    fixture.outbox.start();
  }
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

/** A queue of the test's own on the fixture's exchange, bound to `types`: the broker messages as sent. */
async function rawListener(types: string[]) {
  const messages: amqp.ConsumeMessage[] = [];
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const type of types) await channel.bindQueue(queue, fixture.exchange, type);
  await channel.consume(queue, (message) => message && messages.push(message), { noAck: true });
  return messages;
}

describe('event batches', () => {
  it('relays a run of same-type rows as one broker message; each event is handled once, with its own request id', async () => {
    const messages = await rawListener(['phone.verified']);
    const phone = '+14085550200';
    const written = await fixture.db.transaction(async (trx) => {
      const events = [];
      for (let index = 0; index < 5; index += 1) {
        events.push(
          await runWithContext({ requestId: `req-batch-${index}` }, () => fixture.outbox.add(trx, 'phone.verified', { userId: randomUUID(), phone })),
        );
      }
      return events;
    });
    await eventually(async () => expect(await appliedFor(phone)).toBe(5));
    for (const event of written) expect(handledCount(event.id)).toBe(1);
    await eventually(async () => expect(messages).toHaveLength(1));
    const [message] = messages;
    expect(message!.properties.contentType).toBe(EVENT_BATCH_CONTENT_TYPE);
    expect(message!.properties.headers).toMatchObject({ 'x-event-count': 5 });
    // Rows of one transaction share created_at and go out in id order: compare by id.
    const carried = new Map(eventsInMessage(message!).map(({ event, headers }) => [event.id, headers['x-request-id']]));
    expect(new Map(written.map((event, index) => [event.id, `req-batch-${index}`]))).toEqual(carried);
  });

  it('keeps the order of rows of different types: only consecutive rows of one type share a message', async () => {
    const messages = await rawListener(['phone.verified', 'user.deleted']);
    const userId = randomUUID();
    // One transaction each (rows of one transaction share created_at), written before one relay pass.
    await fixture.outbox.stop();
    await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId, phone: '+14085550210' }));
    await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId, phone: '+14085550211' }));
    await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'user.deleted', { id: userId, version: 1 }));
    await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId, phone: '+14085550212' }));
    await fixture.outbox.flush();
    fixture.outbox.start();
    await eventually(async () => expect(messages).toHaveLength(3));
    await eventually(async () => expect(handled.filter((event) => event.type === 'phone.verified' && event.data.userId === userId)).toHaveLength(3));
    const sent = messages.map((message) => eventsInMessage(message).map(({ event }) => event.type));
    expect(sent).toEqual([['phone.verified', 'phone.verified'], ['user.deleted'], ['phone.verified']]);
    // A lone event keeps the plain format, which consumers of every release read.
    expect(messages[1]!.properties.contentType).toBe('application/json');
    expect(consecutiveRuns(['a', 'a', 'b', 'a', 'a', 'a'], (item) => item)).toEqual([['a', 'a'], ['b'], ['a', 'a', 'a']]);
  });

  it('publishes rows of one millisecond in their microsecond order, not in the order of their ids', async () => {
    const messages = await rawListener(['phone.verified', 'user.deleted']);
    const userId = randomUUID();
    await fixture.outbox.stop();
    const deleted = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'user.deleted', { id: userId, version: 1 }));
    const verified = await fixture.db.transaction((trx) => fixture.outbox.add(trx, 'phone.verified', { userId, phone: '+14085550215' }));
    // Both in one millisecond, the later row holding the smaller id: only the microseconds tell them apart.
    const [smaller, larger] = [deleted.id, verified.id].sort();
    await fixture.db('outbox_events').where({ id: larger }).update({ created_at: '2026-01-01T00:00:00.000100Z' });
    await fixture.db('outbox_events').where({ id: smaller }).update({ created_at: '2026-01-01T00:00:00.000200Z' });
    await fixture.outbox.flush();
    fixture.outbox.start();
    await eventually(async () => expect(messages).toHaveLength(2));
    const sent = messages.map((message) => eventsInMessage(message)[0]!.event.id);
    expect(sent).toEqual([larger, smaller]);
  });

  it('sends each row alone when batches are switched off (EVENT_BATCHES=false, for a rolling upgrade)', async () => {
    const messages = await rawListener(['phone.verified']);
    const single = new Outbox({ db: fixture.db, bus: fixture.bus, logger: fixture.logger, batches: false });
    await fixture.outbox.stop();
    try {
      const written = await fixture.db.transaction(async (trx) => {
        const events = [];
        for (let index = 0; index < 3; index += 1) events.push(await single.add(trx, 'phone.verified', { userId: randomUUID(), phone: `+1408555022${index}` }));
        return events;
      });
      await single.flush();
      await eventually(async () => expect(messages).toHaveLength(3));
      expect(messages.every((message) => message.properties.contentType === 'application/json')).toBe(true);
      await eventually(async () => expect(written.map((event) => handledCount(event.id))).toEqual([1, 1, 1]));
    } finally {
      fixture.outbox.start();
    }
  });

  it('retries a batch whole when one of its events fails: the others are applied once', async () => {
    const phone = '+14085550230';
    const events = [0, 1, 2].map(() => buildEvent('phone.verified', { userId: randomUUID(), phone }, randomUUID(), new Date()));
    failuresLeft.set(events[1]!.id, 1);
    await fixture.bus.publishEvents(events.map((event) => ({ event, headers: {} })));
    await eventually(async () => expect(await appliedFor(phone)).toBe(3));
    // The batch came twice; the events that had succeeded found their ids recorded and changed nothing.
    await eventually(async () => expect(events.map((event) => settledCount(event.id))).toEqual([2, 2, 2]));
    expect(events.map((event) => handledCount(event.id))).toEqual([2, 2, 2]);
    expect(await appliedFor(phone)).toBe(3);
  });

  it('dead-letters a batch holding an event that breaks its contract, without handling any of it', async () => {
    const before = handled.length;
    const good = phoneVerified();
    const broken = { ...phoneVerified(), data: { userId: 'not-a-uuid' } };
    channel.publish(
      fixture.exchange,
      'phone.verified',
      Buffer.from(
        JSON.stringify({
          events: [
            { event: good, headers: {} },
            { event: broken, headers: {} },
          ],
        }),
      ),
      {
        contentType: EVENT_BATCH_CONTENT_TYPE,
      },
    );
    const dead = await eventually(async () => {
      const bodies = await dlqMessages();
      expect(bodies).toHaveLength(1);
      return bodies;
    });
    expect(dead[0]).toContain(good.id);
    expect(handled.length).toBe(before);
    expect(handledCount(good.id)).toBe(0);
  });

  it('hands every event of a batch to a broadcast subscriber', async () => {
    const seen: string[] = [];
    const listener = new EventBus({ url: AMQP_URL, exchange: fixture.exchange, logger: fixture.logger, connectionName: 'test-event-bus-broadcast' });
    await listener.subscribeBroadcast({ eventTypes: ['user.deleted'], handle: (event) => void seen.push(event.id) });
    listener.start();
    await listener.waitUntilConnected();
    try {
      const events = [0, 1, 2].map(() => buildEvent('user.deleted', { id: randomUUID(), version: 1 }, randomUUID(), new Date()));
      await fixture.bus.publishEvents(events.map((event) => ({ event, headers: {} })));
      await eventually(async () => expect(seen).toEqual(events.map((event) => event.id)));
    } finally {
      await listener.close();
    }
  });
});
