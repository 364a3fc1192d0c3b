import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema } from '@vnmarket/shared';

export const listingsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.listings),
  /** A viewer counts once per listing per this many hours. */
  VIEW_WINDOW_HOURS: z.coerce.number().int().min(1).default(24),
});

export type ListingsConfig = z.infer<typeof listingsConfigSchema>;

export const LISTINGS_SCHEMA = 'listings';
