import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { MessagingConfig } from './config';
import type { MessageWriter } from './db/message-writer';
import type { WebPushSender } from './notifications/web-push-sender';
import type { BellPush } from './realtime/bell-push';
import type { LivePush } from './realtime/live-push';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface MessagingContext {
  config: MessagingConfig;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  /** Stores sent messages with their outbox rows, concurrent sends in one statement. */
  messageWriter: MessageWriter;
  livePush: Pick<LivePush, 'publish'>;
  authenticator: Authenticator;
  sendLimit: RateLimit;
  /** Our own hosts (PUBLIC_ORIGINS): the scam guard does not count links to them as off the platform. */
  ownHosts: ReadonlySet<string>;
  /** Messages that open a conversation (FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR). */
  firstMessageLimit: RateLimit;
  clock: () => Date;
  /** The bell's live count on the member's open tabs. */
  bell: Pick<BellPush, 'publish'>;
  /** Undefined without VAPID keys: push is not offered. */
  webPush?: WebPushSender;
}
