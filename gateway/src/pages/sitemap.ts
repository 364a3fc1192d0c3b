/**
 * The sitemap (sitemaps.org 0.9): `/sitemap.xml` is an index of `/sitemaps/pages.xml` (the home page and the
 * category pages) and `/sitemaps/listings-{n}.xml`, every listing anyone may see with its last change.
 *
 * The listings pages split the space of ids (random uuids) into equal ranges, as many as a power of two
 * that puts about SITEMAP_PAGE_TARGET listings in each: the index needs only the count, and each page is a
 * keyset walk of the primary key over its range (GET /api/listings/sitemap), whatever the catalogue's size.
 * A page names SITEMAP_MAX_URLS at most (the protocol's limit). Kept PAGE_CACHE_TTL_MS, so a new listing
 * is in it within about that.
 */
import { Router, type Request, type Response } from 'express';
import { CATEGORIES, SITEMAP_BATCH_MAX, WEB_ROUTES } from '@vnmarket/proto';
import { notFound, serviceUnavailable, type Logger } from '@vnmarket/shared';
import { encodedBody, type EncodedAnswer } from './router';
import type { PageSources } from './sources';
import { TtlCache } from './ttl-cache';

/** About this many listings a sitemap page (between half of it and all of it). */
export const SITEMAP_PAGE_TARGET = 10_000;
/** The most URLs one sitemap may name (sitemaps.org). */
const SITEMAP_MAX_URLS = 50_000;
const NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const UUID_SPACE = 1n << 128n;

/** How many listings pages the index names for `count` listings: 0, or a power of two. */
export function sitemapPageCount(count: number): number {
  if (count <= 0) return 0;
  let pages = 1;
  while (pages * SITEMAP_PAGE_TARGET < count) pages *= 2;
  return pages;
}

function uuidOf(value: bigint): string {
  const hex = value.toString(16).padStart(32, '0');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The ids of page `page` (from 1) of `pages`: after `after` and before `before` (no bound at either end of the space). */
export function sitemapPageRange(page: number, pages: number): { after?: string; before?: string } {
  const low = (UUID_SPACE * BigInt(page - 1)) / BigInt(pages);
  const high = (UUID_SPACE * BigInt(page)) / BigInt(pages);
  return { ...(page > 1 ? { after: uuidOf(low - 1n) } : {}), ...(page < pages ? { before: uuidOf(high) } : {}) };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const xml = (text: string) => text.replace(/[&<>"']/g, (character) => XML_ESCAPES[character]!);
const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

function urlSet(urls: { loc: string; lastmod?: string }[]): string {
  const entries = urls.map(({ loc, lastmod }) => `<url><loc>${xml(loc)}</loc>${lastmod ? `<lastmod>${xml(lastmod)}</lastmod>` : ''}</url>`);
  return `${HEAD}<urlset xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(locations: string[]): string {
  const entries = locations.map((loc) => `<sitemap><loc>${xml(loc)}</loc></sitemap>`);
  return `${HEAD}<sitemapindex xmlns="${NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
}

/** A W3C datetime to the second (`2026-11-28T09:30:00Z`). */
const lastmod = (iso: string) => iso.replace(/\.\d+Z$/, 'Z');

export interface SitemapOptions {
  origin: string;
  sources: PageSources;
  ttlMs: number;
  logger: Logger;
  now?: () => number;
}

export function sitemapRoutes({ origin, sources, ttlMs, logger, now }: SitemapOptions): Router {
  const router = Router();
  const answers = new TtlCache<Promise<EncodedAnswer>>({ ttlMs, maxEntries: 16, now });
  const counts = new TtlCache<Promise<number>>({ ttlMs, maxEntries: 1, now });
  const pageCount = () => counts.remember('count', async () => sitemapPageCount(await sources.sitemapCount()));
  const answer = (text: string): EncodedAnswer => ({ status: 200, body: Buffer.from(text, 'utf8'), encoded: {} });

  /** The listings of page `page` of `pages`, walked from the start of its range, SITEMAP_MAX_URLS at most. */
  const listingsOf = async (page: number, pages: number) => {
    const { after: start, before } = sitemapPageRange(page, pages);
    const listings: { id: string; updatedAt: string }[] = [];
    let after = start;
    while (listings.length < SITEMAP_MAX_URLS) {
      const batch = await sources.sitemapBatch({ after, before, limit: Math.min(SITEMAP_BATCH_MAX, SITEMAP_MAX_URLS - listings.length) });
      listings.push(...batch.listings);
      if (batch.next === null) break;
      after = batch.next;
    }
    return listings;
  };

  const send = async (req: Request, res: Response, key: string, make: () => Promise<EncodedAnswer | undefined>) => {
    let made: EncodedAnswer | undefined;
    try {
      made = await answers.remember(key, async () => {
        const value = await make();
        if (value === undefined) throw notFound();
        return value;
      });
    } catch (error) {
      if ((error as { status?: number }).status === 404) throw error;
      logger.warn({ err: (error as Error).message, key }, 'sitemap unavailable');
      throw serviceUnavailable('The sitemap is not available right now, please try again shortly', 30);
    }
    res.status(made.status);
    res.setHeader('Content-Type', 'application/xml; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Accept-Encoding');
    res.send(encodedBody(req, res, made, 'once'));
  };

  router.get('/sitemap.xml', (req, res) =>
    send(req, res, 'index', async () => {
      const pages = await pageCount();
      const listingPages = Array.from({ length: pages }, (_, index) => `${origin}/sitemaps/listings-${index + 1}.xml`);
      return answer(sitemapIndex([`${origin}/sitemaps/pages.xml`, ...listingPages]));
    }),
  );

  router.get('/sitemaps/pages.xml', (req, res) =>
    send(req, res, 'pages', async () =>
      answer(urlSet([{ loc: `${origin}${WEB_ROUTES.home}` }, ...CATEGORIES.map((category) => ({ loc: `${origin}/category/${category}` }))])),
    ),
  );

  router.get(/^\/sitemaps\/listings-([1-9]\d{0,5})\.xml$/, (req, res) => {
    const page = Number((req.params as Record<string, string>)[0]);
    return send(req, res, `listings-${page}`, async () => {
      const pages = await pageCount();
      if (page > pages) return undefined;
      const listings = await listingsOf(page, pages);
      // A range the catalogue emptied since the index was made still names a page: an empty urlset is not valid.
      if (listings.length === 0) return answer(urlSet([{ loc: `${origin}${WEB_ROUTES.home}` }]));
      return answer(urlSet(listings.map(({ id, updatedAt }) => ({ loc: `${origin}/listing/${id}`, lastmod: lastmod(updatedAt) }))));
    });
  });

  return router;
}
