import { DEFAULT_SERVICE_PORTS } from '@vnmarket/proto';
import { z } from 'zod';
import { baseConfigSchema } from '@vnmarket/shared';

export const listingsConfigSchema = baseConfigSchema.extend({
  PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_SERVICE_PORTS.listings),
  /** A viewer counts once per listing per this many hours. */
  VIEW_WINDOW_HOURS: z.coerce.number().int().min(1).default(24),
  /** Browse and search pages are served from memory for this long, and as long again while one query refreshes
   * them (0: off). Listing and seller events empty the cache on every replica at once; this bounds what an
   * event could miss (a seller's change reaches the read copy after its event) to twice the time. */
  BROWSE_CACHE_TTL_MS: z.coerce.number().int().min(0).max(60_000).default(500),
  /** Memory the cached pages may take per replica. */
  BROWSE_CACHE_MAX_MB: z.coerce.number().int().min(1).max(1024).default(32),
  /** A search or filter whose matches passed the count cap ("1000+") skips its count this long on the replica
   * that counted it (0: every count is made); see count-memory.ts. Listing events do not clear it. */
  COUNT_MEMORY_SECONDS: z.coerce.number().int().min(0).max(3600).default(300),
  /** How many such searches and filters a replica remembers (about 100 bytes each). */
  COUNT_MEMORY_MAX_ENTRIES: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  /** Listing writes close together empty the browse cache once: the first at once, the rest at most this long
   * after the previous emptying (0: every write empties it). Bounds how long a page can miss a write. */
  BROWSE_CACHE_COALESCE_MS: z.coerce.number().int().min(0).max(5_000).default(500),
  /** New listings per member per day (429 beyond). */
  LISTINGS_MAX_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).default(30),
  /** Reports per member per day (429 beyond). */
  REPORTS_MAX_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Distinct sellers' numbers a member may reveal per day ("Show number"; the same listing again is free). */
  PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY: z.coerce.number().int().min(1).default(20),
  /** Distinct members whose open reports hold a listing out of the catalogue until a moderator decides. */
  REPORTS_TO_HOLD_LISTING: z.coerce.number().int().min(1).max(100).default(3),
  /** How often each replica looks for listings to expire and owners to tell (0: never, for tests that run it by hand). */
  EXPIRY_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
});

export type ListingsConfig = z.infer<typeof listingsConfigSchema>;

export const LISTINGS_SCHEMA = 'listings';
