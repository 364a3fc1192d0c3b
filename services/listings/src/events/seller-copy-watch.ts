import { setTimeout as delay } from 'node:timers/promises';
import type { Knex } from '@vnmarket/shared';
import { usersWithListings } from '../db/listings';
import { sellerVersions } from '../db/sellers';

interface Waiter {
  userId: string;
  version: number;
  deadline: number;
  resolve: (shown: boolean) => void;
  reject: (error: unknown) => void;
}

/**
 * Tells when the sellers read copy holds a user's change: every waiter of this replica is checked by one
 * query a tick, so a burst of user events (after an outage, say) costs one query per tick, not one per event.
 */
export class SellerCopyWatch {
  private waiters: Waiter[] = [];
  private running = false;
  private closed = false;

  constructor(
    private readonly db: Knex,
    private readonly options: { pollMs: number; maxWaitMs: number; now?: () => number } = { pollMs: 50, maxWaitMs: 10_000 },
  ) {}

  /**
   * Resolves once the copy holds `version` of the user or a newer one (or after maxWaitMs, the queue being
   * far behind: the cache's time limit bounds the rest): true if the user has listings a page could show.
   */
  shownOnceCopied(userId: string, version: number): Promise<boolean> {
    if (this.closed) return Promise.reject(new Error('the seller copy watch is closed (the service is stopping)'));
    return new Promise((resolve, reject) => {
      this.waiters.push({ userId, version, deadline: this.now() + this.options.maxWaitMs, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  /**
   * Stops asking the database (the service is stopping and its pool is about to close): every waiter is
   * rejected now, so its event is handled again by a replica that stays, instead of after the pool is gone.
   */
  close(): void {
    this.closed = true;
    const waiting = this.waiters;
    this.waiters = [];
    for (const waiter of waiting) waiter.reject(new Error('the seller copy watch is closed (the service is stopping)'));
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiters.length > 0 && !this.closed) {
        await this.tick();
        if (this.waiters.length > 0) await delay(this.options.pollMs, undefined, { ref: false });
      }
    } finally {
      this.running = false;
    }
  }

  private async tick(): Promise<void> {
    const waiting = this.waiters;
    try {
      const versions = await sellerVersions(this.db, [...new Set(waiting.map((waiter) => waiter.userId))]);
      const now = this.now();
      const done = waiting.filter((waiter) => (versions.get(waiter.userId) ?? -1) >= waiter.version || now >= waiter.deadline);
      if (done.length === 0) return;
      const shown = await usersWithListings(this.db, [...new Set(done.map((waiter) => waiter.userId))]);
      this.waiters = this.waiters.filter((waiter) => !done.includes(waiter));
      for (const waiter of done) waiter.resolve(shown.has(waiter.userId));
    } catch (error) {
      // The database could not tell: every waiter gives up now (its cache is emptied at once instead).
      this.waiters = this.waiters.filter((waiter) => !waiting.includes(waiter));
      for (const waiter of waiting) waiter.reject(error);
    }
  }
}
