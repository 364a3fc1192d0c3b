import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { buildEvent } from '@vnmarket/proto';
import { createDb, createEventTables, createLogger, EventBus, idempotentHandler, type Knex } from '@vnmarket/shared';
import { eventsHandled, registered, startAuth, type RunningAuth, createTestDatabase, eventually, type TestDatabase } from '@vnmarket/testkit';

/**
 * Stops the shared RabbitMQ app for a few seconds, so this file runs alone (the "disruptive" project,
 * after the main suite). Always restarts it, even when an assertion fails.
 */
jest.setTimeout(180_000);

const rabbitmqctl = (...args: string[]) => execFileSync('rabbitmqctl', ['-q', ...args], { stdio: 'pipe', timeout: 120_000 });

let auth: RunningAuth;
let listenerDatabase: TestDatabase;
let listenerDb: Knex;
let listener: EventBus;
const listenerQueue = () => `${auth.config.EVENTS_EXCHANGE}.test`;

beforeAll(async () => {
  auth = await startAuth('broker-outage');
  // Another service's consumer: a durable queue on auth's exchange, applying user.registered idempotently.
  listenerDatabase = await createTestDatabase('outage-listener');
  listenerDb = createDb(listenerDatabase.url, 'public', 3);
  await createEventTables(listenerDb);
  await listenerDb.schema.createTable('registered_users', (table) => {
    table.uuid('id').primary();
    table.integer('times_applied').notNullable();
  });
  listener = new EventBus({
    url: auth.config.AMQP_URL,
    exchange: auth.config.EVENTS_EXCHANGE,
    logger: createLogger('listener', 'silent'),
    connectionName: 'outage-listener',
    reconnectInitialMs: 200,
    reconnectMaxMs: 2000,
  });
  await listener.subscribe({
    queue: listenerQueue(),
    eventTypes: ['user.registered'],
    handle: idempotentHandler(listenerDb, async (trx, event) => {
      if (event.type !== 'user.registered') return;
      await trx('registered_users')
        .insert({ id: event.data.id, times_applied: 1 })
        .onConflict('id')
        .merge({ times_applied: trx.raw('registered_users.times_applied + 1') });
    }),
  });
  listener.start();
  await listener.waitUntilConnected();
});

afterAll(async () => {
  try {
    rabbitmqctl('start_app');
  } catch {
    /* already running */
  }
  await listener.close();
  await listenerDb.destroy();
  await listenerDatabase.drop();
  await auth.stop();
});

it('an event published while RabbitMQ is stopped is delivered after it starts, exactly once in effect', async () => {
  rabbitmqctl('stop_app');
  await eventually(async () => expect(auth.infrastructure.bus.isConnected).toBe(false), 20_000);

  // The product keeps working: the user is registered and the event waits in the outbox.
  const { user, client } = await registered(auth);
  expect((await client.get('/api/auth/user')).status).toBe(200);
  expect(await auth.service.outbox.pendingCount()).toBe(1);
  // Readiness needs the database and Redis, not the broker: the pod stays in its Service.
  const readiness = await fetch(`${auth.url}/readyz`);
  expect(readiness.status).toBe(200);

  rabbitmqctl('start_app');
  await auth.infrastructure.bus.waitUntilConnected(60_000);
  await eventually(
    async () => {
      const row = await listenerDb('registered_users').where({ id: user.id }).first();
      expect(row?.times_applied).toBe(1);
    },
    60_000,
    200,
  );
  await eventually(async () => expect(await auth.service.outbox.pendingCount()).toBe(0));

  // Redelivery of the same event (as after a lost ack) changes nothing.
  const [outboxRow] = await auth.infrastructure.db('outbox_events').where({ type: 'user.registered' });
  const handledBefore = await eventsHandled(listenerQueue());
  await auth.infrastructure.bus.publish(outboxRow.envelope);
  // The listener has taken the redelivery (and acknowledged it) before its effect is checked.
  await eventually(async () => expect(await eventsHandled(listenerQueue())).toBeGreaterThanOrEqual(handledBefore + 1));
  expect((await listenerDb('registered_users').where({ id: user.id }).first()).times_applied).toBe(1);
});

it('consumers come back after the outage: auth applies phone.verified again', async () => {
  const { user, client } = await registered(auth);
  const event = buildEvent('phone.verified', { userId: user.id, phone: user.phone }, randomUUID(), new Date());
  await auth.infrastructure.bus.publish(event);
  await eventually(async () => expect((await client.get('/api/auth/user')).body.phoneVerified).toBe(true), 20_000);
});
