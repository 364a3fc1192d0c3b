import type { Server } from 'node:http';
import type { Express } from 'express';
import { createApp, finishApp, Outbox, RateLimit, serviceAppOptions, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import type { MessagingConfig } from './config';
import { messagingSubscription, pushSubscription } from './events/consumers';
import { SocketHub } from './realtime/socket-hub';
import { conversationsRoutes } from './routes/conversations';
import { messagesRoutes } from './routes/messages';
import type { MessagingContext } from './service-context';

export interface MessagingService extends ServiceParts {
  app: Express;
  outbox: Outbox;
  hub: SocketHub;
  attach(server: Server): void;
  beforeDrain(): Promise<void>;
}

export function createMessagingService(deps: ServiceDeps<MessagingConfig>): MessagingService {
  const { config, logger, infrastructure } = deps;
  const { db, redis, bus } = infrastructure;
  // Pushes follow commits closely: relay as soon as a message is stored, poll rarely.
  const outbox = new Outbox({ db, bus, logger, clock: deps.clock, pollIntervalMs: 500 });
  const hub = new SocketHub({
    authenticator: infrastructure.authenticator,
    sessions: infrastructure.sessions,
    logger,
    publicOrigins: config.PUBLIC_ORIGINS,
    maxPayloadBytes: config.WS_MAX_PAYLOAD_BYTES,
    maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
    heartbeatMs: config.WS_HEARTBEAT_MS,
  });
  const ctx: MessagingContext = {
    config,
    logger,
    db,
    outbox,
    authenticator: infrastructure.authenticator,
    sendLimit: new RateLimit(redis, { name: 'messages-user', points: config.MESSAGES_PER_MINUTE, durationSeconds: 60 }),
    clock: deps.clock ?? (() => new Date()),
  };

  const app = createApp(serviceAppOptions(config, logger, infrastructure));
  app.use(conversationsRoutes(ctx));
  app.use(messagesRoutes(ctx));
  finishApp(app, logger);

  return {
    app,
    outbox,
    hub,
    attach: (server) => hub.attach(server),
    async start() {
      await bus.subscribe(messagingSubscription({ db, exchange: config.EVENTS_EXCHANGE }));
      await bus.subscribeBroadcast(pushSubscription(hub));
      bus.start();
      outbox.start();
    },
    beforeDrain: () => hub.close(),
    stop: () => outbox.stop(),
  };
}
