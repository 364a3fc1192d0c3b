import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel, type Channel, type ConfirmChannel, type ConsumeMessage, type Options } from 'amqplib';
import type { DomainEvent, EventEnvelope, EventType } from '@vnmarket/proto';
import { ConcurrencyGate } from '../concurrency';
import { runWithContext, sanitizeRequestId } from '../context';
import type { Logger } from '../logger';
import { brokerConnected, consumerPaused, eventAge, eventOutcomes, queueDepthSources, type QueueDepthSource } from '../metrics';
import { handleInMessageTrace, injectTraceContext } from '../tracing';
import { encodeEventBatch, EVENT_BATCH_CONTENT_TYPE, eventsInMessage, type IncomingEvent, type OutgoingEvent } from './event-batch';
import { isInfrastructureError } from './failures';

export interface EventBusOptions {
  url: string;
  exchange: string;
  logger: Logger;
  /** Shown in the broker's connection list. */
  connectionName: string;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
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

/**
 * Every replica gets every matching event (fan-out), e.g. to push to the WebSockets it holds. Each
 * replica (each EventBus) has a queue of its own that survives its disconnections and a broker restart,
 * so a message stored while it was cut off is still pushed when it reconnects; a queue whose replica is
 * gone expires after BROADCAST_QUEUE_EXPIRY_MS unused.
 */
export interface BroadcastSubscription {
  eventTypes: EventType[];
  handle(event: DomainEvent): Promise<void> | void;
}

export class BrokerUnavailableError extends Error {
  constructor() {
    super('message broker unavailable');
    this.name = 'BrokerUnavailableError';
  }
}

const RETRY_HEADER = 'x-retry-count';
const BROADCAST_QUEUE_EXPIRY_MS = 10 * 60_000;
/** Events older than this are of no use to a socket push (the client refetches on reconnect anyway). */
const BROADCAST_MESSAGE_TTL_MS = 5 * 60_000;

export const deadLetterQueueOf = (queue: string) => `${queue}.dlq`;
export const retryQueueOf = (queue: string) => `${queue}.retry`;

/**
 * RabbitMQ with the guarantees the services rely on: a durable topic exchange, persistent messages,
 * publisher confirms, manual acks, bounded retries then a dead-letter queue, and reconnection with
 * exponential backoff that restores every subscription when the broker comes back.
 */
export class EventBus implements QueueDepthSource {
  private connection?: ChannelModel;
  private publishChannel?: ConfirmChannel;
  private consumeChannels: Channel[] = [];
  private readonly subscriptions: Subscription[] = [];
  private readonly broadcasts: BroadcastSubscription[] = [];
  /** Handlers waiting here hold no connection; the queue is bounded by the channels' prefetch (times a batch's events). */
  private readonly handlerSlots: ConcurrencyGate;
  private closing = false;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private connecting?: Promise<void>;
  private readonly connectedWaiters = new Set<() => void>();
  /** Per queue: the live consumer, and the pause state while a dependency is down. */
  private readonly consumers = new Map<string, { channel: ConfirmChannel; consumerTag: string; subscription: Subscription }>();
  private readonly pauses = new Map<string, { attempt: number; timer?: NodeJS.Timeout }>();
  /** A channel for queue checks on scrape only: checking a missing queue closes the channel it ran on. */
  private inspectChannel?: Promise<Channel>;
  /** This bus's own fan-out queue name, kept across reconnections. */
  private readonly broadcastQueue: string;

  constructor(private readonly options: EventBusOptions) {
    this.broadcastQueue = `${options.exchange}.broadcast.${options.connectionName}.${randomUUID()}`;
    this.handlerSlots = new ConcurrencyGate(options.maxConcurrentHandlers ?? 4, Number.POSITIVE_INFINITY, 'event handlers busy');
    brokerConnected.set({ connection: options.connectionName }, 0);
  }

  /** Queues whose consumer is paused because a dependency is down. */
  get pausedQueues(): string[] {
    return [...this.pauses.keys()];
  }

  get isConnected(): boolean {
    return this.publishChannel !== undefined;
  }

  /** Connects in the background; a broker that is down at start is retried, not fatal. */
  start(): void {
    this.closing = false;
    void this.connectOrRetry();
  }

