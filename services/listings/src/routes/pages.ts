import { Router } from 'express';
import { sitemapQuery, type ListingPreview, type SitemapBatch, type SitemapCount } from '@vnmarket/proto';
import { notFound, parseInput, pathId } from '@vnmarket/shared';
import { countVisibleListings, findListingPreview, sitemapBatch } from '../db/pages';
import type { ListingsContext } from '../service-context';

/** How long a replica gives the same count (the number of sitemap pages follows it): a moment, against a flood of counts. */
const COUNT_KEPT_MS = 10_000;

/**
 * What the gateway reads to serve pages to robots (link previews, the sitemap): public, counted as no view,
 * and cheap whatever the catalogue's size. Mounted before the catalogue's routes: `/api/listings/sitemap`
 * is not a listing id.
 */
export function pageRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const now = () => Date.now();
  let count: { value: Promise<number>; expires: number } | undefined;

  router.get('/api/listings/sitemap', async (req, res) => {
    const answer: SitemapBatch = await sitemapBatch(ctx.db, parseInput(sitemapQuery, req.query));
    res.json(answer);
  });

  router.get('/api/listings/sitemap/count', async (_req, res) => {
    if (count === undefined || count.expires <= now()) {
      const value = countVisibleListings(ctx.db);
      count = { value, expires: now() + COUNT_KEPT_MS };
      // A failed count is not kept: the next request counts again.
      value.catch(() => {
        if (count?.value === value) count = undefined;
      });
    }
    const answer: SitemapCount = { count: await count.value };
    res.json(answer);
  });

  router.get('/api/listings/:id/preview', async (req, res) => {
    const preview: ListingPreview | undefined = await findListingPreview(ctx.db, pathId(req.params.id, 'Listing not found'));
    if (!preview) throw notFound('Listing not found');
    res.json(preview);
  });

  return router;
}
