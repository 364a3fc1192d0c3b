/**
 * Synthetic catalogue for benchmarks and the demo: N listings (and a few hundred sellers) written straight
 * into the listings schema with multi-row inserts — 100k in seconds, where the HTTP API would take minutes.
 *
 * The text reads like a Bay Area Vietnamese classifieds board: titles of 3–10 words and descriptions of
 * 15–80 words in Vietnamese (about 15% of them typed without accents, as people do), English, or both,
 * built from per-category templates (vocabulary.ts, data/*.json) about one dish, home, item, job, service or event
 * whose metadata agrees with the text; Bay Area cities and the places near them; prices, phone numbers
 * (the sellers' 555 numbers) and contact lines. Word lists are drawn with Zipf weights, so word frequencies
 * are long-tailed: "phở" is in a few percent of listings (mostly food), "nhà" in a larger share, "bán"
 * in most sales, and rare words stay rare. Metadata uses the proto value sets; created_at is spread
 * over the past 90 days (more of them recent); ~90% active (older listings more often inactive).
 * The same seed gives the same data.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/vnmarket_scratch tsx tools/generate/listings.ts 100000
 *   tsx tools/generate/listings.ts --stats 20000     (no database: word shares, lengths, sample titles)
 *
 * As a script it applies the listings migrations first and runs ANALYZE at the end; --seed N changes the data.
 */
import { CATEGORIES, type Category } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations } from '@vnmarket/listings/migrations';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { Dice, mulberry32 } from './dice';
import { listingRow, sellerRows, type ListingInsert } from './listing-row';
import { describeText, percent, TermCounter, type TermShare } from './terms';

export interface GenerateOptions {
  /** Sellers to create first (their ids own the listings). Default 300. */
  sellers?: number;
  /** Rows per INSERT statement. Default 1000 (14 parameters a row, well under PostgreSQL's 65535). */
  batchSize?: number;
  /** INSERT statements in flight at once (the knex pool must allow as many connections). Default 2. */
  concurrency?: number;
  /** PRNG seed: the same seed gives the same data. */
  seed?: number;
  /** Share of listings that are active. Default 0.9. */
  activeShare?: number;
  /** created_at is spread over this many days before `now`. Default 90. */
  days?: number;
  now?: Date;
  /** Called after each batch. */
  onProgress?: (inserted: number, total: number) => void;
  /** Words or phrases to count while generating (see termShares); the result's `terms` then has their shares. */
  terms?: readonly string[];
}

export interface GenerateResult {
  sellers: number;
  listings: number;
  active: number;
  byCategory: Record<Category, number>;
  /** Share of listings containing each of `options.terms`, when given. */
  terms?: TermShare[];
}

/**
 * Sellers and a function making one listing after another, all from one seed. With `oldestFirst` (how many will
 * be made) they come oldest first, each posted after the one before, as a live catalogue is mostly written (its
 * edits, saves and view counts move some rows later): a table written from it lies in the order of created_at.
 * Without it each listing's age is drawn at random.
 */
export function listingGenerator(options: Pick<GenerateOptions, 'seed' | 'sellers' | 'now' | 'days' | 'activeShare'> & { oldestFirst?: number } = {}) {
  const dice = new Dice(mulberry32(options.seed ?? 20261122));
  const now = options.now ?? new Date();
  const days = options.days ?? 90;
  const activeShare = options.activeShare ?? 0.9;
  const sellers = sellerRows(dice, options.sellers ?? 300, now);
  const of = options.oldestFirst;
  let index = 0;
  const place = () => (of === undefined ? undefined : { index: Math.min(index++, of - 1), of });
  return { sellers, next: (): ListingInsert => listingRow(dice, sellers, now, days, activeShare, place()) };
}

/** `count` listings in memory (nothing written): for statistics, samples and tests. */
export function sampleListings(count: number, options: Parameters<typeof listingGenerator>[0] = {}): ListingInsert[] {
  const generator = listingGenerator(options);
  return Array.from({ length: count }, generator.next);
}

