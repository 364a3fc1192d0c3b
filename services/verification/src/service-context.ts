import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { VerificationCodes } from './codes';
import type { VerificationConfig } from './config';
import type { SmsSender } from './sms';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface VerificationContext {
  config: VerificationConfig;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  authenticator: Authenticator;
  codes: VerificationCodes;
  sms: SmsSender;
  clock: () => Date;
  /** Against SMS pumping: per user (interval and hourly), per phone number, per client address. */
  limits: {
    userInterval: RateLimit;
    userHourly: RateLimit;
    phoneHourly: RateLimit;
    ipHourly: RateLimit;
    /** All SMS of the deployment together. */
    smsHourly: RateLimit;
  };
}
