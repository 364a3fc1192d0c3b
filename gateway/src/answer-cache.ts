import type http from 'node:http';
import { GATEWAY_CACHE_HEADER } from '@vnmarket/proto';
import { gatewayAnswerCache as answers } from '@vnmarket/shared';

/**
 * A short-lived shared cache of one service's answers, in this gateway replica: an answer the service
 * marked with Gateway-Cache-Control (the same for everyone: browse pages) is given again, for at most
 * the TTL, to anyone asking the same URL with the same Accept-Encoding, without reaching the service.
 *
 * Staleness is bounded twice: by the TTL (500 ms by default, so a change made through another replica
 * shows within it), and by writes: a write this replica passes to the service empties its cache of that
 * service once it is answered, so whoever just changed a listing sees the change on their next page. A
 * write the service refused (4xx: it changed nothing) leaves the cache, so an anonymous loop of refused
 * writes cannot empty it and send every browse page to the database.
 */
export interface AnswerCacheOptions {
  /** How long an answer is kept at most (the service's max-age may shorten it). */
  ttlMs: number;
  /** The bodies kept, in bytes at most, across all keys; the oldest go first. */
  maxBytes: number;
  /** A larger answer is not kept. */
  maxBodyBytes: number;
  now?: () => number;
}

interface CachedAnswer {
  status: number;
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
  etag: string | undefined;
  expires: number;
}

/** What a request missed, kept on it until its answer arrives. */
interface PendingStore {
  cache: AnswerCache;
  key: string;
  generation: number;
}

type CachedRequest = http.IncomingMessage & { answerCacheMiss?: PendingStore };

const TARGETED_HEADER = GATEWAY_CACHE_HEADER.toLowerCase();
/** Not kept with an answer: per connection, per request, or set again when it is sent. */
const NOT_STORED = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'x-request-id', 'content-length', TARGETED_HEADER]);
/** Not sent with a 304 (what Express leaves out of one too). */
const NOT_IN_304 = new Set(['content-type', 'content-length', 'content-encoding']);
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The seconds of `max-age` in a targeted Cache-Control, or undefined when the answer may not be kept. */
export function sharedMaxAge(value: string | string[] | undefined): number | undefined {
  if (typeof value !== 'string' || /(^|,)\s*(no-store|private)\s*(,|$)/i.test(value)) return undefined;
  const match = /(?:^|,)\s*max-age\s*=\s*"?(\d+)"?\s*(?:,|$)/i.exec(value);
  return match ? Number(match[1]) : undefined;
}

/** If-None-Match against an entity tag, compared weakly (RFC 9110 §13.1.2). */
export function matchesIfNoneMatch(header: string | undefined, etag: string | undefined): boolean {
  if (header === undefined || etag === undefined) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => opaque(tag) === opaque(etag));
}

/** Vary that names nothing but Accept-Encoding (part of the key): any other header would need its own key. */
function variesOnlyByEncoding(vary: string | undefined): boolean {
  return vary === undefined || vary.split(',').every((name) => name.trim().toLowerCase() === 'accept-encoding' || name.trim() === '');
}

export class AnswerCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;
  /** Moved on by every clear(): an answer asked for before a write is not kept after it. */
  private generation = 0;

  constructor(
    private readonly service: string,
    private readonly options: AnswerCacheOptions,
  ) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /**
   * Answers `req` from the cache when it can (true); otherwise remembers on the request that its answer
   * may be kept (see keep) and returns false. A write is never answered here: call settle() when it is done.
   */
  answer(req: http.IncomingMessage, res: http.ServerResponse): boolean {
    if (!SAFE_METHODS.has(req.method ?? '')) return false;
    if (req.method !== 'GET' || req.headers.authorization !== undefined) return false;
    const key = `${req.url ?? ''}\n${req.headers['accept-encoding'] ?? ''}`;
    const entry = this.entries.get(key);
    // A client's own no-cache (a hard reload) asks for the service's answer; it may still be kept.
    const refresh = /no-cache|no-store/i.test(req.headers['cache-control'] ?? '');
    if (entry && entry.expires > this.now() && !refresh) {
      answers.inc({ service: this.service, result: 'hit' });
      send(req, res, entry);
      return true;
    }
    if (entry) this.remove(key);
    answers.inc({ service: this.service, result: 'miss' });
    (req as CachedRequest).answerCacheMiss = { cache: this, key, generation: this.generation };
    return false;
  }

  /**
   * A write has been answered (or abandoned): what was kept before or during it may show the old state,
   * unless the service refused it (4xx). A 5xx, or a client gone before the answer, may have changed
   * something: the cache is emptied. Answers asked for before this and arriving after it are not kept
   * (the generation moves on).
   */
  settle(req: http.IncomingMessage, res: http.ServerResponse): void {
    if (SAFE_METHODS.has(req.method ?? '')) return;
    const refused = res.headersSent && res.statusCode >= 400 && res.statusCode < 500;
    if (!refused) this.clear();
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }

  /**
   * Called when a service's answer arrives, before its headers are copied: strips the targeted header
   * (never for browsers) and, if the answer may be kept, gathers its body as it streams to the client.
   * `sentAsIs` is false when the gateway transforms the body on the way (compresses it).
   */
  static keep(proxyRes: http.IncomingMessage, req: http.IncomingMessage, sentAsIs: boolean): void {
    const seconds = sharedMaxAge(proxyRes.headers[TARGETED_HEADER]);
    delete proxyRes.headers[TARGETED_HEADER];
    const pending = (req as CachedRequest).answerCacheMiss;
    if (pending === undefined || seconds === undefined || seconds === 0 || !sentAsIs) return;
    const headers = proxyRes.headers;
    if (proxyRes.statusCode !== 200 || headers['set-cookie'] !== undefined || !variesOnlyByEncoding(headers.vary)) return;
    pending.cache.gather(proxyRes, pending, seconds * 1000);
  }

  private gather(proxyRes: http.IncomingMessage, pending: PendingStore, maxAgeMs: number): void {
    const chunks: Buffer[] = [];
    let size = 0;
    // A listener beside http-proxy's pipe: the body still streams to the client as it comes.
    const collect = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= this.options.maxBodyBytes) chunks.push(chunk);
      else {
        chunks.length = 0;
        proxyRes.off('data', collect);
      }
    };
    proxyRes.on('data', collect);
    proxyRes.once('end', () => {
      if (size > this.options.maxBodyBytes || !proxyRes.complete || pending.generation !== this.generation) return;
      const headers: http.OutgoingHttpHeaders = {};
      for (const [name, value] of Object.entries(proxyRes.headers)) if (value !== undefined && !NOT_STORED.has(name)) headers[name] = value;
      const etag = typeof headers.etag === 'string' ? headers.etag : undefined;
      this.store(pending.key, { status: 200, headers, body: Buffer.concat(chunks, size), etag, expires: this.now() + Math.min(maxAgeMs, this.options.ttlMs) });
    });
  }

  private store(key: string, entry: CachedAnswer): void {
    this.remove(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length;
    // Map keeps insertion order: the first key is the one stored longest ago.
    while (this.bytes > this.options.maxBytes) this.remove(this.entries.keys().next().value!);
  }
}

function send(req: http.IncomingMessage, res: http.ServerResponse, entry: CachedAnswer): void {
  if (matchesIfNoneMatch(req.headers['if-none-match'], entry.etag)) {
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(entry.headers)) if (!NOT_IN_304.has(name)) headers[name] = value;
    res.writeHead(304, headers).end();
    return;
  }
  res.writeHead(entry.status, { ...entry.headers, 'content-length': entry.body.length }).end(entry.body);
}
