import type { Server } from 'node:http';
import type { Express } from 'express';
import { RateLimit, serviceApp, serviceBaseWithOutbox, type Outbox, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import type { MessagingConfig } from './config';
import { MessageWriter } from './db/message-writer';
import { messagingSubscription, pushSubscription } from './events/consumers';
import { NotificationPruneJob } from './notifications/notification-prune-job';
import { Notifier } from './notifications/notifier';
import { SmsDigestJob } from './notifications/sms-digest-job';
import { WebPushSender } from './notifications/web-push-sender';
import { BellPush } from './realtime/bell-push';
import { LivePush } from './realtime/live-push';
import { Presence } from './realtime/presence';
import { SocketHub } from './realtime/socket-hub';
import { blocksRoutes } from './routes/blocks';
import { conversationsRoutes } from './routes/conversations';
import { messagesRoutes } from './routes/messages';
import { notificationsRoutes } from './routes/notifications';
import { pushRoutes } from './routes/push';
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
  notifier: Notifier;
  smsDigest: SmsDigestJob;
  notificationPrune: NotificationPruneJob;
  attach(server: Server): void;
  beforeDrain(): Promise<void>;
}

export function createMessagingService(deps: ServiceDeps<MessagingConfig>): MessagingService {
  // The live push does not wait for the relay, so the relay need not chase every commit: one pass per
  // interval publishes everything stored meanwhile in a few statements.
  const { config, logger, infrastructure, db, redis, bus, clock, outbox } = serviceBaseWithOutbox(deps, { pollIntervalMs: RELAY_INTERVAL_MS });
  // A socket counts as an open tab for a little over two heartbeats without one.
  const presence = new Presence({ redis, logger, ttlMs: config.WS_HEARTBEAT_MS * 2 + 5_000 });
  const hub = new SocketHub({
    presence,
    authenticator: infrastructure.authenticator,
    sessions: infrastructure.sessions,
    logger,
    publicOrigins: config.PUBLIC_ORIGINS,
    maxPayloadBytes: config.WS_MAX_PAYLOAD_BYTES,
    maxSocketsPerUser: config.WS_MAX_SOCKETS_PER_USER,
    heartbeatMs: config.WS_HEARTBEAT_MS,
  });
  // A Redis channel every replica publishes to and listens on, with a subscriber of its own that subscribes again itself
  // on every reconnection ('ready'), also when the first attempt failed. Pub/sub channels are not key-prefixed by the
  // client: the prefix keeps deployments (and tests) apart.
  const replicaChannel = (name: string) => ({
    publisher: redis,
    subscriber: redis.duplicate({ autoResubscribe: false }),
    channel: `${config.REDIS_KEY_PREFIX}messaging:${name}`,
    logger,
  });
  const livePush = new LivePush({ hub, ...replicaChannel('push') });
  const bell = new BellPush({ hub, ...replicaChannel('bell') });
  const webPush =
    config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
      ? new WebPushSender({
          db,
          logger,
          vapid: { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject: config.VAPID_SUBJECT },
          ttlSeconds: config.PUSH_TTL_SECONDS,
          timeoutMs: config.PUSH_TIMEOUT_MS,
          maxSubscriptions: config.PUSH_MAX_SUBSCRIPTIONS_PER_MEMBER,
        })
      : undefined;
  const notifier = new Notifier({ db, logger, bell, presence, webPush });
  const smsDigest = new SmsDigestJob({
    db,
    outbox,
    logger,
    clock,
    intervalMs: config.SMS_DIGEST_CHECK_INTERVAL_MS,
    sendHour: config.SMS_DIGEST_HOUR,
    // The site's own address is PUBLIC_ORIGINS' first.
    siteUrl: `${config.PUBLIC_ORIGINS[0]}/`,
  });
  const notificationPrune = new NotificationPruneJob({ db, logger, clock, retentionDays: config.NOTIFICATION_RETENTION_DAYS });
  const ctx: MessagingContext = {
    bell,
    webPush,
    config,
    logger,
    db,
    outbox,
    messageWriter: new MessageWriter({ db }),
    livePush,
    authenticator: infrastructure.authenticator,
    sendLimit: new RateLimit(redis, { name: 'messages-user', points: config.MESSAGES_PER_MINUTE, durationSeconds: 60 }),
    firstMessageLimit: new RateLimit(redis, { name: 'first-messages-member', points: config.FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR, durationSeconds: 3600 }),
    clock,
    ownHosts: ownHostsOf(config.PUBLIC_ORIGINS),
  };

  const routes = [conversationsRoutes, messagesRoutes, blocksRoutes, replyTimesRoutes, notificationsRoutes, pushRoutes];
  const app = serviceApp(
    config,
    logger,
    infrastructure,
    routes.map((routesOf) => routesOf(ctx)),
  );

  return {
    app,
    outbox,
    hub,
    livePush,
    notifier,
    smsDigest,
    notificationPrune,
    attach: (server) => hub.attach(server),
    async start() {
      await bus.subscribe(messagingSubscription({ db, exchange: config.EVENTS_EXCHANGE, notifier }));
      await bus.subscribeBroadcast(pushSubscription(hub, livePush));
      await livePush.start();
      await bell.start();
      bus.start();
      outbox.start();
      smsDigest.start();
      notificationPrune.start();
    },
    beforeDrain: () => hub.close(),
    async stop() {
      livePush.stop();
      bell.stop();
      await smsDigest.stop();
      await notificationPrune.stop();
      await outbox.stop();
      await notifier.settled();
    },
  };
}
