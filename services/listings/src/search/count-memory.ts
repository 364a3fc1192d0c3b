import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

export interface CountMemoryOptions {
  /** How long a count past the cap is taken as still past it. 0 remembers nothing. */
  ttlMs: number;
  /** Bound on what is remembered (a key is 27 characters): the least recently used go first. */
  maxEntries: number;
  /** Milliseconds on a monotonic clock (tests pass their own). */
  now?: () => number;
}

/**
 * The match counts that passed the cap lately ("1000+"), by the statement that counted them: asked again
 * within ttlMs, the same search or filters skip their count and go straight to the page. Counting to the cap
 * is what a common word, a phrase of common words or a wide filter costs most at a million listings (a whole
 * text-index bitmap, or tens of thousands of rows read), and such a count does not fall under a thousand in a
 * few minutes. Only counts past the cap are remembered: a smaller one moves with every new listing. Pages are
 * always read fresh. Per replica, in memory: the first asking on each replica counts.
 */
export class CountMemory {
  private readonly passed: LRUCache<string, true> | undefined;

  constructor(options: CountMemoryOptions) {
    const now = options.now;
    this.passed =
      options.ttlMs > 0
        ? new LRUCache<string, true>({ max: options.maxEntries, ttl: options.ttlMs, ttlAutopurge: false, ...(now ? { perf: { now } } : {}) })
        : undefined;
  }

  passedCap(statement: string): boolean {
    return this.passed?.get(statementKey(statement)) === true;
  }

  rememberPassedCap(statement: string): void {
    this.passed?.set(statementKey(statement), true);
  }

  get size(): number {
    return this.passed?.size ?? 0;
  }
}

/** A statement's key in memory: 27 characters, whatever its length. */
export const statementKey = (statement: string) => createHash('sha1').update(statement).digest('base64url');
