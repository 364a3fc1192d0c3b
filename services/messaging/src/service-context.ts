import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { MessagingConfig } from './config';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface MessagingContext {
  config: MessagingConfig;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  authenticator: Authenticator;
  sendLimit: RateLimit;
  clock: () => Date;
}
