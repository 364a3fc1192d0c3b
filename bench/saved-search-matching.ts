/**
 * npm run bench:saved-searches (part of make bench): what a new listing costs the listings service's
 * listing.created consumer with 100,000 saved searches (issue 46): finding every saved search it matches
 * (saved-searches/matcher.ts, one statement) and writing one saved_search.matched per matched member into
 * the outbox, in one transaction, as the consumer does (rolled back here, so every listing meets the same
 * table). Straight on PostgreSQL, no HTTP and no broker: the consumer's own SQL.
 *
 * Beside it, from the same run, four baselines: the match by the category index alone (every search of the
 * category and of any, as before the keys of search-keys.ts); the same statement with the indexes turned off
 * (every saved search read); the matches read into Node and each event built and checked there (outbox.row), 500 rows
 * an insert; and one query per saved search (the matcher's filters tested search by search: a sample of
 * BENCH_BASELINE_SAMPLE per listing, scaled to the whole table).
 *
 * The saved searches are made from a seeded mix of what members save: a category (90%), a price bound (60%),
 * words of the category (70%), a place within 5–50 miles (60%), bedrooms, a cuisine or job type, verified
 * sellers only (5%).
 * The database (vnmarket_bench_saved_searches, BENCH_SAVED_SEARCHES_DATABASE_URL; its name must contain
 * "bench") is dropped and recreated at the start and dropped at the end.
 */
import { CATEGORIES, HOME_CITIES, RADIUS_MILES, placeOfLocation, savedSearchFilters, type SavedSearchFilters } from '@vnmarket/proto';
import { createDb, migrateService, Outbox, OUTBOX_TABLE, type Knex } from '@vnmarket/shared';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { migrations as listingsMigrations } from '@vnmarket/listings/migrations';
import { LISTING_KEYS, matchColumns, MATCHES, matchingSearches, PASSES_EVERY_FILTER, publishMatchingSearches } from '@vnmarket/listings/saved-searches';
import { generateListings } from '../tools/generate/listings';
import { benchDatabaseName, envInt, machineSummary } from './lib/settings';
import { limitRunTime, runBench } from './lib/processes';
import { latencyStats, type LatencyStats } from './lib/load';
import { fmt, printTable, reportGoals } from './lib/tables';
import { dropDatabase, recreateDatabase } from './lib/seed';

const settings = {
  savedSearches: envInt('BENCH_SAVED_SEARCHES', 100_000, 1),
  catalogue: envInt('BENCH_CATALOGUE', 20_000, 100),
  newListings: envInt('BENCH_NEW_LISTINGS', 100, 1),
  members: envInt('BENCH_MEMBERS', 40_000, 1),
  baselineListings: envInt('BENCH_BASELINE_LISTINGS', 5, 1),
  baselineSample: envInt('BENCH_BASELINE_SAMPLE', 1000, 1),
  databaseUrl: process.env.BENCH_SAVED_SEARCHES_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_saved_searches',
};
benchDatabaseName(settings.databaseUrl, 'BENCH_SAVED_SEARCHES_DATABASE_URL');
/**
 * A fifth of the 5 s from posting to notification: the rest is the outbox relay, the broker, the
 * messaging service's consumer and the push.
 */
const TARGET_P95_MS = 1000;

/** A small seeded PRNG (mulberry32): the same seed, the same saved searches. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return { next, pick, chance: (share: number) => next() < share };
}

const WORDS: Record<(typeof CATEGORIES)[number], string[]> = {
  rent: ['phòng', 'apartment', 'nhà', 'studio', 'room', 'phòng cho thuê', 'căn hộ'],
  food: ['phở', 'bánh mì', 'chè', 'bún bò', 'cơm tấm', 'pho', 'banh mi'],
  sale: ['tủ lạnh', 'xe', 'iphone', 'bàn', 'ghế', 'sofa', 'nồi cơm điện'],
  jobs: ['nail', 'thợ', 'phụ bếp', 'tiệm', 'cashier', 'thợ nail'],
  service: ['sửa', 'dạy kèm', 'thợ ống nước', 'cắt tóc', 'plumber'],
  event: ['tết', 'hội chợ', 'trung thu', 'nhạc'],
};
const PLACES = [...HOME_CITIES, 'Milpitas', 'Santa Clara', 'Fremont', 'Hayward', '95112', '95122', '94103'];

/** One member's saved search, as POST /api/saved-searches would take it. */
function savedSearchOf(dice: ReturnType<typeof random>): SavedSearchFilters {
  const filters: Record<string, unknown> = {};
  const category = dice.chance(0.9) ? dice.pick(CATEGORIES) : undefined;
  if (category) filters.category = category;
  if (dice.chance(0.5)) filters.maxPrice = category === 'rent' ? 1000 + Math.floor(dice.next() * 30) * 100 : 20 + Math.floor(dice.next() * 50) * 20;
  else if (dice.chance(0.2)) filters.minPrice = Math.floor(dice.next() * 20) * 50;
  if (dice.chance(0.7)) filters.search = dice.pick(WORDS[category ?? dice.pick(CATEGORIES)]);
  if (dice.chance(0.6)) {
    filters.near = dice.pick(PLACES);
    filters.radius = dice.pick(RADIUS_MILES);
  }
  if (category === 'rent' && dice.chance(0.4)) filters.bedrooms = 1 + Math.floor(dice.next() * 3);
  if (category === 'food' && dice.chance(0.2)) filters.foodType = 'vietnamese';
  if (category === 'jobs' && dice.chance(0.2)) filters.jobType = 'full-time';
  if (dice.chance(0.05)) filters.verifiedSellers = true;
  return savedSearchFilters.parse(filters);
}

