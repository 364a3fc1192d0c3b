import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema } from '@vnmarket/shared';

/**
 * Outside production a fixed secret keeps `make start` and the tests zero-config (codes then go to a
 * file anyway). Production must bring its own: a leaked database must not let anyone brute-force the
 * million possible codes offline.
 */
const DEVELOPMENT_CODE_SECRET = 'development-only-verification-code-secret-do-not-deploy';

const count = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

export const verificationConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.verification),
    /** HMAC-SHA256 key for stored codes (or VERIFICATION_CODE_SECRET_FILE); required in production. */
    VERIFICATION_CODE_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Throttling against SMS pumping: one code per interval per user, and hourly caps. */
    VERIFICATION_SEND_INTERVAL_SECONDS: count(60),
    VERIFICATION_MAX_PER_USER_PER_HOUR: count(5),
    VERIFICATION_MAX_PER_PHONE_PER_HOUR: count(5),
    VERIFICATION_MAX_PER_IP_PER_HOUR: count(20),
    /** Every SMS this deployment sends in an hour, all users together: a ceiling on SMS-pumping cost. */
    SMS_MAX_PER_HOUR: count(500),
    /** Country calling codes SMS may go to (this marketplace's people: the US and Vietnam). */
    SMS_ALLOWED_COUNTRY_CODES: z
      .string()
      .default('1,84')
      .transform((value) =>
        value
          .split(',')
          .map((code) => code.trim().replace(/^\+/, ''))
          .filter(Boolean),
      )
      .pipe(z.array(z.string().regex(/^\d{1,3}$/, 'must be country calling codes like 1,84')).min(1)),
    /** file: one JSON line per SMS in SMS_OUTBOX (development); twilio: real SMS. */
    SMS_PROVIDER: z.enum(['file', 'twilio']).default('file'),
    /** Relative to the process's working directory; the folder is created. */
    SMS_OUTBOX: z.string().min(1).default('var/sms-outbox.jsonl'),
    TWILIO_ACCOUNT_SID: z.string().startsWith('AC', 'must start with AC').optional(),
    TWILIO_AUTH_TOKEN: z.string().optional(),
    TWILIO_FROM_NUMBER: z
      .string()
      .regex(/^\+[1-9]\d{6,14}$/, 'must be an E.164 number such as +14085550123')
      .optional(),
    TWILIO_MESSAGING_SERVICE_SID: z.string().startsWith('MG', 'must start with MG').optional(),
    /** Where the Twilio REST API lives; only for tests and emulators (default https://api.twilio.com). */
    TWILIO_API_BASE_URL: z.url().optional(),
  })
  .superRefine(
    (config, ctx) => {
      const missing = (name: string, message: string) => ctx.addIssue({ code: 'custom', path: [name], message });
      if (config.NODE_ENV === 'production' && !config.VERIFICATION_CODE_SECRET) {
        missing(
          'VERIFICATION_CODE_SECRET',
          'is required in production (a random string of at least 32 characters, or a path in VERIFICATION_CODE_SECRET_FILE)',
        );
      }
      if (config.SMS_PROVIDER === 'twilio') {
        if (!config.TWILIO_ACCOUNT_SID) missing('TWILIO_ACCOUNT_SID', 'is required when SMS_PROVIDER=twilio');
        if (!config.TWILIO_AUTH_TOKEN) missing('TWILIO_AUTH_TOKEN', 'is required when SMS_PROVIDER=twilio');
        if (!config.TWILIO_FROM_NUMBER && !config.TWILIO_MESSAGING_SERVICE_SID) {
          missing('TWILIO_FROM_NUMBER', 'TWILIO_FROM_NUMBER or TWILIO_MESSAGING_SERVICE_SID is required when SMS_PROVIDER=twilio');
        }
      }
      // Runs even when other variables are bad, so one start lists every problem (it only compares strings).
    },
    { when: () => true },
  )
  .transform((config) => ({ ...config, VERIFICATION_CODE_SECRET: config.VERIFICATION_CODE_SECRET ?? DEVELOPMENT_CODE_SECRET }));

export type VerificationConfig = z.infer<typeof verificationConfigSchema>;

export const VERIFICATION_SCHEMA = 'verification';
