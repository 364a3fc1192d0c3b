/** Randomness for the generator: a small seeded PRNG (mulberry32), so the same seed gives the same catalogue. */

type Random = () => number;

export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cumulative weights per list (Zipf or given), computed once per list: lists are module constants. */
const zipfTables = new WeakMap<readonly unknown[], Float64Array>();

function cumulative(weights: readonly number[]): Float64Array {
  const table = new Float64Array(weights.length);
  let sum = 0;
  weights.forEach((weight, index) => (table[index] = sum += weight));
  return table;
}

export class Dice {
  constructor(readonly random: Random) {}
  int(min: number, max: number): number {
    return min + Math.floor(this.random() * (max - min + 1));
  }
  chance(probability: number): boolean {
    return this.random() < probability;
  }
  pick<T>(values: readonly T[]): T {
    const value = values[Math.floor(this.random() * values.length)];
    if (value === undefined) throw new Error('pick from an empty list');
    return value;
  }
  /**
   * Picks with Zipf weights, 1/rank^s: the first value is the most common, the last the rarest. Short lists
   * of phrases use s = 1; long lists of things (dishes, items, jobs) a flatter s = 0.6, so that the
   * commonest thing is about a tenth of its category and not a quarter. (A list keeps the exponent of
   * its first use.)
   */
  zipf<T>(values: readonly T[], exponent = values.length > 12 ? 0.6 : 1): T {
    let table = zipfTables.get(values);
    if (!table) {
      zipfTables.set(values, (table = cumulative(values.map((_, rank) => 1 / (rank + 1) ** exponent))));
    }
    return this.pickWeighted(values, table);
  }
  /** Picks by a cumulative weight table (one entry per value). */
  pickWeighted<T>(values: readonly T[], table: Float64Array): T {
    const roll = this.random() * (table[table.length - 1] ?? 0);
    let low = 0;
    let high = table.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((table[middle] ?? 0) <= roll) low = middle + 1;
      else high = middle;
    }
    return values[low] as T;
  }
  weighted<T>(entries: readonly (readonly [T, number])[]): T {
    let table = zipfTables.get(entries);
    if (!table) zipfTables.set(entries, (table = cumulative(entries.map(([, weight]) => weight))));
    return this.pickWeighted(entries, table)[0];
  }
  /** Up to `max` distinct values, at least `min`. */
  some<T>(values: readonly T[], min: number, max: number): T[] {
    const count = this.int(min, Math.min(max, values.length));
    const pool = [...values];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(pool.splice(Math.floor(this.random() * pool.length), 1)[0] as T);
    return chosen;
  }
  /** Skewed towards small values (view and save counts). */
  skewed(max: number): number {
    return Math.floor(max * this.random() ** 3);
  }
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => Math.floor(this.random() * 16).toString(16));
    hex[12] = '4';
    hex[16] = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
    const s = hex.join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