async function fillSavedSearches(db: Knex, count: number): Promise<void> {
  const dice = random(20261128);
  const members = Array.from({ length: settings.members }, () => crypto.randomUUID());
  for (let start = 0; start < count; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, index) => {
      const filters = savedSearchOf(dice);
      return { user_id: dice.pick(members), name: `Search ${start + index}`, filters: JSON.stringify(filters), ...matchColumns(filters, db) };
    });
    await db('saved_searches').insert(rows).onConflict().ignore();
  }
  await db.raw('vacuum (analyze) saved_searches');
}

/** Places the generated listings as the coordinates migration places real ones (by the place their location names). */
async function placeListings(db: Knex): Promise<void> {
  const locations = (await db('listings').distinct('location').pluck('location')) as string[];
  for (const location of locations) {
    const place = placeOfLocation(location);
    if (place) await db('listings').where({ location }).update({ latitude: place.latitude, longitude: place.longitude });
  }
  await db.raw('vacuum (analyze) listings');
}

/** The consumer's work for one listing, rolled back: match and write the events. */
async function consume(
  db: Knex,
  outbox: Outbox,
  listingId: string,
  options: { noIndex?: boolean; eventsInNode?: boolean } = {},
): Promise<{ ms: number; matches: number }> {
  const started = performance.now();
  let matches = 0;
  await db
    .transaction(async (trx) => {
      if (options.noIndex) await trx.raw('set local enable_indexscan = off; set local enable_bitmapscan = off');
      if (options.eventsInNode) {
        // The baseline: the matches read into this process, each event built and checked there (outbox.row), 500 rows an insert.
        const rows = (await matchingSearches(trx, listingId)).map((match) => outbox.row('saved_search.matched', match));
        for (let start = 0; start < rows.length; start += 500) await trx(OUTBOX_TABLE).insert(rows.slice(start, start + 500));
        matches = rows.length;
      } else {
        matches = await publishMatchingSearches(outbox, trx, listingId, new Date());
      }
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return { ms: performance.now() - started, matches };
}
class RolledBack extends Error {}

/** The filters tested search by search: one query per saved search, for a sample, scaled to the whole table. */
async function onePerSearch(db: Knex, listingId: string, searchIds: string[], total: number): Promise<number> {
  const started = performance.now();
  for (const id of searchIds) {
    await db.raw(`select s.id from listings l join saved_searches s on s.id = ? and s.user_id <> l.user_id and ${PASSES_EVERY_FILTER} where l.id = ?`, [
      id,
      listingId,
    ]);
  }
  return ((performance.now() - started) / searchIds.length) * total;
}

async function main(): Promise<void> {
  limitRunTime(900 + Math.ceil(settings.savedSearches / 200));
  console.log(`\nSaved-search alerts: the listing.created consumer's work per new listing, ${settings.savedSearches} saved searches`);
  console.log(`  machine   ${machineSummary()}`);
  await recreateDatabase(settings.databaseUrl);
  await migrateService(settings.databaseUrl, LISTINGS_SCHEMA, listingsMigrations);
  const db = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 4);
  try {
    let started = Date.now();
    await generateListings(db, settings.catalogue, { seed: 46, sellers: 300, concurrency: 2 });
    await placeListings(db);
    console.log(`  ${settings.catalogue} listings ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    started = Date.now();
    await fillSavedSearches(db, settings.savedSearches);
    const stored = Number((await db('saved_searches').count<{ count: string }[]>({ count: '*' }))[0]!.count);
    console.log(`  ${stored} saved searches ready in ${((Date.now() - started) / 1000).toFixed(0)} s`);

    const listingIds = (await db('listings').where({ is_active: true }).orderByRaw('md5(id::text)').limit(settings.newListings).pluck('id')) as string[];
    const outbox = new Outbox({ db, bus: undefined as never, logger: undefined as never });
    for (const id of listingIds.slice(0, 10)) await consume(db, outbox, id); // warm-up
    const served = [];
    const matchOnly: number[] = [];
    for (const id of listingIds) {
      served.push(await consume(db, outbox, id));
      const matchStarted = performance.now();
      await matchingSearches(db, id);
      matchOnly.push(performance.now() - matchStarted);
    }
    const noIndex = [];
    for (const id of listingIds) noIndex.push(await consume(db, outbox, id, { noIndex: true }));
    const eventsInNode = [];
    for (const id of listingIds) eventsInNode.push(await consume(db, outbox, id, { eventsInNode: true }));
    // The matcher before the keys: every search of the listing's category and of every category, by the category index.
    await db.raw('create index saved_searches_category on saved_searches (category)');
    await db.raw('analyze saved_searches');
    const byCategory = MATCHES.replace(`s.match_keys && ${LISTING_KEYS}`, '(s.category = l.category or s.category is null)');
    const categoryIndex: number[] = [];
    let sameMembers = 0;
    for (const [index, id] of listingIds.entries()) {
      const matchStarted = performance.now();
      const { rows } = await db.raw<{ rows: unknown[] }>(byCategory, [id]);
      categoryIndex.push(performance.now() - matchStarted);
      // The keys only narrow what is read: both ways must tell the same members.
      if (rows.length === served[index]!.matches) sameMembers += 1;
    }
    await db.raw('drop index saved_searches_category');
    const sample = (await db('saved_searches').orderByRaw('md5(id::text)').limit(settings.baselineSample).pluck('id')) as string[];
    const perSearch: number[] = [];
    for (const id of listingIds.slice(0, settings.baselineListings)) perSearch.push(await onePerSearch(db, id, sample, stored));

    const plan = await db.raw<{ rows: { 'QUERY PLAN': string }[] }>(`explain (analyze, buffers, costs off) ${MATCHES}`, [listingIds[0]!, listingIds[0]!]);
    console.log('\n  the matcher statement for one listing:');
    for (const row of plan.rows) console.log(`    ${row['QUERY PLAN']}`);

    const stats = latencyStats(served.map((one) => one.ms));
    const matchStats = latencyStats(matchOnly);
    const noIndexStats = latencyStats(noIndex.map((one) => one.ms));
    const eventsInNodeStats = latencyStats(eventsInNode.map((one) => one.ms));
    const categoryIndexStats = latencyStats(categoryIndex);
    const perSearchStats = latencyStats(perSearch);
    const matches = served.map((one) => one.matches).sort((a, b) => a - b);
    const meanMatches = matches.reduce((sum, one) => sum + one, 0) / matches.length;
    /** A row of the table: the label, then p50, p95, p99 and max to `digits` places, and how many were timed. */
    const statsRow = (label: string, of: LatencyStats, digits = 1) => [
      label,
      ...[of.p50, of.p95, of.p99, of.max].map((ms) => fmt(ms, digits)),
      String(of.count),
    ];
    printTable(
      ['per new listing', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'listings'],
      [
        statsRow('match + outbox write (as served)', stats),
        statsRow('match only', matchStats),
        statsRow('baseline: match only, by the category index (no keys)', categoryIndexStats),
        statsRow('baseline: indexes off (every search read)', noIndexStats),
        statsRow('baseline: events built in Node, 500 an insert', eventsInNodeStats),
        statsRow(`baseline: one query per saved search (${sample.length} sampled, scaled)`, perSearchStats, 0),
      ],
    );
    console.log(`  the keys and the category index told as many members for ${sameMembers} of ${listingIds.length} listings`);
    console.log(
      `  members told per new listing: mean ${fmt(meanMatches, 1)}, median ${matches[Math.floor(matches.length / 2)]}, max ${matches[matches.length - 1]}`,
    );
    reportGoals([
      {
        goal: '46 saved searches',
        measure: `a new listing against ${stored} saved searches: match + outbox write, p95 (mean ${fmt(meanMatches, 1)} members told)`,
        figure: `${fmt(stats.p95, 1)} ms (p50 ${fmt(stats.p50, 1)})`,
        target: `p95 ≤ ${TARGET_P95_MS} ms`,
        baseline: `match only by the category index: p95 ${fmt(categoryIndexStats.p95, 1)} ms (keys: ${fmt(matchStats.p95, 1)} ms); indexes off: p95 ${fmt(noIndexStats.p95, 1)} ms; events built in Node: p95 ${fmt(eventsInNodeStats.p95, 1)} ms; one query per saved search: p50 ${fmt(perSearchStats.p50, 0)} ms`,
        met: stats.p95 <= TARGET_P95_MS,
      },
    ]);
  } finally {
    await db.destroy();
  }
}

void runBench(main, {
  stopping: 'nothing (no processes started)',
  cleanup: () => dropDatabase(settings.databaseUrl),
});
