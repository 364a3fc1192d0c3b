import type { Express } from 'express';
import { RateLimit, serviceApp, serviceBaseWithOutbox, type Outbox, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import type { AuthConfig } from './config';
import { authSubscription } from './events/consumers';
import { PasswordHasher } from './passwords';
import { reviewsRoutes } from './routes/reviews';
import { sessionsRoutes } from './routes/sessions';
import { usersRoutes } from './routes/users';
import type { AuthContext } from './service-context';
import { SessionManager } from './session-manager';

export interface AuthService extends ServiceParts {
  app: Express;
  outbox: Outbox;
  sessions: SessionManager;
}

export function createAuthService(deps: ServiceDeps<AuthConfig>): AuthService {
  const { config, logger, infrastructure, db, redis, bus, clock, outbox } = serviceBaseWithOutbox(deps);
  const sessions = new SessionManager({ db, registry: infrastructure.sessions, outbox, config, clock, logger });
  const window = config.LOGIN_WINDOW_SECONDS;
  const ctx: AuthContext = {
    config,
    logger,
    db,
    outbox,
    passwords: new PasswordHasher({ memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST }),
    sessions,
    authenticator: infrastructure.authenticator,
    limits: {
      loginFailuresPerClient: new RateLimit(redis, { name: 'login-identifier-client', points: config.LOGIN_MAX_FAILURES_PER_CLIENT, durationSeconds: window }),
      loginFailuresPerIdentifier: new RateLimit(redis, { name: 'login-identifier', points: config.LOGIN_MAX_FAILURES_PER_IDENTIFIER, durationSeconds: window }),
      loginAttemptsPerIp: new RateLimit(redis, { name: 'login-ip', points: config.LOGIN_MAX_ATTEMPTS_PER_IP, durationSeconds: window }),
      registrationsPerIp: new RateLimit(redis, { name: 'register-ip', points: config.REGISTER_MAX_PER_IP_PER_HOUR, durationSeconds: 3600 }),
      // As many refusals as new accounts, so probing for taken numbers is bounded as tightly as before.
      duplicateRegistrationsPerIp: new RateLimit(redis, { name: 'register-duplicate-ip', points: config.REGISTER_MAX_PER_IP_PER_HOUR, durationSeconds: 3600 }),
    },
  };

  const app = serviceApp(config, logger, infrastructure, [usersRoutes(ctx), sessionsRoutes(ctx), reviewsRoutes(ctx)]);

  const resync = () => {
    sessions.syncRegistry().catch((error: Error) => logger.warn({ err: error.message }, 'session registry sync failed'));
  };
  let pruneTimer: NodeJS.Timeout | undefined;

  return {
    app,
    outbox,
    sessions,
    async start() {
      await bus.subscribe(authSubscription({ db, outbox, sessions, exchange: config.EVENTS_EXCHANGE }));
      bus.start();
      outbox.start();
      redis.on('ready', resync);
      if (redis.status === 'ready') resync();
      pruneTimer = setInterval(resync, 3_600_000);
      pruneTimer.unref();
    },
    async stop() {
      clearInterval(pruneTimer);
      redis.off('ready', resync);
      await outbox.stop();
    },
  };
}
