import type { Express } from 'express';
import { PeriodicTask, RateLimit, serviceApp, serviceBaseWithOutbox, type Outbox, type ServiceDeps, type ServiceParts } from '@vnmarket/shared';
import { VerificationCodes } from './codes';
import type { VerificationConfig } from './config';
import { pruneCodes } from './db/codes';
import { verificationSubscription } from './events/consumers';
import { phoneRoutes } from './routes/phone';
import type { VerificationContext } from './service-context';
import { createSmsSender, type SmsSender } from './sms';

/** Codes (hashed) are kept this long for support questions, then pruned. */
const CODE_RETENTION_MS = 7 * 24 * 3_600_000;

export interface VerificationService extends ServiceParts {
  app: Express;
  outbox: Outbox;
  sms: SmsSender;
}

export function createVerificationService(deps: ServiceDeps<VerificationConfig>): VerificationService {
  const { config, logger, infrastructure, db, redis, bus, clock, outbox } = serviceBaseWithOutbox(deps);
  const sms = createSmsSender(config, clock);
  if (config.NODE_ENV === 'production' && sms.name === 'file') logger.warn('SMS_PROVIDER=file in production: codes are written to a file, not sent');
  const hourly = (name: string, points: number) => new RateLimit(redis, { name, points, durationSeconds: 3600 });
  const ctx: VerificationContext = {
    config,
    logger,
    db,
    outbox,
    authenticator: infrastructure.authenticator,
    codes: new VerificationCodes(config.VERIFICATION_CODE_SECRET),
    sms,
    clock,
    limits: {
      userInterval: new RateLimit(redis, { name: 'verification-user-interval', points: 1, durationSeconds: config.VERIFICATION_SEND_INTERVAL_SECONDS }),
      userHourly: hourly('verification-user', config.VERIFICATION_MAX_PER_USER_PER_HOUR),
      phoneHourly: hourly('verification-phone', config.VERIFICATION_MAX_PER_PHONE_PER_HOUR),
      ipHourly: hourly('verification-ip', config.VERIFICATION_MAX_PER_IP_PER_HOUR),
      smsHourly: hourly('verification-sms-total', config.SMS_MAX_PER_HOUR),
    },
  };

  const app = serviceApp(config, logger, infrastructure, [phoneRoutes(ctx)]);

  // Hourly, and once at start; stop() waits for a pass under way, so it never outlives the pool.
  const codePrune = new PeriodicTask({
    name: 'verification code prune',
    intervalMs: 3_600_000,
    logger,
    run: () => pruneCodes(db, new Date(clock().getTime() - CODE_RETENTION_MS)),
  });

  return {
    app,
    outbox,
    sms,
    async start() {
      await bus.subscribe(verificationSubscription({ db, exchange: config.EVENTS_EXCHANGE, clock, sms, logger }));
      bus.start();
      outbox.start();
      codePrune.start();
    },
    async stop() {
      await codePrune.stop();
      await outbox.stop();
    },
  };
}
