import { z } from 'zod';
import { listingSchema } from './listings';
import { idSchema, queryInteger } from './primitives';

/**
 * What the gateway reads of the listings service to serve pages to robots: a listing's link preview, and
 * the ids of the listings a sitemap names. Public, as the listings are.
 */

/**
 * GET /api/listings/{id}/preview: what a link preview shows of a listing anyone may see, or only that it
 * exists but is not shown (deactivated by its owner): never its content then. 404 when there is no such
 * listing (deleted, or never there). Counts no view.
 */
export const listingPreviewSchema = z.discriminatedUnion('visible', [
  listingSchema
    .pick({
      id: true,
      title: true,
      /** The description's first LISTING_PREVIEW_DESCRIPTION characters. */
      description: true,
      category: true,
      price: true,
      priceType: true,
      condition: true,
      location: true,
      images: true,
      metadata: true,
      createdAt: true,
      updatedAt: true,
    })
    .extend({ visible: z.literal(true) }),
  z.object({ id: z.uuid(), visible: z.literal(false) }),
]);
export type ListingPreview = z.infer<typeof listingPreviewSchema>;

/** A preview carries this much of the description at most: more than any preview shows, far less than 10,000. */
export const LISTING_PREVIEW_DESCRIPTION = 1000;

/** The most ids one GET /api/listings/sitemap answer carries. */
export const SITEMAP_BATCH_MAX = 10_000;

const cursor = (label: string) => z.preprocess((value) => (value === '' ? undefined : value), idSchema(`${label} must be a listing id`).optional());

/**
 * GET /api/listings/sitemap: the listings anyone may see, by id (keyset: `after` the last id of the previous
 * answer, and before `before`, both left out), `limit` at a time.
 */
export const sitemapQuery = z.object({
  after: cursor('after'),
  before: cursor('before'),
  limit: queryInteger('limit', 1, SITEMAP_BATCH_MAX, SITEMAP_BATCH_MAX),
});
export type SitemapQuery = z.output<typeof sitemapQuery>;

export const sitemapBatchSchema = z.object({
  listings: z.array(z.object({ id: z.uuid(), updatedAt: z.string() })),
  /** The `after` of the next batch; null when this one ends the range. */
  next: z.uuid().nullable(),
});
export type SitemapBatch = z.infer<typeof sitemapBatchSchema>;

/** GET /api/listings/sitemap/count: how many listings anyone may see (a moment ago: it is kept for a while). */
export const sitemapCountSchema = z.object({ count: z.number().int().min(0) });
export type SitemapCount = z.infer<typeof sitemapCountSchema>;