  waitUntilConnected(timeoutMs = 10_000): Promise<void> {
    if (this.isConnected) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.connectedWaiters.delete(done);
        reject(new Error(`broker not reachable within ${timeoutMs} ms`));
      }, timeoutMs);
      this.connectedWaiters.add(done);
    });
  }

  /** Registers a consumer; it starts now if connected and is restored after every reconnect. */
  async subscribe(subscription: Subscription): Promise<void> {
    this.subscriptions.push(subscription);
    if (this.connection) await this.setUpConsumer(this.connection, subscription);
  }

  async subscribeBroadcast(subscription: BroadcastSubscription): Promise<void> {
    this.broadcasts.push(subscription);
    if (this.connection) await this.setUpBroadcast(this.connection, subscription);
  }

  async publish(event: EventEnvelope, extraHeaders: Record<string, unknown> = {}): Promise<void> {
    // traceparent/tracestate of the active span (the relay's publish span), when tracing is on.
    const headers: Record<string, unknown> = { ...extraHeaders };
    injectTraceContext(headers);
    await this.publishAlone(event, headers);
  }

  /**
   * Events of one type, in order, as one broker message (a batch; see event-batch.ts) confirmed as a
   * whole; one event goes out alone. Each keeps the headers it was given (its request id and trace
   * context, made by the caller), so both survive the batch.
   */
  async publishEvents(events: OutgoingEvent[]): Promise<void> {
    const [first] = events;
    if (!first) return;
    if (events.length === 1) return this.publishAlone(first.event, first.headers);
    if (events.some(({ event }) => event.type !== first.event.type)) throw new Error('a batch holds events of one type (its routing key)');
    const channel = this.publishChannel;
    if (!channel) throw new BrokerUnavailableError();
    await this.publishConfirmed(channel, this.options.exchange, first.event.type, encodeEventBatch(events), {
      persistent: true,
      messageId: randomUUID(),
      type: first.event.type,
      contentType: EVENT_BATCH_CONTENT_TYPE,
      timestamp: Math.floor(Date.parse(first.event.occurredAt) / 1000),
      headers: { 'x-event-count': events.length },
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    clearTimeout(this.reconnectTimer);
    queueDepthSources.delete(this);
    for (const pause of this.pauses.values()) clearTimeout(pause.timer);
    await this.connecting?.catch(() => undefined);
    const connection = this.connection;
    // A replica that stops on purpose takes its fan-out queues with it (one that crashed lets them expire).
    if (connection && this.broadcasts.length > 0) {
      const channel = await connection.createChannel().catch(() => undefined);
      channel?.on('error', () => undefined);
      for (let index = 0; index < this.broadcasts.length; index += 1) await channel?.deleteQueue(this.broadcastQueueName(index)).catch(() => undefined);
    }
    this.resetChannels();
    await connection?.close().catch(() => undefined);
  }

  private publishAlone(event: EventEnvelope, headers: Record<string, unknown>): Promise<void> {
    const channel = this.publishChannel;
    if (!channel) return Promise.reject(new BrokerUnavailableError());
    return this.publishConfirmed(channel, this.options.exchange, event.type, Buffer.from(JSON.stringify(event)), {
      persistent: true,
      messageId: event.id,
      type: event.type,
      contentType: 'application/json',
      timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
      headers,
    });
  }

  private broadcastQueueName(index: number): string {
    return `${this.broadcastQueue}.${index}`;
  }

  private publishConfirmed(channel: ConfirmChannel, exchange: string, routingKey: string, content: Buffer, options: Options.Publish) {
    return new Promise<void>((resolve, reject) => {
      try {
        channel.publish(exchange, routingKey, content, options, (error) => (error ? reject(error) : resolve()));
      } catch (error) {
        reject(error);
      }
    });
  }

  private connectOrRetry(): Promise<void> {
    this.connecting = this.connect().catch((error: Error) => {
      this.options.logger.warn({ err: error.message, attempt: this.attempt }, 'broker connection failed');
      this.scheduleReconnect();
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    if (this.closing) return;
    const connection = await amqp.connect(this.options.url, {
      clientProperties: { connection_name: this.options.connectionName },
    });
    try {
      connection.on('error', (error: Error) => this.options.logger.warn({ err: error.message }, 'broker connection error'));
      connection.on('close', () => this.onConnectionLost(connection));
      const publishChannel = await connection.createConfirmChannel();
      publishChannel.on('error', (error: Error) => this.options.logger.warn({ err: error.message }, 'broker channel error'));
      await publishChannel.assertExchange(this.options.exchange, 'topic', { durable: true });
      this.connection = connection;
      for (const subscription of this.subscriptions) await this.setUpConsumer(connection, subscription);
      for (const broadcast of this.broadcasts) await this.setUpBroadcast(connection, broadcast);
      this.publishChannel = publishChannel;
    } catch (error) {
      this.resetChannels();
      await connection.close().catch(() => undefined);
      throw error;
    }
    // close() was called meanwhile: it is waiting for this attempt (this.connecting) and then closes what it
    // made. Calling close() from here would wait for this attempt too: for itself, for ever.
    if (this.closing) return;
    this.attempt = 0;
    brokerConnected.set({ connection: this.options.connectionName }, 1);
    this.options.logger.info({ exchange: this.options.exchange }, 'broker connected');
    queueDepthSources.add(this);
    for (const waiter of this.connectedWaiters) waiter();
    this.connectedWaiters.clear();
  }

  private onConnectionLost(connection: ChannelModel): void {
    if (connection !== this.connection) return;
    this.resetChannels();
    brokerConnected.set({ connection: this.options.connectionName }, 0);
    if (this.closing) return;
    this.options.logger.warn('broker connection lost; reconnecting (events wait in the outbox)');
    this.scheduleReconnect();
  }

  private resetChannels(): void {
    this.connection = undefined;
    this.publishChannel = undefined;
    this.consumeChannels = [];
    this.consumers.clear();
    this.inspectChannel = undefined;
  }

  /**
   * For the event_bus_consumer_lag_messages and event_bus_dead_letter_messages gauges, on scrape: the
   * messages ready in each of this process's durable queues and their dead-letter queues. Undefined
   * while disconnected (the gauges keep their last values; event_bus_connected says why).
   */
  async queueDepths(): Promise<{ lag: Map<string, number>; deadLetters: Map<string, number> } | undefined> {
    const connection = this.connection;
    if (!connection || this.subscriptions.length === 0) return undefined;
    this.inspectChannel ??= connection.createChannel().then((channel) => {
      channel.on('error', () => undefined);
      channel.on('close', () => {
        if (this.connection === connection) this.inspectChannel = undefined;
      });
      return channel;
    });
    const pending = this.inspectChannel;
    try {
      const channel = await pending;
      const lag = new Map<string, number>();
      const deadLetters = new Map<string, number>();
      for (const { queue } of this.subscriptions) {
        lag.set(queue, (await channel.checkQueue(queue)).messageCount);
        deadLetters.set(deadLetterQueueOf(queue), (await channel.checkQueue(deadLetterQueueOf(queue))).messageCount);
      }
      return { lag, deadLetters };
    } catch (error) {
      if (this.inspectChannel === pending) this.inspectChannel = undefined;
      throw error;
    }
  }

  private scheduleReconnect(): void {
    if (this.closing) return;
    const initial = this.options.reconnectInitialMs ?? 500;
    const max = this.options.reconnectMaxMs ?? 15_000;
    const delay = Math.min(max, initial * 2 ** this.attempt) * (0.5 + Math.random() / 2);
    this.attempt += 1;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = setTimeout(() => void this.connectOrRetry(), delay);
  }

  /**
   * Topology per queue Q: Q bound to its event types and dead-lettering to Q.dlq; Q.retry holds failed
   * deliveries for retryDelayMs and then dead-letters them back into Q.
   */
  private async setUpConsumer(connection: ChannelModel, subscription: Subscription): Promise<void> {
    const { queue } = subscription;
    const channel = await connection.createConfirmChannel();
    channel.on('error', (error: Error) => this.options.logger.warn({ err: error.message, queue }, 'consumer channel error'));
    await channel.assertExchange(this.options.exchange, 'topic', { durable: true });
    await this.assertDurableQueue(connection, channel, deadLetterQueueOf(queue), {});
    await this.assertDurableQueue(connection, channel, retryQueueOf(queue), {
      'x-message-ttl': subscription.retryDelayMs ?? 2000,
      'x-dead-letter-exchange': '',
      'x-dead-letter-routing-key': queue,
    });
    await this.assertDurableQueue(connection, channel, queue, { 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': deadLetterQueueOf(queue) });
    for (const type of subscription.eventTypes) await channel.bindQueue(queue, this.options.exchange, type);
    await channel.prefetch(subscription.prefetch ?? 20);
    this.consumeChannels.push(channel);
    // A consumer paused before a reconnect stays paused; its resume timer starts it on this channel.
    this.consumers.set(queue, { channel, consumerTag: '', subscription });
    if (!this.pauses.has(queue)) await this.startConsuming(queue);
  }

  /**
   * Declares a durable queue of the configured type. The quorum declaration runs on a channel of its own:
   * if the queue exists as classic (an older release declared it), the broker refuses it with
   * PRECONDITION_FAILED and closes that channel; the queue is then kept as it is.
   */
  private async assertDurableQueue(connection: ChannelModel, channel: Channel, queue: string, args: Record<string, unknown>): Promise<void> {
    if (this.options.queueType === 'quorum') {
      const probe = await connection.createChannel();
      probe.on('error', () => undefined);
      try {
        await probe.assertQueue(queue, { durable: true, arguments: { ...args, 'x-queue-type': 'quorum' } });
        await probe.close();
        return;
      } catch (error) {
        if (!isPreconditionFailed(error)) throw error;
        this.options.logger.warn(
          { queue },
          'event queue exists as a classic queue and stays one; docs/architecture.md (Queue types) tells how to move it to a quorum queue',
        );
      }
    }
    await channel.assertQueue(queue, { durable: true, arguments: args });
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
    if (this.pauses.has(queue) || this.closing) return;
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
        if (this.closing) return;
        try {
          await this.options.healthProbe?.();
        } catch {
          return probe();
        }
        this.pauses.delete(queue);
        consumerPaused.set({ queue }, 0);
        this.options.logger.info({ queue, probes: pause.attempt }, 'event consumer resumed');
        // Not connected now: setUpConsumer starts it on the next connection.
        await this.startConsuming(queue).catch(() => undefined);
      };
      // It handles its own failures (probing again, or waiting for the next connection).
      pause.timer = setTimeout(() => void resumeWhenHealthy(), delay);
    };
    probe();
  }

  private async setUpBroadcast(connection: ChannelModel, subscription: BroadcastSubscription): Promise<void> {
    const channel = await connection.createChannel();
    channel.on('error', (error: Error) => this.options.logger.warn({ err: error.message }, 'broadcast channel error'));
    await channel.assertExchange(this.options.exchange, 'topic', { durable: true });
    const { queue } = await channel.assertQueue(this.broadcastQueueName(this.broadcasts.indexOf(subscription)), {
      durable: true,
      arguments: { 'x-expires': BROADCAST_QUEUE_EXPIRY_MS, 'x-message-ttl': BROADCAST_MESSAGE_TTL_MS },
    });
    for (const type of subscription.eventTypes) await channel.bindQueue(queue, this.options.exchange, type);
    await channel.prefetch(200);
    // Acked once handled: a message in flight when the connection drops is delivered again, not lost.
    await channel.consume(queue, (message) => {
      if (!message) return;
      let events: IncomingEvent[];
      try {
        events = eventsInMessage(message);
      } catch (error) {
        this.options.logger.warn({ err: (error as Error).message }, 'invalid broadcast message dropped');
        settle(() => channel.ack(message));
        return;
      }
      const handled = events.map(({ event }) =>
        Promise.resolve()
          .then(() => subscription.handle(event))
          .catch((error: Error) => this.options.logger.warn({ err: error.message, type: event.type }, 'broadcast handler failed')),
      );
      void Promise.all(handled).finally(() => settle(() => channel.ack(message)));
    });
    this.consumeChannels.push(channel);
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
      await this.publishConfirmed(channel, '', retryQueueOf(queue), message.content, {
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

/** Acking on a channel that died is harmless: the broker redelivers and consumers are idempotent. */
function settle(action: () => void): void {
  try {
    action();
  } catch {
    /* channel closed */
  }
}

/** The broker refused a declaration that differs from the queue as it exists (AMQP 406). */
function isPreconditionFailed(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 406;
}

/** A service's durable queue is named after the exchange, so each deployment (and test) has its own. */
export const serviceQueueName = (exchange: string, service: string) => `${exchange}.${service}`;
