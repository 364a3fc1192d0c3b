/**
 * What pages need of the services, asked over HTTP as a visitor would (no cookie), from the replicas the
 * gateway proxies to, and kept a short while in this replica's memory: link previews are asked for in
 * bursts (a link pasted into a group chat brings every member's app's robot at once).
 */
import {
  listingPreviewSchema,
  normalizeId,
  publicUserSchema,
  sitemapBatchSchema,
  sitemapCountSchema,
  type ListingPreview,
  type PublicUser,
  type ServiceName,
  type SitemapBatch,
} from '@vnmarket/proto';
import type { z } from 'zod';
import { TtlCache } from './ttl-cache';

/** What a page is about: there and shown, there but not shown (a deactivated listing), or not there. */
export type Found<T> = { state: 'found'; value: T } | { state: 'hidden' } | { state: 'missing' };

export interface PageSourcesOptions {
  /** A replica's base URL for the service (round robin over those in service). */
  upstream(service: ServiceName): string;
  ttlMs: number;
  /** How long a page waits for a service before it goes out with the site's own tags. */
  timeoutMs: number;
  now?: () => number;
}

export type VisibleListing = Extract<ListingPreview, { visible: true }>;

/** Previews kept at most, of each kind: a few KB each. */
const MAX_PREVIEWS = 1000;

export class PageSources {
  private readonly listings: TtlCache<Promise<Found<VisibleListing>>>;
  private readonly members: TtlCache<Promise<Found<PublicUser>>>;

  constructor(private readonly options: PageSourcesOptions) {
    this.listings = new TtlCache({ ttlMs: options.ttlMs, maxEntries: MAX_PREVIEWS, now: options.now });
    this.members = new TtlCache({ ttlMs: options.ttlMs, maxEntries: MAX_PREVIEWS, now: options.now });
  }

  /** A listing's preview: found when anyone may see it, hidden when it is not shown, missing when there is none. */
  listing(id: string, requestId?: string): Promise<Found<VisibleListing>> {
    const key = normalizeId(id);
    if (key === null) return Promise.resolve({ state: 'missing' });
    return this.listings.remember(key, async () => {
      const preview = await this.get('listings', `/api/listings/${key}/preview`, listingPreviewSchema, requestId);
      if (preview === undefined) return { state: 'missing' };
      return preview.visible ? { state: 'found', value: preview } : { state: 'hidden' };
    });
  }

  /** A member's public profile, or missing when there is no such member. */
  member(id: string, requestId?: string): Promise<Found<PublicUser>> {
    const key = normalizeId(id);
    if (key === null) return Promise.resolve({ state: 'missing' });
    return this.members.remember(key, async () => {
      const user = await this.get('auth', `/api/users/${key}`, publicUserSchema, requestId);
      return user === undefined ? { state: 'missing' } : { state: 'found', value: user };
    });
  }

  /** How many listings anyone may see. */
  async sitemapCount(requestId?: string): Promise<number> {
    const answer = await this.get('listings', '/api/listings/sitemap/count', sitemapCountSchema, requestId);
    if (answer === undefined) throw new Error('the listings service has no sitemap count');
    return answer.count;
  }

  /** One batch of the listings anyone may see, by id (see sitemapQuery). */
  async sitemapBatch(query: { after?: string; before?: string; limit: number }, requestId?: string): Promise<SitemapBatch> {
    const search = new URLSearchParams({ limit: String(query.limit) });
    if (query.after) search.set('after', query.after);
    if (query.before) search.set('before', query.before);
    const answer = await this.get('listings', `/api/listings/sitemap?${search}`, sitemapBatchSchema, requestId);
    if (answer === undefined) throw new Error('the listings service has no sitemap');
    return answer;
  }

  /** The service's answer to a GET, checked against its contract; undefined for a 404; an error for anything else. */
  private async get<S extends z.ZodType>(service: ServiceName, path: string, schema: S, requestId?: string): Promise<z.infer<S> | undefined> {
    const response = await fetch(new URL(path, this.options.upstream(service)), {
      headers: { accept: 'application/json', ...(requestId ? { 'x-request-id': requestId } : {}) },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    if (response.status === 404) {
      await response.body?.cancel();
      return undefined;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`${service} answered ${response.status} to GET ${path}`);
    }
    return schema.parse(await response.json());
  }
}
