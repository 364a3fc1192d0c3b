/** make reset's work (scripts/reset.ts), apart so a test can run it on data of its own. */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import { deadLetterQueueOf, dropDatabase, retryQueueOf, serviceQueueName } from '@vnmarket/shared';

/** What make reset empties: the local marketplace's database, Redis keys, event queues and files. */
export interface LocalData {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  amqpUrl: string;
  /** Each service's event queue (serviceQueueName), with its retry and dead-letter queues. */
  exchange: string;
  services: readonly string[];
  /** The folder of make start's files (photos, keys, SMS outbox); `keep` entries stay (the pinned Node). */
  varDir: string;
  keep: readonly string[];
}

/**
 * Empties the local marketplace, all of it at once: the photos on disk and the rows naming them go
 * together, so the next make start migrates a new database and loads the demo data with its photos.
 * Returns one line per thing removed.
 */
export async function resetLocalData(data: LocalData): Promise<string[]> {
  const removed: string[] = [];
  if (await dropDatabase(data.databaseUrl)) removed.push(`database ${new URL(data.databaseUrl).pathname.slice(1)}`);

  const redis = new Redis(data.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let keys = 0;
    for await (const batch of redis.scanStream({ match: `${data.redisKeyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (batch.length > 0) keys += await redis.unlink(...batch);
    }
    if (keys > 0) removed.push(`${keys} Redis keys under ${data.redisKeyPrefix}`);
  } finally {
    redis.disconnect();
  }

  const broker = await amqp.connect(data.amqpUrl);
  let queues = 0;
  try {
    for (const service of data.services) {
      const queue = serviceQueueName(data.exchange, service);
      for (const name of [queue, retryQueueOf(queue), deadLetterQueueOf(queue)]) {
        // A missing queue closes the channel it is checked on: one channel per check.
        const channel = await broker.createChannel();
        channel.on('error', () => undefined);
        const exists = await channel.checkQueue(name).then(
          () => true,
          () => false,
        );
        if (exists) {
          await channel.deleteQueue(name);
          queues += 1;
          await channel.close();
        }
      }
    }
  } finally {
    await broker.close();
  }
  if (queues > 0) removed.push(`${queues} event queues of ${data.exchange}`);

  if (existsSync(data.varDir)) {
    for (const entry of readdirSync(data.varDir)) {
      if (data.keep.includes(entry)) continue;
      rmSync(path.join(data.varDir, entry), { recursive: true, force: true });
      removed.push(path.join(path.basename(data.varDir), entry));
    }
  }
  return removed;
}
