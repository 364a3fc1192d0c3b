import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema, booleanString } from '@vnmarket/shared';

export const authConfigSchema = baseConfigSchema
  .extend({
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.auth),
    /** PEM of the ES256 private key: auth alone mints session tokens (or JWT_PRIVATE_KEY_FILE). */
    JWT_PRIVATE_KEY: z
      .string({ error: 'is required (PEM text, or a path in JWT_PRIVATE_KEY_FILE)' })
      .includes('PRIVATE KEY', { error: 'must be a PEM private key' }),
    SESSION_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .default(7 * 24 * 3600),
    /** Secure cookies; on by default in production, where the site is served over HTTPS. */
    COOKIE_SECURE: booleanString.optional(),
    /** Failed sign-ins for one account from one client (address, IPv6 /64): the tight limit. */
    LOGIN_MAX_FAILURES_PER_CLIENT: z.coerce.number().int().min(1).default(10),
    /** Failed sign-ins for one account from anywhere: looser, so junk attempts from one client do not
     * lock the owner out, but guessing spread over many addresses still stops. */
    LOGIN_MAX_FAILURES_PER_IDENTIFIER: z.coerce.number().int().min(1).default(50),
    LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
    LOGIN_WINDOW_SECONDS: z.coerce
      .number()
      .int()
      .min(1)
      .default(15 * 60),
    /** New accounts per client address per hour; sign-ups refused as duplicates (409) have a separate
     * allowance of the same size, so retries do not use this one up and probing stays bounded. */
    REGISTER_MAX_PER_IP_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** argon2id cost; the default is OWASP's recommended minimum (19 MiB, 2 passes). */
    ARGON2_MEMORY_KIB: z.coerce.number().int().min(1024).default(19456),
    ARGON2_TIME_COST: z.coerce.number().int().min(1).default(2),
  })
  .transform((config) => ({ ...config, COOKIE_SECURE: config.COOKIE_SECURE ?? config.NODE_ENV === 'production' }));

export type AuthConfig = z.infer<typeof authConfigSchema>;

export const AUTH_SCHEMA = 'auth';
