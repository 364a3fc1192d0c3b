/** Removes what a run leaves in Redis and RabbitMQ: its keys (sessions, rate limits), its events exchange and durable queues. */
import amqp from 'amqplib';
import Redis from 'ioredis';
import { serviceQueueName } from '@vnmarket/shared';
import { EXCHANGE, REDIS_PREFIX, settings } from './settings';

export async function cleanUpBrokerAndCache(): Promise<void> {
  const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  const connection = await amqp.connect(settings.amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const service of ['auth', 'messaging']) {
      const queue = serviceQueueName(EXCHANGE, service);
      for (const name of [queue, `${queue}.retry`, `${queue}.dlq`]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(EXCHANGE);
    await channel.close();
  } finally {
    await connection.close();
  }
}
