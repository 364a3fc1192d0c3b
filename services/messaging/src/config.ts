import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema } from '@vnmarket/shared';

export const messagingConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.messaging),
  /** A larger WebSocket frame closes the socket with 1009. */
  WS_MAX_PAYLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Sockets (tabs) one user may hold on one replica; the oldest is closed beyond it. */
  WS_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(10),
  WS_HEARTBEAT_MS: z.coerce.number().int().min(100).default(30_000),
  MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Messages that open a new conversation, per member per hour (429 beyond): replies are not counted. */
  FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: z.coerce.number().int().min(1).default(20),
});

export type MessagingConfig = z.infer<typeof messagingConfigSchema>;

export const MESSAGING_SCHEMA = 'messaging';
