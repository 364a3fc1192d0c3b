import type { Channel, ChannelModel, ConfirmChannel, Options } from 'amqplib';
import type { Logger } from '../logger';

/** The broker's layout: what the queues are called, what they are declared with, and the channel calls every part uses. */

/** A service's durable queue is named after the exchange, so each deployment (and test) has its own. */
export const serviceQueueName = (exchange: string, service: string) => `${exchange}.${service}`;
export const deadLetterQueueOf = (queue: string) => `${queue}.dlq`;
export const retryQueueOf = (queue: string) => `${queue}.retry`;

const BROADCAST_QUEUE_EXPIRY_MS = 10 * 60_000;
/** Events older than this are of no use to a socket push (the client refetches on reconnect anyway). */
const BROADCAST_MESSAGE_TTL_MS = 5 * 60_000;

/**
 * Topology per queue Q: Q bound to its event types and dead-lettering to Q.dlq; Q.retry holds failed
 * deliveries for retryDelayMs and then dead-letters them back into Q.
 */
export async function declareServiceQueues(
  connection: ChannelModel,
  channel: Channel,
  options: { exchange: string; queue: string; eventTypes: readonly string[]; retryDelayMs: number; queueType?: 'quorum' | 'classic'; logger: Logger },
): Promise<void> {
  const { exchange, queue } = options;
  await channel.assertExchange(exchange, 'topic', { durable: true });
  await assertDurableQueue(connection, channel, deadLetterQueueOf(queue), {}, options);
  await assertDurableQueue(
    connection,
    channel,
    retryQueueOf(queue),
    { 'x-message-ttl': options.retryDelayMs, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
    options,
  );
  await assertDurableQueue(connection, channel, queue, { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadLetterQueueOf(queue) }, options);
  for (const type of options.eventTypes) await channel.bindQueue(queue, exchange, type);
}

/**
 * A replica's own fan-out queue: it survives the replica's disconnections and a broker restart, and
 * expires once unused for BROADCAST_QUEUE_EXPIRY_MS (its replica is gone). Resolves with its name.
 */
export async function declareBroadcastQueue(channel: Channel, exchange: string, name: string, eventTypes: readonly string[]): Promise<string> {
  await channel.assertExchange(exchange, 'topic', { durable: true });
  const { queue } = await channel.assertQueue(name, {
    durable: true,
    arguments: { 'x-expires': BROADCAST_QUEUE_EXPIRY_MS, 'x-message-ttl': BROADCAST_MESSAGE_TTL_MS },
  });
  for (const type of eventTypes) await channel.bindQueue(queue, exchange, type);
  return queue;
}

/**
 * Declares a durable queue of the configured type. The quorum declaration runs on a channel of its own:
 * if the queue exists as classic (an older release declared it), the broker refuses it with
 * PRECONDITION_FAILED and closes that channel; the queue is then kept as it is.
 */
async function assertDurableQueue(
  connection: ChannelModel,
  channel: Channel,
  queue: string,
  args: Record<string, unknown>,
  options: { queueType?: 'quorum' | 'classic'; logger: Logger },
): Promise<void> {
  if (options.queueType === 'quorum') {
    const probe = await connection.createChannel();
    probe.on('error', () => undefined);
    try {
      await probe.assertQueue(queue, { durable: true, arguments: { ...args, 'x-queue-type': 'quorum' } });
      await probe.close();
      return;
    } catch (error) {
      if (!isPreconditionFailed(error)) throw error;
      options.logger.warn(
        { queue },
        'event queue exists as a classic queue and stays one; docs/architecture.md (Queue types) tells how to move it to a quorum queue',
      );
    }
  }
  await channel.assertQueue(queue, { durable: true, arguments: args });
}

/** The broker refused a declaration that differs from the queue as it exists (AMQP 406). */
function isPreconditionFailed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 406;
}

/** Publishes on a confirm channel and resolves once the broker has confirmed the message. */
export function publishConfirmed(channel: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, options: Options.Publish) {
  return new Promise<void>((resolve, reject) => {
    try {
      channel.publish(exchange, routingKey, content, options, (error) => (error ? reject(error) : resolve()));
    } catch (error) {
      reject(error);
    }
  });
}

/** Acking on a channel that died is harmless: the broker redelivers and consumers are idempotent. */
export function settle(action: () => void): void {
  try {
    action();
  } catch {
    /* channel closed */
  }
}
