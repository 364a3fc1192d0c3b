import amqp from 'amqplib';
import { deadLetterQueueOf } from './topology';

const DROPPED_HEADERS = [
  'x-retry-count',
  'x-death',
  'x-first-death-exchange',
  'x-first-death-queue',
  'x-first-death-reason',
  'x-last-death-exchange',
  'x-last-death-queue',
  'x-last-death-reason',
];

export interface DeadLetterReport {
  queue: string;
  deadLetterQueue: string;
  waiting: number;
}

/** How many messages wait in each queue's dead-letter queue. */
export async function countDeadLetters(url: string, queues: string[]): Promise<DeadLetterReport[]> {
  const connection = await amqp.connect(url);
  try {
    const reports: DeadLetterReport[] = [];
    for (const queue of queues) {
      const channel = await connection.createChannel();
      channel.on('error', () => undefined);
      const deadLetterQueue = deadLetterQueueOf(queue);
      const waiting = await channel
        .checkQueue(deadLetterQueue)
        .then((info) => info.messageCount)
        .catch(() => 0);
      await channel.close().catch(() => undefined);
      reports.push({ queue, deadLetterQueue, waiting });
    }
    return reports;
  } finally {
    await connection.close();
  }
}

/**
 * Moves up to `limit` messages from `<queue>.dlq` back to `<queue>`, oldest first, with a fresh retry
 * budget. Each is published with a broker confirm before it is acked off the DLQ, so a crash midway
 * duplicates at worst (consumers are idempotent), never loses. Run it after fixing what failed.
 */
export async function replayDeadLetters(url: string, queue: string, limit = Number.POSITIVE_INFINITY): Promise<number> {
  const connection = await amqp.connect(url);
  try {
    const channel = await connection.createConfirmChannel();
    const deadLetterQueue = deadLetterQueueOf(queue);
    await channel.checkQueue(deadLetterQueue);
    await channel.checkQueue(queue);
    let moved = 0;
    while (moved < limit) {
      const message = await channel.get(deadLetterQueue, { noAck: false });
      if (!message) break;
      const headers = { ...(message.properties.headers ?? {}) };
      for (const name of DROPPED_HEADERS) delete headers[name];
      await new Promise<void>((resolve, reject) => {
        channel.sendToQueue(queue, message.content, { ...message.properties, headers, persistent: true }, (error) => (error ? reject(error) : resolve()));
      });
      channel.ack(message);
      moved += 1;
    }
    await channel.close();
    return moved;
  } finally {
    await connection.close();
  }
}
