import {
  addOutboxLease,
  addOutboxTraceContext,
  createDb,
  createEventTables,
  createLogger,
  EventBus,
  orderUnpublishedIndexForRelay,
  Outbox,
  type Knex,
} from '@vnmarket/shared';
import { AMQP_URL, createTestDatabase, deleteExchangeAndQueues, uniqueId, type TestDatabase } from '@vnmarket/testkit/core';

/** A database with the outbox tables, and a bus on an exchange of its own. */
export async function busFixture(label: string) {
  const database: TestDatabase = await createTestDatabase(label);
  const db: Knex = createDb(database.url, 'public', 5);
  await createEventTables(db);
  await addOutboxLease(db);
  await addOutboxTraceContext(db);
  await orderUnpublishedIndexForRelay(db);
  const exchange = `test.${uniqueId(label)}`;
  const logger = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');
  const bus = new EventBus({ url: AMQP_URL, exchange, logger, connectionName: `test-${label}`, reconnectInitialMs: 100, reconnectMaxMs: 1000 });
  const outbox = new Outbox({ db, bus, logger, pollIntervalMs: 100 });
  return {
    db,
    exchange,
    logger,
    bus,
    outbox,
    queue: `${exchange}.test`,
    async cleanup() {
      await outbox.stop();
      await bus.close();
      await db.destroy();
      await database.drop();
      await deleteExchangeAndQueues(exchange);
    },
  };
}
