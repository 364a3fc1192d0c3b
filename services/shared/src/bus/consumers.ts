import type { ChannelModel, ConfirmChannel, ConsumeMessage } from 'amqplib';
import type { DomainEvent, EventType } from '@vnmarket/proto';
import { ConcurrencyGate } from '../concurrency';
import { runWithContext, sanitizeRequestId } from '../context';
import type { Logger } from '../logger';
import { consumerPaused, eventAge, eventOutcomes } from '../metrics';
import { handleInMessageTrace } from '../tracing';
import { eventsInMessage, type IncomingEvent } from './event-batch';
import { isInfrastructureError } from './failures';
import { declareServiceQueues, publishConfirmed, retryQueueOf, settle } from './topology';

export interface Subscription {
  /** Durable queue owned by one service, e.g. "auth.events"; replicas share it (competing consumers). */
  queue: string;
  eventTypes: EventType[];
  handle(event: DomainEvent): Promise<void>;
  /**
   * A handler that fails for another reason than infrastructure (a bug, a state it cannot handle) is
   * retried this many times through a delay queue, then dead-lettered. Infrastructure failures (the
   * database unreachable, a timeout) are retried without limit instead, with consuming paused.
   */
  maxRetries?: number;
  retryDelayMs?: number;
  prefetch?: number;
}

/** What consuming the services' durable queues needs of the bus's options. */
export interface ConsumerOptions {
  exchange: string;
  logger: Logger;
  /**
   * The type of each service's durable queues (the queue, its retry and dead-letter queues): quorum
   * (replicated; what RabbitMQ 4 recommends for durable queues) or classic. A queue that already exists as
   * classic stays classic, with a warning: a queue's type cannot change in place (docs/architecture.md).
   */
  queueType?: 'quorum' | 'classic';
  /**
   * Answers when the handlers' dependencies (the database) are back. A consumer whose handler failed on
   * infrastructure pauses and resumes only once this succeeds, with backoff and no limit.
   */
  healthProbe?: () => Promise<unknown>;
  pauseInitialMs?: number;
  pauseMaxMs?: number;
  /**
   * Queue handlers running at once, over all of this process's subscriptions (default 4). Each holds a
   * database connection: kept under the pool's size, a backlog (after a broker restart) cannot take every
   * connection from the requests the service is answering.
   */
  maxConcurrentHandlers?: number;
}

const RETRY_HEADER = 'x-retry-count';

/**
 * The consumers of a bus's durable queues: each delivery handled within the handler slots, then acked,
 * retried through the delay queue or dead-lettered; a consumer paused while a dependency is down.
 */
export class QueueConsumers {
  /** Handlers waiting here hold no connection; the queue is bounded by the channels' prefetch (times a batch's events). */
  private readonly handlerSlots: ConcurrencyGate;
  /** Per queue: the live consumer, and the pause state while a dependency is down. */
  private readonly consumers = new Map<string, { channel: ConfirmChannel; consumerTag: string; subscription: Subscription }>();
  private readonly pauses = new Map<string, { attempt: number; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly options: ConsumerOptions,
    private readonly closing: () => boolean,
  ) {
    this.handlerSlots = new ConcurrencyGate(options.maxConcurrentHandlers ?? 4, Number.POSITIVE_INFINITY, 'event handlers busy');
  }

  /** Queues whose consumer is paused because a dependency is down. */
  get pausedQueues(): string[] {
    return [...this.pauses.keys()];
  }

  /** Declares the subscription's queues on a channel of its own and consumes them (unless paused). */
  async setUp(connection: ChannelModel, subscription: Subscription): Promise<void> {
    const { queue } = subscription;
    const channel = await connection.createConfirmChannel();
    channel.on('error', (error: Error) => this.options.logger.warn({ err: error.message, queue }, 'consumer channel error'));
    await declareServiceQueues(connection, channel, {
      ...this.options,
      queue,
      eventTypes: subscription.eventTypes,
      retryDelayMs: subscription.retryDelayMs ?? 2000,
    });
    await channel.prefetch(subscription.prefetch ?? 20);
    // A consumer paused before a reconnect stays paused; its resume timer starts it on this channel.
    this.consumers.set(queue, { channel, consumerTag: '', subscription });
    if (!this.pauses.has(queue)) await this.startConsuming(queue);
  }

  /** The connection is gone: its consumers with it (paused ones stay paused). */
  forgetChannels(): void {
    this.consumers.clear();
  }

  stopPauseTimers(): void {
    for (const pause of this.pauses.values()) clearTimeout(pause.timer);
  }

  private async startConsuming(queue: string): Promise<void> {
    const consumer = this.consumers.get(queue);
    if (!consumer) return;
    const { channel, subscription } = consumer;
    const { consumerTag } = await channel.consume(queue, (message) => {
      if (message) void this.deliver(channel, subscription, message);
    });
    consumer.consumerTag = consumerTag;
  }

