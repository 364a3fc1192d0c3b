import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema, booleanString, wholeNumber } from '@vnmarket/shared';

export const messagingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.messaging),
  /** A larger WebSocket frame closes the socket with 1009. */
  WS_MAX_PAYLOAD_BYTES: wholeNumber(1024, 64 * 1024),
  /** Sockets (tabs) one user may hold on one replica; the oldest is closed beyond it. */
  WS_MAX_SOCKETS_PER_USER: wholeNumber(1, 10),
  WS_HEARTBEAT_MS: wholeNumber(100, 30_000),
  MESSAGES_PER_MINUTE: wholeNumber(1, 60),
  /** Messages that open a new conversation, per member per hour (429 beyond): replies are not counted. */
  FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: wholeNumber(1, 20),
  /** Web push's VAPID key pair (base64url, as web-push generates it; or VAPID_*_KEY_FILE). Without both, no push is sent. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a P-256 public key in base64url (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (npx web-push generate-vapid-keys)')
    .optional(),
  /** Where the push services can reach us about our pushes. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must be a mailto: or https: address')
    .default('mailto:admin@chovietbayarea.com'),
  /** Hosts (and their subdomains) a push subscription's https endpoint may name: the browsers' push services. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .default('fcm.googleapis.com,updates.push.services.mozilla.com,push.services.mozilla.com,notify.windows.com,push.apple.com')
    .transform((value) =>
      value
        .split(',')
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  /** Development and tests: endpoints on the loopback address, over plain http too (a local push endpoint). */
  PUSH_ALLOW_LOOPBACK: booleanString.default(false),
  /** How long a push service keeps a push for a browser that is offline. */
  PUSH_TTL_SECONDS: z.coerce.number().int().min(0).max(2_419_200).default(86_400),
  PUSH_TIMEOUT_MS: wholeNumber(100, 10_000),
  /** Browsers a member keeps subscribed: the newest; subscribing one more drops the one subscribed longest ago. */
  PUSH_MAX_SUBSCRIPTIONS_PER_MEMBER: wholeNumber(1, 10),
  /** How long a notification is kept in the bell; older ones are deleted by an hourly pass. */
  NOTIFICATION_RETENTION_DAYS: wholeNumber(1, 180),
  /** The hour (America/Los_Angeles, 8-20) from which the daily SMS digest goes out; none after 21:00, so never at night. */
  SMS_DIGEST_HOUR: z.coerce.number().int().min(8, 'must be 8 or later: no SMS at night').max(20, 'must be 20 or earlier: no SMS at night').default(18),
  /** How often each replica checks whether the day's digest is due (one holds the lease and sends); 0 turns the digest off. */
  SMS_DIGEST_CHECK_INTERVAL_MS: wholeNumber(0, 300_000),
});

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export const MESSAGING_SCHEMA = 'messaging';
