/**
 * npm run bench:search-scale (part of make bench): where PostgreSQL full-text search stops meeting issue 14's
 * budgets on a cache miss. The same searches and filtered browses, straight through searchListings() (the
 * service's own SQL, no HTTP and no page cache), at growing catalogue sizes: 100k, then the same database
 * grown to 1M (and 5M with BENCH_SCALE_SIZES=100000,1000000,5000000, about 16 GB of disk).
 *
 * For each size and query: the median of 5 runs one at a time (warm cache), then 20 workers (one database
 * connection each, BENCH_CONNECTIONS) running it for BENCH_DURATION seconds: queries/s and p95. The rows of
 * the first size ≥ 1M are the goal rows ("at 1M listings p95 ≤ 150 ms"), with the smallest and the largest
 * size's p95 beside them; docs/search.md reads the table. Each query runs as the service runs it (a count past
 * the cap remembered for five minutes, CountMemory: the first asking counts, later ones only read their page;
 * the words the vocabulary was seen to hold remembered, KnownWords), and again counting every time (the first
 * asking's cost, every time). Each search is measured again, each time without one of the service's ways, as
 * the path before it: asking the vocabulary on every search (no KnownWords), probing the newest titles on every
 * asking (no probe memory), by its matches first (title statistics that call every title rare: no walk of the
 * newest titles), and with every match ranked (no newest-first shortcut) at sizes up to
 * BENCH_SCALE_EVERY_MATCH_UP_TO (1M).
 *
 * The database (vnmarket_bench_search_scale, BENCH_SCALE_DATABASE_URL; its name must contain "bench") is
 * dropped and recreated at the start and dropped at the end.
 */
import { listingQuery } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations as listingsMigrations } from '@vnmarket/listings/migrations';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { CountMemory, KnownWords, searchListings, type SearchOptions, TitleWords } from '@vnmarket/listings/search';
import { generateListings } from '../tools/generate/listings';
import { benchDatabaseName, envInt, machineSummary } from './lib/settings';
import { limitRunTime, runBench } from './lib/processes';
import { latencyStats } from './lib/load';
import { fmt, type GoalRow, printTable, reportGoals } from './lib/tables';
import { dropDatabase, recreateDatabase } from './lib/seed';

const settings = {
  sizes: (process.env.BENCH_SCALE_SIZES ?? '100000,1000000').split(',').map(Number),
  connections: envInt('BENCH_CONNECTIONS', 20, 1),
  /**
   * Sizes above this measure searches only as served, without the every-match baseline beside them: ranking
   * every match of a common word costs seconds per query at 1M, and at 5M would take the run hours.
   */
  everyMatchUpTo: envInt('BENCH_SCALE_EVERY_MATCH_UP_TO', 1_000_000, 0),
  duration: envInt('BENCH_DURATION', 8, 1),
  databaseUrl: process.env.BENCH_SCALE_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_search_scale',
};
benchDatabaseName(settings.databaseUrl, 'BENCH_SCALE_DATABASE_URL');
if (settings.sizes.some((size, index) => !Number.isInteger(size) || size < 1 || (index > 0 && size <= settings.sizes[index - 1]!))) {
  throw new Error(`BENCH_SCALE_SIZES must be growing whole numbers, got ${process.env.BENCH_SCALE_SIZES}`);
}

const page = { limit: '24', offset: '0' };
const QUERIES: { label: string; kind: 'search' | 'filtered'; query: Record<string, string> }[] = [
  { label: 'search "pho"', kind: 'search', query: { search: 'pho', ...page } },
  { label: 'search "nha"', kind: 'search', query: { search: 'nha', ...page } },
  { label: 'search "ban"', kind: 'search', query: { search: 'ban', ...page } },
  { label: 'search "banh mi"', kind: 'search', query: { search: 'banh mi', ...page } },
  { label: 'search "phở bò"', kind: 'search', query: { search: 'phở bò', ...page } },
  { label: 'search "apartment san jose"', kind: 'search', query: { search: 'apartment san jose', ...page } },
  {
    label: 'filters: rent 2+ bd, price, city',
    kind: 'filtered',
    query: { category: 'rent', minPrice: '1500', maxPrice: '3500', location: 'san jose', bedrooms: '2', ...page },
  },
  { label: 'filters: food vegetarian', kind: 'filtered', query: { category: 'food', dietaryOptions: 'vegetarian', ...page } },
  { label: 'browse: home', kind: 'filtered', query: page },
  // A member's Home: the chosen city and its nearby places (fifteen for San Francisco), newest first.
  { label: 'browse: home, near San Francisco', kind: 'filtered', query: { near: 'San Francisco', sort: 'recent', ...page } },
];
const budgetMs = (size: number, kind: 'search' | 'filtered') => (size >= 1_000_000 ? 150 : kind === 'search' ? 50 : 40);

