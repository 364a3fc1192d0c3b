import { randomUUID } from 'node:crypto';
import amqp, { type ChannelModel, type Channel, type ConfirmChannel } from 'amqplib';
import type { DomainEvent, EventEnvelope, EventType } from '@vnmarket/proto';
import { brokerConnected, queueDepthSources, type QueueDepthSource } from '../metrics';
import { injectTraceContext } from '../tracing';
import { QueueConsumers, type ConsumerOptions, type Subscription } from './consumers';
import { encodeEventBatch, EVENT_BATCH_CONTENT_TYPE, eventsInMessage, type IncomingEvent, type OutgoingEvent } from './event-batch';
import { deadLetterQueueOf, declareBroadcastQueue, publishConfirmed, settle } from './topology';

export type { Subscription } from './consumers';
export { deadLetterQueueOf, retryQueueOf, serviceQueueName } from './topology';

/**
 * The bus's settings; the queue type, health probe, pauses and handler slots are the consumers'
 * (ConsumerOptions, consumers.ts).
 */
export interface EventBusOptions extends ConsumerOptions {
  url: string;
  /** Shown in the broker's connection list. */
  connectionName: string;
  reconnectInitialMs?: number;
  reconnectMaxMs?: number;
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

class BrokerUnavailableError extends Error {
  constructor() {
    super('message broker unavailable');
    this.name = 'BrokerUnavailableError';
  }
}

/**
 * RabbitMQ with the guarantees the services rely on: a durable topic exchange, persistent messages,
 * publisher confirms, manual acks, bounded retries then a dead-letter queue, and reconnection with
 * exponential backoff that restores every subscription when the broker comes back.
 */
export class EventBus implements QueueDepthSource {
  private connection?: ChannelModel;
  private publishChannel?: ConfirmChannel;
  private readonly subscriptions: Subscription[] = [];
  private readonly broadcasts: BroadcastSubscription[] = [];
  private readonly consumers: QueueConsumers;
  private closing = false;
  private attempt = 0;
  private reconnectTimer?: NodeJS.Timeout;
  private connecting?: Promise<void>;
  private readonly connectedWaiters = new Set<() => void>();
  /** A channel for queue checks on scrape only: checking a missing queue closes the channel it ran on. */
  private inspectChannel?: Promise<Channel>;
  /** This bus's own fan-out queue name, kept across reconnections. */
  private readonly broadcastQueue: string;

  constructor(private readonly options: EventBusOptions) {
    this.broadcastQueue = `${options.exchange}.broadcast.${options.connectionName}.${randomUUID()}`;
    this.consumers = new QueueConsumers(options, () => this.closing);
    brokerConnected.set({ connection: options.connectionName }, 0);
  }

  /** Queues whose consumer is paused because a dependency is down. */
  get pausedQueues(): string[] {
    return this.consumers.pausedQueues;
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
    if (this.connection) await this.consumers.setUp(this.connection, subscription);
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
    await publishConfirmed(channel, this.options.exchange, first.event.type, encodeEventBatch(events), {
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
    this.consumers.stopPauseTimers();
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
    return publishConfirmed(channel, this.options.exchange, event.type, Buffer.from(JSON.stringify(event)), {
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
      for (const subscription of this.subscriptions) await this.consumers.setUp(connection, subscription);
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
    this.consumers.forgetChannels();
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

  private async setUpBroadcast(connection: ChannelModel, subscription: BroadcastSubscription): Promise<void> {
    const channel = await connection.createChannel();
    channel.on('error', (error: Error) => this.options.logger.warn({ err: error.message }, 'broadcast channel error'));
    const name = this.broadcastQueueName(this.broadcasts.indexOf(subscription));
    const queue = await declareBroadcastQueue(channel, this.options.exchange, name, subscription.eventTypes);
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
  }
}
