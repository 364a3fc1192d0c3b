import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema, booleanString, wholeNumber } from '@vnmarket/shared';

export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.auth),
    /** PEM of the ES256 private key: auth alone mints session tokens (or JWT_PRIVATE_KEY_FILE). */
    JWT_PRIVATE_KEY: z
      .string({ error: 'is required (PEM text, or a path in JWT_PRIVATE_KEY_FILE)' })
      .includes('PRIVATE KEY', { error: 'must be a PEM private key' }),
    SESSION_TTL_SECONDS: wholeNumber(60, 7 * 24 * 3600),
    /** Secure cookies; on by default in production, where the site is served over HTTPS. */
    COOKIE_SECURE: booleanString.optional(),
    /** Failed sign-ins for one account from one client (address, IPv6 /64): the tight limit. */
    LOGIN_MAX_FAILURES_PER_CLIENT: wholeNumber(1, 10),
    /** Failed sign-ins for one account from anywhere: looser, so junk attempts from one client do not
     * lock the owner out, but guessing spread over many addresses still stops. */
    LOGIN_MAX_FAILURES_PER_IDENTIFIER: wholeNumber(1, 50),
    LOGIN_MAX_ATTEMPTS_PER_IP: wholeNumber(1, 100),
    LOGIN_WINDOW_SECONDS: wholeNumber(1, 15 * 60),
    /** New accounts per client address per hour; sign-ups refused as duplicates (409) have a separate
     * allowance of the same size, so retries do not use this one up and probing stays bounded. */
    REGISTER_MAX_PER_IP_PER_HOUR: wholeNumber(1, 20),
    /** argon2id cost; the default is OWASP's recommended minimum (19 MiB, 2 passes). */
    ARGON2_MEMORY_KIB: wholeNumber(1024, 19456),
    ARGON2_TIME_COST: wholeNumber(1, 2),
  })
  .transform((config) => ({ ...config, COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' }));

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const AUTH_SCHEMA = 'auth';