interface Figures {
  size: number;
  label: string;
  kind: 'search' | 'filtered';
  matches: number;
  aloneMs: number;
  perSecond: number;
  p95: number;
  p99: number;
}

/** A search row's same-run baseline: every match ranked, as before the newest-first shortcut (listings.ts, rankedPage). */
const EVERY_MATCH_RANKED = ' (before: every match ranked)';
/** Every row's same-run baseline: the count made on every asking, as before the count memory (count-memory.ts). */
const COUNTED_EVERY_TIME = ' (before: counted every time)';
/** A search row's same-run baseline: every title called rare, so no title walk (as before 2026-11-26's evening). */
const MATCHES_FIRST = ' (before: matches first)';
/** A search row's same-run baseline: the newest titles probed on every asking, as before the probe memory (title-words.ts). */
const PROBED_EVERY_TIME = ' (before: probed every time)';
/** A search row's same-run baseline: the vocabulary asked on every search, as before the replica remembered known words (known-words.ts). */
const VOCABULARY_ASKED = ' (before: vocabulary asked every time)';
/** The baselines a 1M goal row shows its queries/s and p95 beside, by what they name. */
const PER_SECOND_BASELINES = [
  [VOCABULARY_ASKED, 'vocabulary asked every time'],
  [PROBED_EVERY_TIME, 'probed every time'],
  [MATCHES_FIRST, 'matches first'],
  [COUNTED_EVERY_TIME, 'counted every time'],
] as const;
/** As the service runs by default (COUNT_MEMORY_SECONDS): a count past the cap is remembered for five minutes. */
const servedCounts = () => new CountMemory({ ttlMs: 300_000, maxEntries: 10_000 });
/** As the service reads the title statistics (app.ts); and statistics that call every title rare, for the baseline. */
const servedTitleWords = () => new TitleWords({ refreshMs: 600_000 });
const probingTitleWords = () => new TitleWords({ refreshMs: 600_000, rememberProbes: false });
const rareTitleWords = () => new TitleWords({ refreshMs: Infinity, read: async () => ({ of: new Map(), floor: 0 }) });
/** As the service remembers the words of its vocabulary (app.ts). */
const servedKnownWords = () => new KnownWords();

/** One row: `entry` run with `ranking`; `baseline` names the row a goal row's baseline (empty: as served). */
async function measure(db: Knex, size: number, entry: (typeof QUERIES)[number], ranking: SearchOptions, baseline = ''): Promise<Figures> {
  const query = listingQuery.parse(entry.query);
  const alone: number[] = [];
  let matches = 0;
  for (let run = 0; run < 5; run += 1) {
    const started = performance.now();
    matches = (await searchListings(db, query, ranking)).total;
    alone.push(performance.now() - started);
  }
  const latencies: number[] = [];
  const deadline = Date.now() + settings.duration * 1000;
  await Promise.all(
    Array.from({ length: settings.connections }, async () => {
      while (Date.now() < deadline) {
        const started = performance.now();
        await searchListings(db, query, ranking);
        latencies.push(performance.now() - started);
      }
    }),
  );
  const stats = latencyStats(latencies);
  return {
    size,
    label: `${entry.label}${baseline}`,
    kind: entry.kind,
    matches,
    aloneMs: latencyStats(alone).p50,
    perSecond: latencies.length / settings.duration,
    p95: stats.p95,
    p99: stats.p99,
  };
}

