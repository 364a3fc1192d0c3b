import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/** A page of browse or search as it goes out: the JSON once serialised, its count header and its ETag. */
export interface CachedPage {
  body: Buffer;
  total: string;
  etag: string;
  /** Compressed copies, made the first time a client asks for one (phones always do). */
  encoded: Partial<Record<Encoding, Buffer>>;
}

export type Encoding = 'br' | 'gzip';

/** Bodies smaller than this go out as they are: compressing them saves less than the headers weigh. */
const COMPRESS_ABOVE_BYTES = 1024;

export function cachedPage(json: string, total: string): CachedPage {
  const body = Buffer.from(json);
  return { body, total, etag: `W/"${body.length.toString(16)}-${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`, encoded: {} };
}

/** The body in the encoding the client accepts (brotli preferred), compressed once per page; undefined: as it is. */
export function encodedBody(page: CachedPage, accepted: Encoding | undefined): { body: Buffer; encoding?: Encoding } {
  if (!accepted || page.body.length < COMPRESS_ABOVE_BYTES) return { body: page.body };
  page.encoded[accepted] ??=
    accepted === 'br' ? brotliCompressSync(page.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(page.body, { level: 6 });
  return { body: page.encoded[accepted], encoding: accepted };
}

export interface BrowseCacheOptions {
  /** How long a page is served from memory; for as long again it is served while it is refreshed. 0 turns the cache off. */
  ttlMs: number;
  /** Memory bound: the least recently used pages go first. */
  maxBytes: number;
  now: () => number;
  /**
   * Listing writes close together empty the cache once (invalidateSoon): the first at once, later ones at most
   * this long after the previous emptying. 0 or unset: each write empties it at once.
   */
  coalesceMs?: number;
}

interface Entry {
  page: CachedPage;
  expires: number;
  /** How long it is fresh: the time limit, or longer for a page that is dear to compute (see store). */
  lifetime: number;
  bytes: number;
}

/** A page that took this many times longer to compute than the time limit stays that much longer (up to MAX_LIFETIME_MS). */
const COST_FACTOR = 10;
const MAX_LIFETIME_MS = 30_000;

/**
 * Browse and search pages, kept for a short while in this replica's memory. Any change to a listing or a
 * seller empties it on every replica (listing and user events, see browseCacheSubscription), and a local
 * write empties it at once (listing changes close together: once, see invalidateSoon); the time limit
 * bounds what an event could miss (at most twice the limit).
 * Concurrent misses for the same page share one database query, and a query that started before an
 * emptying is not stored.
 */
export class BrowseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly loading = new Map<string, Promise<CachedPage>>();
  private generation = 0;
  private bytes = 0;
  /** How many times the cache was emptied (by a local write or an event). */
  invalidations = 0;
  /** When it was last emptied (performance.now(): coalescing keeps to real time whatever clock pages use). */
  private lastInvalidationAt = Number.NEGATIVE_INFINITY;
  private pendingInvalidation: NodeJS.Timeout | undefined;

  constructor(private readonly options: BrowseCacheOptions) {}

  get size(): number {
    return this.entries.size;
  }

  async get(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
    if (this.options.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    const now = this.options.now();
    if (entry && entry.expires > now - entry.lifetime) {
      // Most recently used last: Map keeps insertion order, so the first entry is the one to evict.
      this.entries.delete(key);
      this.entries.set(key, entry);
      // Past its time but within one more: served while one query refreshes it, so no reader waits on
      // the database just because a page grew old. (A change empties the cache instead: never served.)
      if (entry.expires <= now && !this.loading.has(key)) this.load(key, load).catch(() => undefined);
      return entry.page;
    }
    return this.loading.get(key) ?? this.load(key, load);
  }

  private load(key: string, load: () => Promise<CachedPage>): Promise<CachedPage> {
    const generation = this.generation;
    const startedAt = this.options.now();
    const started = load().then((page) => {
      if (generation === this.generation) this.store(key, page, this.options.now() - startedAt);
      return page;
    });
    this.loading.set(key, started);
    const forget = () => {
      if (this.loading.get(key) === started) this.loading.delete(key);
    };
    started.then(forget, forget);
    return started;
  }

  /** Deferred emptyings (invalidateWhen): how many began, and how many are still waiting. */
  readonly deferred = { started: 0, running: 0 };

  /** Empties the cache once `check` resolves true; on an error too (then rethrown), since it cannot tell. */
  async invalidateWhen(check: () => Promise<boolean>): Promise<void> {
    this.deferred.started += 1;
    this.deferred.running += 1;
    try {
      if (await check()) this.invalidate();
    } catch (error) {
      this.invalidate();
      throw error;
    } finally {
      this.deferred.running -= 1;
    }
  }

  /**
   * A listing changed (a local write, or its event from any replica): empties the cache now if it was not
   * emptied within the last coalesceMs, or else once that time is up, however many changes arrive meanwhile.
   * A loop of writes so empties each replica's cache at most about twice per coalesceMs instead of once per
   * write, and no page misses a change for longer than coalesceMs.
   */
  invalidateSoon(): void {
    const coalesceMs = this.options.coalesceMs ?? 0;
    if (coalesceMs <= 0) return this.invalidate();
    if (this.pendingInvalidation) return;
    const wait = this.lastInvalidationAt + coalesceMs - performance.now();
    if (wait <= 0) return this.invalidate();
    this.pendingInvalidation = setTimeout(() => this.invalidate(), Math.ceil(wait));
    this.pendingInvalidation.unref();
  }

  /** Stops a pending emptying (the service is stopping). */
  close(): void {
    clearTimeout(this.pendingInvalidation);
    this.pendingInvalidation = undefined;
  }

  /** Forgets every page, and every query under way: what they read may predate the change. */
  invalidate(): void {
    // Covers any change a pending emptying waited for.
    this.close();
    this.lastInvalidationAt = performance.now();
    this.invalidations += 1;
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
    this.bytes = 0;
  }

  /**
   * A page that cost `loadMs` stays fresh for at least ten times that: refreshing a dear page (a common word on a
   * large catalogue) every half second would keep the database busy with nothing but refreshes. Changes still
   * empty it at once through events; only what an event could miss waits longer.
   */
  private store(key: string, page: CachedPage, loadMs: number): void {
    const bytes = page.body.length + key.length;
    if (bytes > this.options.maxBytes) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    const lifetime = Math.min(MAX_LIFETIME_MS, Math.max(this.options.ttlMs, loadMs * COST_FACTOR));
    this.entries.set(key, { page, bytes, lifetime, expires: this.options.now() + lifetime });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }
}

/** One key per distinct query, whatever the order of its parameters. */
export function cacheKeyOf(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0)),
  );
}
