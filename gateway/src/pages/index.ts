/**
 * The pages the gateway serves itself, beside the API it proxies: the web app's pages with their link
 * previews and honest statuses, and the sitemap. See router.ts and sitemap.ts.
 */
import type { RequestHandler, Router } from 'express';
import type { ServiceName } from '@vnmarket/proto';
import type { Logger } from '@vnmarket/shared';
import type { GatewayConfig } from '../config';
import { WebDocuments } from './documents';
import { robotsTxt } from './robots';
import { pageHandler } from './router';
import { sitemapRoutes } from './sitemap';
import { PageSources } from './sources';

/** A page waits this long at most for a service's data, then goes out with the site's own tags. */
const PAGE_DATA_TIMEOUT_MS = 3000;

export interface SitePages {
  /** GET of a page path: the app's document with the page's head, or next() for what is no page (a file's name, not HTML). */
  page: RequestHandler;
  /** What crawlers ask for besides pages: the sitemap, and robots.txt pointing at it. */
  forRobots: Router;
}

export function sitePages(
  config: Pick<GatewayConfig, 'WEB_DIST' | 'PUBLIC_ORIGINS' | 'PAGE_CACHE_TTL_MS' | 'UPSTREAM_TIMEOUT_MS'>,
  options: { logger: Logger; upstream(service: ServiceName): string; now?: () => number },
): SitePages {
  const origin = new URL(config.PUBLIC_ORIGINS[0]!).origin;
  const ttlMs = config.PAGE_CACHE_TTL_MS;
  const sources = new PageSources({
    upstream: options.upstream,
    ttlMs,
    timeoutMs: Math.min(PAGE_DATA_TIMEOUT_MS, config.UPSTREAM_TIMEOUT_MS),
    now: options.now,
  });
  const forRobots = sitemapRoutes({ origin, sources, ttlMs, logger: options.logger, now: options.now });
  forRobots.get('/robots.txt', robotsTxt(config.WEB_DIST, origin));
  return {
    page: pageHandler({ documents: new WebDocuments(config.WEB_DIST), sources, origin, ttlMs, logger: options.logger, now: options.now }),
    forRobots,
  };
}