async function main(): Promise<void> {
  const largest = settings.sizes[settings.sizes.length - 1]!;
  limitRunTime(600 + Math.ceil(largest / 1500) + settings.sizes.length * QUERIES.length * (settings.duration + 30));
  console.log(`\nSearch at scale: searchListings() on a cache miss, ${settings.sizes.join(' → ')} listings`);
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    `  load      ${settings.connections} workers, one connection each, ${settings.duration} s per query and size; "alone": median of 5 runs one at a time`,
  );
  await recreateDatabase(settings.databaseUrl);
  await migrateService(settings.databaseUrl, LISTINGS_SCHEMA, listingsMigrations);
  const db = createDb(settings.databaseUrl, LISTINGS_SCHEMA, settings.connections + 2);
  const rows: Figures[] = [];
  try {
    let have = 0;
    for (const [index, size] of settings.sizes.entries()) {
      const started = Date.now();
      await generateListings(db, size - have, { seed: 20261122 + index, sellers: index === 0 ? 300 : 50, concurrency: 2 });
      have = size;
      await db.raw('vacuum (analyze) listings, sellers');
      const bytes = await db.raw<{ rows: { size: string }[] }>("select pg_size_pretty(pg_total_relation_size('listings')) as size");
      console.log(`  ${size} listings ready in ${((Date.now() - started) / 1000).toFixed(0)} s (table + indexes ${bytes.rows[0]?.size ?? '?'}); measuring …`);
      for (const entry of QUERIES) {
        const served = { counts: servedCounts(), titleWords: servedTitleWords(), knownWords: servedKnownWords() };
        rows.push(await measure(db, size, entry, served));
        rows.push(await measure(db, size, entry, { ...served, counts: undefined }, COUNTED_EVERY_TIME));
        if (entry.kind === 'search') {
          rows.push(await measure(db, size, entry, { ...served, knownWords: undefined }, VOCABULARY_ASKED));
          rows.push(await measure(db, size, entry, { ...served, titleWords: probingTitleWords() }, PROBED_EVERY_TIME));
          rows.push(await measure(db, size, entry, { ...served, titleWords: rareTitleWords() }, MATCHES_FIRST));
        }
        if (entry.kind === 'search' && size <= settings.everyMatchUpTo) rows.push(await measure(db, size, entry, { rankEveryMatch: true }, EVERY_MATCH_RANKED));
      }
    }
  } finally {
    await db.destroy();
  }

  printTable(
    ['listings', 'query', 'matches', 'alone ms', 'queries/s', 'p95 ms', 'p99 ms', 'budget', 'within'],
    rows.map((row) => [
      String(row.size),
      row.label,
      String(row.matches),
      fmt(row.aloneMs, 1),
      fmt(row.perSecond, 0),
      fmt(row.p95, 1),
      fmt(row.p99, 1),
      `p95 ≤ ${budgetMs(row.size, row.kind)}`,
      row.p95 <= budgetMs(row.size, row.kind) ? 'yes' : 'NO',
    ]),
  );
  const goalSize = settings.sizes.find((size) => size >= 1_000_000);
  const smallest = settings.sizes[0]!;
  if (goalSize) {
    reportGoals(
      rows
        .filter(
          (row) =>
            row.size === goalSize && ![EVERY_MATCH_RANKED, ...PER_SECOND_BASELINES.map(([suffix]) => suffix)].some((suffix) => row.label.endsWith(suffix)),
        )
        .map((row): GoalRow => {
          const small = rows.find((other) => other.size === smallest && other.label === row.label);
          const large = largest > goalSize ? rows.find((other) => other.size === largest && other.label === row.label) : undefined;
          const baselineOf = (suffix: string) => rows.find((other) => other.size === goalSize && other.label === `${row.label}${suffix}`);
          const before = baselineOf(EVERY_MATCH_RANKED);
          return {
            goal: '3 search 1M',
            measure: `${row.label}, ${goalSize / 1_000_000}M, page cache miss (SQL; 1000+ count remembered), ${settings.connections} conns, p95`,
            figure: `${fmt(row.p95, 1)} ms (${fmt(row.perSecond, 0)}/s)`,
            target: `p95 ≤ ${budgetMs(row.size, row.kind)} ms`,
            baseline:
              [
                ...PER_SECOND_BASELINES.map(([suffix, name]) => {
                  const baseline = baselineOf(suffix);
                  return baseline && `${name}: p95 ${fmt(baseline.p95, 1)} ms (${fmt(baseline.perSecond, 0)}/s)`;
                }),
                small && `${smallest / 1000}k: p95 ${fmt(small.p95, 1)} ms`,
                large && `${largest / 1_000_000}M: p95 ${fmt(large.p95, 1)} ms`,
                before && `every match ranked: p95 ${fmt(before.p95, 1)} ms`,
              ]
                .filter(Boolean)
                .join('; ') || '–',
            met: row.p95 <= budgetMs(row.size, row.kind),
          };
        }),
    );
  }
}

void runBench(main, {
  stopping: 'nothing (no processes started)',
  cleanup: () => dropDatabase(settings.databaseUrl),
});