/** Inserts `count` listings (and their sellers) into the listings schema `db` points at. */
export async function generateListings(db: Knex, count: number, options: GenerateOptions = {}): Promise<GenerateResult> {
  const batchSize = options.batchSize ?? 1000;
  // Oldest first, so the rows lie in the table in posting order: a newest-first walk reads neighbouring rows.
  const { sellers, next } = listingGenerator({ ...options, oldestFirst: count });
  for (let start = 0; start < sellers.length; start += batchSize) {
    await db('sellers')
      .insert(sellers.slice(start, start + batchSize))
      .onConflict('id')
      .ignore();
  }

  const byCategory = Object.fromEntries(CATEGORIES.map((category) => [category, 0])) as Record<Category, number>;
  const result: GenerateResult = { sellers: sellers.length, listings: 0, active: 0, byCategory };
  const counter = options.terms ? new TermCounter(options.terms) : undefined;
  // Rows are made in order (same seed, same data) while up to `concurrency` batches are being inserted.
  const inFlight = new Set<Promise<void>>();
  let made = 0;
  let inserted = 0;
  let failure: unknown;
  while (made < count && failure === undefined) {
    const rows = Array.from({ length: Math.min(batchSize, count - made) }, next);
    made += rows.length;
    for (const row of rows) {
      result.byCategory[row.category] += 1;
      if (row.is_active) result.active += 1;
      counter?.add(row);
    }
    const insert = db('listings')
      .insert(rows)
      .then(
        () => {
          inserted += rows.length;
          options.onProgress?.(inserted, count);
        },
        (error: unknown) => {
          failure ??= error;
        },
      )
      .finally(() => inFlight.delete(insert));
    inFlight.add(insert);
    if (inFlight.size >= (options.concurrency ?? 2)) await Promise.race(inFlight);
  }
  await Promise.all(inFlight);
  if (failure !== undefined) throw failure;
  result.listings = inserted;
  if (counter) result.terms = counter.result();
  return result;
}

function parseArgs(argv: readonly string[]) {
  const args = { stats: false, seed: undefined as number | undefined, count: undefined as number | undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index]!;
    if (arg === '--stats') args.stats = true;
    else if (arg === '--seed' || arg.startsWith('--seed=')) args.seed = Number(arg.includes('=') ? arg.split('=')[1] : argv[++index]);
    else args.count = Number(arg);
  }
  return args;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const count = args.count ?? (args.stats ? 20_000 : 100_000);
  if (!Number.isInteger(count) || count < 1) throw new Error('usage: tsx tools/generate/listings.ts [--stats] [--seed N] <count>');
  if (args.seed !== undefined && !Number.isInteger(args.seed)) throw new Error('--seed must be an integer');

  if (args.stats) {
    const started = Date.now();
    const listings = sampleListings(count, { seed: args.seed });
    const elapsed = (Date.now() - started) / 1000;
    process.stdout.write(`${describeText(listings).join('\n')}\n\ngenerated in memory in ${elapsed.toFixed(1)} s\n`);
    return;
  }

  const url = process.env.DATABASE_URL;
  // No default on purpose: this writes N fake listings wherever it points.
  if (!url) throw new Error('DATABASE_URL is required (the database to fill; it is created and migrated if needed)');
  const started = Date.now();
  await migrateService(url, LISTINGS_SCHEMA, migrations);
  const db = createDb(url, LISTINGS_SCHEMA, 2);
  try {
    let lastReport = 0;
    const result = await generateListings(db, count, {
      seed: args.seed,
      terms: ['pho', 'nha', 'ban', 'banh mi'],
      onProgress: (done, total) => {
        if (Date.now() - lastReport < 2000 && done < total) return;
        lastReport = Date.now();
        process.stdout.write(`generate: ${done}/${total} listings …\n`);
      },
    });
    await db.raw('analyze sellers, listings');
    const categories = Object.entries(result.byCategory)
      .map(([category, n]) => `${category} ${n}`)
      .join(', ');
    const terms = (result.terms ?? []).map((term) => `"${term.term}" ${percent(term.share)} (search ${percent(term.prefixShare)})`).join(', ');
    process.stdout.write(
      `generate: ${result.listings} listings (${result.active} active; ${categories}) and ${result.sellers} sellers ` +
        `in ${((Date.now() - started) / 1000).toFixed(1)} s; analyzed\n` +
        `generate: listings containing ${terms}\n`,
    );
  } finally {
    await db.destroy();
  }
}

if (require.main === module) {
  main().catch((error) => {
    process.stderr.write(`generate failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
