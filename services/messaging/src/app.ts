import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp, finishApp, Outbox, RateLimit, serviceAppOptions, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import type { MessagingConfig } from './config';
import { MessageWriter } from './db/message-writer';
import { messagingSubscription, pushSubscription } from './events/consumers';
import { LivePush } from './realtime/live-push';
import { SocketHub } from './realtime/socket-hub';
import { blocksRoutes } from './routes/blocks';
import { conversationsRoutes } from './routes/conversations';
import { messagesRoutes } from './routes/messages';
import { replyTimesRoutes } from './routes/reply-times';
import { ownHostsOf } from './safety/scam-guard';
import type { MessagingContext } from './service-context';

/** How often the outbox relay publishes message.created (the durable copy of each live push). */
const RELAY_INTERVAL_MS = 250;

export interface MessagingService extends ServiceParts {
  app: Express;
  outbox: Outbox;
  hub: SocketHub;
  livePush: LivePush;
  attach(server: Server): void;
  beforeDrain(): Promise<void>;
}

export function createMessagingService(deps: ServiceDeps<MessagingConfig>): MessagingService {
  const { config, logger, infrastructure } = deps;
  const { db, redis, bus } = infrastructure;
  // The live push does not wait for the relay, so the relay need not chase every commit: one pass per
  // interval publishes everything stored meanwhile in a few statements.
  const outbox = new Outbox({ db, bus, logger, clock: deps.clock, pollIntervalMs: RELAY_INTERVAL_MS, batches: config.EVENT_BATCHES });
  const hub = new SocketHub({
    authenticator: infrastructure.authenticator,
    sessions: infrastructure.sessions,
    logger,
    publicOrigins: config.PUBLIC_ORIGINS,
    maxPayloadBytes: config.WS_MAX_PAYLOAD_BYTES,
    maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
    heartbeatMs: config.WS_HEARTBEAT_MS,
  });
  const livePush = new LivePush({
    hub,
    publisher: redis,
    // Subscribes again itself on every reconnection ('ready'), also when the first attempt failed.
    subscriber: redis.duplicate({ autoResubscribe: false }),
    // Pub/sub channels are not key-prefixed by the client: the prefix keeps deployments (and tests) apart.
    channel: `${config.REDIS_KEY_PREFIX}messaging:push`,
    logger,
  });
  const ctx: MessagingContext = {
    config,
    logger,
    db,
    outbox,
    messageWriter: new MessageWriter({ db }),
    livePush,
    authenticator: infrastructure.authenticator,
    sendLimit: new RateLimit(redis, { name: 'messages-user', points: config.MESSAGES_PER_MINUTE, durationSeconds: 60 }),
    firstMessageLimit: new RateLimit(redis, { name: 'first-messages-member', points: config.FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR, durationSeconds: 3600 }),
    clock: deps.clock ?? (() => new Date()),
    ownHosts: ownHostsOf(config.PUBLIC_ORIGINS),
  };

  const app = createApp(serviceAppOptions(config, logger, infrastructure));
  app.use(conversationsRoutes(ctx));
  app.use(messagesRoutes(ctx));
  app.use(blocksRoutes(ctx));
  app.use(replyTimesRoutes(ctx));
  finishApp(app, logger);

  return {
    app,
    outbox,
    hub,
    livePush,
    attach: (server) => hub.attach(server),
    async start() {
      await bus.subscribe(messagingSubscription({ db, exchange: config.EVENTS_EXCHANGE }));
      await bus.subscribeBroadcast(pushSubscription(hub, livePush));
      await livePush.start();
      bus.start();
      outbox.start();
    },
    beforeDrain: () => hub.close(),
    async stop() {
      livePush.stop();
      await outbox.stop();
    },
  };
}
