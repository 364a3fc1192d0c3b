/**
 * A small in-memory cache of this gateway replica: each value kept for `ttlMs` at most, and at most
 * `maxEntries` values (or `maxBytes`, with a size of each), the oldest stored going first.
 */
export interface TtlCacheOptions<V> {
  ttlMs: number;
  maxEntries: number;
  /** With sizeOf: the sizes kept, in all, at most. */
  maxBytes?: number;
  sizeOf?: (value: V) => number;
  now?: () => number;
}

interface Entry<V> {
  value: V;
  expires: number;
  size: number;
}

export class TtlCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private bytes = 0;

  constructor(private readonly options: TtlCacheOptions<V>) {}

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expires > this.now()) return entry.value;
    this.delete(key);
    return undefined;
  }

  set(key: string, value: V): void {
    if (this.options.ttlMs <= 0) return;
    this.delete(key);
    const size = this.options.sizeOf?.(value) ?? 0;
    if (this.options.maxBytes !== undefined && size > this.options.maxBytes) return;
    this.entries.set(key, { value, expires: this.now() + this.options.ttlMs, size });
    this.bytes += size;
    // Map keeps insertion order: the first key is the one stored longest ago.
    while (this.entries.size > this.options.maxEntries || (this.options.maxBytes !== undefined && this.bytes > this.options.maxBytes)) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  /** The value kept under `key`, or the one `make` gives, kept (a promise at once, so callers at the same moment share it; dropped if it fails). */
  remember<T>(this: TtlCache<Promise<T>>, key: string, make: () => Promise<T>): Promise<T> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const made = make();
    this.set(key, made);
    made.catch(() => {
      if (this.entries.get(key)?.value === made) this.delete(key);
    });
    return made;
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.bytes -= entry.size;
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }
}
