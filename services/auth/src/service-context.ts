import type { Authenticator, Knex, Logger, Outbox, RateLimit } from '@vnmarket/shared';
import type { AuthConfig } from './config';
import type { PasswordHasher } from './passwords';
import type { SessionManager } from './session-manager';

/** What route handlers are given: every dependency passed in, none reached for. */
export interface AuthContext {
  config: AuthConfig;
  logger: Logger;
  db: Knex;
  outbox: Outbox;
  passwords: PasswordHasher;
  sessions: SessionManager;
  authenticator: Authenticator;
  limits: {
    loginFailuresPerClient: RateLimit;
    loginFailuresPerIdentifier: RateLimit;
    loginAttemptsPerIp: RateLimit;
    registrationsPerIp: RateLimit;
    /** Sign-ups refused as duplicates, per address: bounds probing for registered numbers. */
    duplicateRegistrationsPerIp: RateLimit;
  };
}
