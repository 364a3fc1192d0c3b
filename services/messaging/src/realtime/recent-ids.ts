/**
 * Ids seen lately, to do something once per id when it can arrive more than once (a push that comes by
 * two paths). Bounded in time and in count: entries older than the window, or beyond the count (oldest
 * first), are forgotten.
 */
export class RecentIds {
  /** Id → when it was first seen; a Map iterates in insertion order, so the oldest come first. */
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly windowMs: number,
    private readonly maxIds: number,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.seen.size;
  }

  /** True the first time an id is seen within the window; false for a repeat. */
  firstTime(id: string): boolean {
    const now = this.now();
    this.forgetOld(now);
    if (this.seen.has(id)) return false;
    this.seen.set(ownCopy(id), now);
    return true;
  }

  private forgetOld(now: number): void {
    const cutoff = now - this.windowMs;
    for (const [id, at] of this.seen) {
      if (at > cutoff && this.seen.size < this.maxIds) return;
      this.seen.delete(id);
    }
  }
}

/**
 * The same characters in a string of their own. V8 can make a string cut out of a larger one (split, slice)
 * point into it and keep all of it alive: an id cut from a peer push would hold the whole push (its frame,
 * the message's text) for as long as it is remembered. UTF-16 round-trips any string exactly.
 */
function ownCopy(id: string): string {
  return Buffer.from(id, 'utf16le').toString('utf16le');
}