  /**
   * Stops taking deliveries from a queue whose handler hit an infrastructure failure (its unacked
   * messages are requeued by the caller), then probes the dependency with backoff and jitter, without
   * limit, and consumes again once it answers.
   */
  private pause(queue: string): void {
    if (this.pauses.has(queue) || this.closing()) return;
    const pause: { attempt: number; timer?: NodeJS.Timeout } = { attempt: 0 };
    this.pauses.set(queue, pause);
    consumerPaused.set({ queue }, 1);
    this.options.logger.warn({ queue }, 'event consumer paused: a dependency is down; events wait in the queue');
    const consumer = this.consumers.get(queue);
    if (consumer?.consumerTag) void consumer.channel.cancel(consumer.consumerTag).catch(() => undefined);
    const probe = () => {
      const initial = this.options.pauseInitialMs ?? 500;
      const max = this.options.pauseMaxMs ?? 30_000;
      const delay = Math.min(max, initial * 2 ** pause.attempt) * (0.5 + Math.random() / 2);
      pause.attempt += 1;
      const resumeWhenHealthy = async () => {
        if (this.closing()) return;
        try {
          await this.options.healthProbe?.();
        } catch {
          return probe();
        }
        this.pauses.delete(queue);
        consumerPaused.set({ queue }, 0);
        this.options.logger.info({ queue, probes: pause.attempt }, 'event consumer resumed');
        // Not connected now: setUp starts it on the next connection.
        await this.startConsuming(queue).catch(() => undefined);
      };
      // It handles its own failures (probing again, or waiting for the next connection).
      pause.timer = setTimeout(() => void resumeWhenHealthy(), delay);
    };
    probe();
  }

  /**
   * A message's events (one, or a batch's) are handled at once within the handler slots, and the message
   * is acked when all succeeded. A failure sends the whole message to retry (or the DLQ): the events that
   * succeeded are applied again and change nothing, consumers being idempotent.
   */
  private async deliver(channel: ConfirmChannel, subscription: Subscription, message: ConsumeMessage): Promise<void> {
    const logger = this.options.logger;
    const headers = message.properties.headers ?? {};
    let events: IncomingEvent[];
    try {
      events = eventsInMessage(message);
    } catch (error) {
      // A message that breaks the contract will never succeed: straight to the dead-letter queue.
      logger.error({ err: (error as Error).message, queue: subscription.queue }, 'poison message dead-lettered');
      settle(() => channel.nack(message, false, false));
      return;
    }
    if (this.pauses.has(subscription.queue)) {
      // Delivered before the pause took effect: back to the queue, untouched.
      settle(() => channel.nack(message, false, true));
      return;
    }
    const outcomes = await Promise.allSettled(events.map((incoming) => this.handleEvent(subscription, incoming)));
    const failures = outcomes.flatMap((outcome, index) =>
      outcome.status === 'rejected' ? [{ error: outcome.reason as Error, event: events[index]!.event }] : [],
    );
    const { queue } = subscription;
    if (failures.length === 0) {
      settle(() => channel.ack(message));
      eventOutcomes.inc({ queue, outcome: 'ok' }, events.length);
      return;
    }
    const infrastructure = failures.find((failure) => isInfrastructureError(failure.error));
    if (infrastructure) {
      // Not the event's fault: it must not use up retries or reach the DLQ. Requeue and wait it out.
      const { error, event } = infrastructure;
      logger.warn({ err: error.message, eventId: event.id, type: event.type }, 'event handler hit an infrastructure failure; pausing');
      settle(() => channel.nack(message, false, true));
      eventOutcomes.inc({ queue, outcome: 'paused' }, events.length);
      this.pause(queue);
      return;
    }
    const { error, event } = failures[0]!;
    const retries = Number(headers[RETRY_HEADER] ?? 0);
    const maxRetries = subscription.maxRetries ?? 5;
    if (retries >= maxRetries) {
      logger.error({ err: error.message, eventId: event.id, type: event.type, retries }, 'event dead-lettered');
      settle(() => channel.nack(message, false, false));
      eventOutcomes.inc({ queue, outcome: 'dead_lettered' }, events.length);
      return;
    }
    logger.warn({ err: error.message, eventId: event.id, type: event.type, retries }, 'event handler failed; will retry');
    try {
      await publishConfirmed(channel, '', retryQueueOf(queue), message.content, {
        ...message.properties,
        headers: { ...headers, [RETRY_HEADER]: retries + 1 },
      });
      settle(() => channel.ack(message));
      eventOutcomes.inc({ queue, outcome: 'retry' }, events.length);
    } catch {
      settle(() => channel.nack(message, false, true));
    }
  }

  /** One event, in a handler slot, with its request id and in its publisher's trace. */
  private handleEvent(subscription: Subscription, { event, headers, batched }: IncomingEvent): Promise<void> {
    const { queue } = subscription;
    const requestId = sanitizeRequestId(headers['x-request-id']) ?? event.id;
    return this.handlerSlots.run(() =>
      runWithContext({ requestId }, () =>
        handleInMessageTrace(
          `${queue} process`,
          headers,
          { 'messaging.system': 'rabbitmq', 'messaging.destination.name': queue, 'messaging.message.id': event.id, 'event.type': event.type },
          () => {
            eventAge.observe({ queue, type: event.type }, Math.max(0, (Date.now() - Date.parse(event.occurredAt)) / 1000));
            return subscription.handle(event);
          },
          batched,
        ),
      ),
    );
  }
}
