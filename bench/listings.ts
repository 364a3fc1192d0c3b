/**
 * npm run bench:listings (part of make bench): GET /api/listings at 100k listings through the gateway, for
 * issue 14's goals 1 (browse ≥ 0.5 × the service's /livez) and 3 (search p95 ≤ 50 ms, filtered browse p95
 * ≤ 40 ms; ≤ 150 ms at 1M listings), each figure beside its baselines from the same run:
 *   - /livez straight to the listings service: the framework's floor;
 *   - browse through a gateway whose answer cache is off (GATEWAY_CACHE_TTL_MS=0): before that cache;
 *   - the same query through a gateway (answer cache off) in front of a second listings process with its
 *     page cache off (BROWSE_CACHE_TTL_MS=0): what the database costs on a cache miss.
 * Goal 1 is judged on /livez and the cached browse loaded again by wrk (./wrk.ts: autocannon, in this process,
 * pays for every byte of an answer on the cores the servers use), with autocannon's ratio beside it.
 * Then the PostgreSQL plan (EXPLAIN ANALYZE, BUFFERS) of the exact SQL the service runs for each query.
 *
 * The database (vnmarket_bench_listings) is dropped and recreated every run, migrated, filled by
 * tools/generate/listings.ts and vacuumed/analyzed; auth, the two listings processes and the two gateways
 * run on their own 127.0.0.1 ports with their own Redis key prefix and events exchange, so `make start` and
 * the tests are not disturbed. Every process it starts is stopped at the end, on an error, on Ctrl-C, and
 * when the run overshoots its time limit.
 *
 * Settings (environment): BENCH_LISTINGS (listings generated, 100000), BENCH_DURATION (measured seconds per
 * scenario, 8), BENCH_WARMUP (2), BENCH_CONNECTIONS (20), BENCH_TIMEOUT (seconds per request, 30),
 * BENCH_AUTH_PORT (4111), BENCH_LISTINGS_PORT (4112; the uncached one +1), BENCH_GATEWAY_PORT (8190; the
 * uncached one +1), BENCH_LISTINGS_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vnmarket_bench_listings;
 * its name must contain "bench": it is dropped).
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listingQuery } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations as authMigrations } from '../services/auth/migrations';
import { AUTH_SCHEMA } from '../services/auth/src/config';
import { migrations as listingsMigrations } from '../services/listings/migrations';
import { LISTINGS_SCHEMA } from '../services/listings/src/config';
import { searchListings } from '../services/listings/src/db/listings';
import { generateListings } from '../tools/generate/listings';
import { assertPortsFree, benchDatabaseName, envInt, LOCALHOST, machineSummary, sleep } from './lib/settings';
import { gatewayEnv, runServiceEnv } from './lib/service-env';
import { limitRunTime, runBench, startScript, waitUntilOk } from './lib/processes';
import { measureLoad, type Measurement } from './lib/load';
import { fmt, type GoalRow, MEASUREMENT_HEADER, measurementCells, printTable, reportGoals } from './lib/tables';
import { recreateDatabase, registerUser } from './lib/seed';
import { findOrInstallWrk, measureWithWrk, type WrkResult } from './wrk';

const settings = {
  listings: envInt('BENCH_LISTINGS', 100_000, 1),
  duration: envInt('BENCH_DURATION', 8, 1),
  warmup: envInt('BENCH_WARMUP', 2, 0),
  connections: envInt('BENCH_CONNECTIONS', 20, 1),
  pipelining: 1,
  /** Uncached slow queries under load queue for seconds: allow it, and report (not abort) a scenario whose responses are not all 200. */
  timeout: envInt('BENCH_TIMEOUT', 30, 1),
  onProblem: 'report' as const,
  ports: {
    auth: envInt('BENCH_AUTH_PORT', 4111, 1),
    listings: envInt('BENCH_LISTINGS_PORT', 4112, 1),
    listingsUncached: envInt('BENCH_LISTINGS_PORT', 4112, 1) + 1,
    gateway: envInt('BENCH_GATEWAY_PORT', 8190, 1),
    gatewayUncached: envInt('BENCH_GATEWAY_PORT', 8190, 1) + 1,
    gatewayNoAnswerCache: envInt('BENCH_GATEWAY_PORT', 8190, 1) + 2,
  },
  databaseUrl: process.env.BENCH_LISTINGS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_listings',
};
const databaseName = benchDatabaseName(settings.databaseUrl, 'BENCH_LISTINGS_DATABASE_URL');

/** What a page of the web app asks for. A scenario with several queries cycles through them on every connection. */
interface Scenario {
  goal: 'browse' | 'filtered' | 'search';
  label: string;
  queries: Record<string, string>[];
  /** Sent with the signed-in user's session cookie. */
  signedIn?: boolean;
}

/** The web app's first page of any list (PAGE_SIZE 24). */
const page = { limit: '24', offset: '0' };
const search = (words: string) => ({ search: words, ...page });
const SCENARIOS: Scenario[] = [
  { goal: 'browse', label: 'home, anonymous', queries: [page] },
  // What Home asks for a member by default: within 25 miles of the chosen city (San Francisco first), newest first.
  { goal: 'browse', label: 'home, signed in', queries: [{ near: 'San Francisco', sort: 'recent', ...page }], signedIn: true },
  { goal: 'browse', label: 'category page (food)', queries: [{ category: 'food', ...page }] },
  {
    goal: 'filtered',
    label: 'filters: rent 2+ bd, price, city',
    queries: [{ category: 'rent', minPrice: '1500', maxPrice: '3500', location: 'san jose', bedrooms: '2', ...page }],
  },
  { goal: 'filtered', label: 'filters: food vegetarian', queries: [{ category: 'food', dietaryOptions: 'vegetarian', ...page }] },
  // "Within N miles" of a place of the list (a city, a ZIP code), newest first and nearest first.
  { goal: 'filtered', label: 'within 10 mi of San Jose, rent', queries: [{ category: 'rent', near: 'San Jose', radius: '10', ...page }] },
  { goal: 'filtered', label: 'within 5 mi of 94103, by distance', queries: [{ near: '94103', radius: '5', sort: 'distance', ...page }] },
  {
    goal: 'filtered',
    label: 'filters: sale, price, condition',
    queries: [{ category: 'sale', maxPrice: '500', condition: 'like-new', sort: 'price-low', ...page }],
  },
  { goal: 'search', label: 'search "pho"', queries: [search('pho')] },
  { goal: 'search', label: 'search "nha"', queries: [search('nha')] },
  { goal: 'search', label: 'search "ban"', queries: [search('ban')] },
  { goal: 'search', label: 'search "banh mi"', queries: [search('banh mi')] },
  {
    goal: 'search',
    label: 'search mix (10 queries)',
    queries: ['phở bò', 'bánh mì chay', 'cho thue phong', 'apartment san jose', 'nhà', 'room', 'thợ nail', 'sua xe', 'iphone', 'tet'].map(search),
  },
];

const WORDS_COUNTED = ['pho', 'nha', 'ban', 'banh <-> mi'];
const gatewayOrigin = `http://${LOCALHOST}:${settings.ports.gateway}`;
const uncachedGatewayOrigin = `http://${LOCALHOST}:${settings.ports.gatewayUncached}`;
const noAnswerCacheOrigin = `http://${LOCALHOST}:${settings.ports.gatewayNoAnswerCache}`;
const listingsPath = (query: Record<string, string>) => `/api/listings?${new URLSearchParams(query)}`;

/** Issue 14's goals for this benchmark; the search and filter budgets are those for ≤ 100k listings, 150 ms at 1M. */
const BROWSE_RATIO_GOAL = 0.5;
const budgetMs = (goal: Scenario['goal']) => (settings.listings >= 1_000_000 ? 150 : goal === 'search' ? 50 : 40);

// ---------------------------------------------------------------------------------------------------
// Database: a fresh one per run, filled directly (the HTTP API would take many minutes for 100k).

async function fillDatabase(): Promise<void> {
  let started = Date.now();
  await recreateDatabase(settings.databaseUrl);
  await migrateService(settings.databaseUrl, AUTH_SCHEMA, authMigrations);
  await migrateService(settings.databaseUrl, LISTINGS_SCHEMA, listingsMigrations);
  console.log(`  database  ${databaseName} dropped, recreated and migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  const db = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 2);
  try {
    let reported = 0;
    const result = await generateListings(db, settings.listings, {
      onProgress: (done, total) => {
        if (done - reported < total / 5 && done < total) return;
        reported = done;
        console.log(`            ${done}/${total} listings inserted …`);
      },
    });
    const generatedIn = (Date.now() - started) / 1000;
    started = Date.now();
    // Steady state: visibility map set, GIN pending lists merged, statistics fresh (what autovacuum gets to).
    await db.raw('vacuum (analyze) listings, sellers');
    const size = await db.raw<{ rows: { size: string }[] }>("select pg_size_pretty(pg_total_relation_size('listings')) as size");
    const categories = Object.entries(result.byCategory)
      .map(([category, count]) => `${category} ${count}`)
      .join(', ');
    console.log(
      `  data      ${result.listings} listings (${result.active} active; ${categories}), ${result.sellers} sellers: generated in ${generatedIn.toFixed(1)} s, ` +
        `VACUUM ANALYZE ${((Date.now() - started) / 1000).toFixed(1)} s; table + indexes ${size.rows[0]?.size ?? '?'}`,
    );
    // How common the searched words are (accent-folded whole words of the title, description or city): what makes a search cheap or dear.
    const shares = await db.raw<{ rows: Record<string, string>[] }>(
      `select count(*) as total, ${WORDS_COUNTED.map((_, index) => `count(*) filter (where match_vector @@ to_tsquery('simple', ?)) as w${index}`).join(', ')} from listings where is_active`,
      WORDS_COUNTED,
    );
    const counts = shares.rows[0] ?? {};
    const total = Number(counts.total ?? 1);
    console.log(
      `  words     active listings containing ${WORDS_COUNTED.map((word, index) => `"${word.replace(' <-> ', ' ')}" ${((100 * Number(counts[`w${index}`] ?? 0)) / total).toFixed(1)}%`).join(', ')}`,
    );
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// Plans: the exact SQL and bindings searchListings sends, captured from knex, then EXPLAINed.

interface Plan {
  title: string;
  sql: string;
  bindings: unknown[];
  lines: string[];
  executionMs?: number;
}

/**
 * The service keeps running queries that the load queued after autocannon stops: wait until no other
 * session works in this database (60 s at most), so neither the next measurement nor the plans run under
 * that tail.
 */
async function waitForQuietDatabase(db: Knex): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const busy = await db.raw<{ rows: { count: number }[] }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
    );
    if ((busy.rows[0]?.count ?? 0) === 0) return;
    await sleep(250);
  }
  console.log('  (the database was still busy after 60 s; what follows ran alongside other queries)');
}

async function explain(db: Knex, query: Record<string, string>): Promise<Plan> {
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const listener = (data: { sql: string; bindings?: unknown[] }) => captured.push({ sql: data.sql, bindings: data.bindings ?? [] });
  db.on('query', listener);
  try {
    await searchListings(db, listingQuery.parse(query));
  } finally {
    db.removeListener('query', listener);
  }
  // The page's own query (the one that orders), not the count or the vocabulary lookup beside it.
  const statement = captured.find((query) => /order by/i.test(query.sql)) ?? captured[captured.length - 1];
  if (!statement) throw new Error(`searchListings sent no SQL for ${listingsPath(query)}`);
  // knex hands the driver $1, $2… placeholders: run EXPLAIN on a pooled connection of the same instance
  // (same search_path) with exactly those values.
  const connection = await db.client.acquireConnection();
  try {
    const result = (await connection.query({ text: `explain (analyze, buffers) ${statement.sql}`, values: statement.bindings })) as {
      rows: Record<string, string>[];
    };
    const lines = result.rows.map((row) => row['QUERY PLAN'] ?? '');
    const execution = lines.map((line) => line.match(/^Execution Time: ([\d.]+) ms/)).find(Boolean);
    return { title: `GET ${listingsPath(query)}`, ...statement, lines, executionMs: execution?.[1] ? Number(execution[1]) : undefined };
  } finally {
    await db.client.releaseConnection(connection);
  }
}

// ---------------------------------------------------------------------------------------------------

/** Each query once through the gateway: a 200 with a JSON array; returns how many listings each page had. */
async function checkQueries(scenario: Scenario): Promise<number[]> {
  const counts: number[] = [];
  for (const query of scenario.queries) {
    const url = `${gatewayOrigin}${listingsPath(query)}`;
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const body: unknown = await response.json().catch(() => undefined);
    if (response.status !== 200 || !Array.isArray(body)) {
      throw new Error(`${scenario.label}: GET ${url} answered ${response.status} ${JSON.stringify(body)?.slice(0, 300)}, expected 200 with a list`);
    }
    counts.push(body.length);
  }
  return counts;
}

/** One scenario's figures: as served (page cache on), and on the uncached service beside it. */
interface Row {
  scenario: Scenario;
  cached: Measurement;
  /** Browse only: the same through a gateway whose answer cache is off (before it). */
  withoutAnswerCache?: Measurement;
  /** Browse only: the cached path again, loaded by wrk (./wrk.ts) where it could be found or installed. */
  cachedByWrk?: WrkResult;
  uncached: Measurement;
  listingsPerPage: number[];
  sqlMs: number[];
}

async function main(tempDir: string): Promise<void> {
  await assertPortsFree(settings.ports);
  const queryCount = SCENARIOS.reduce((sum, scenario) => sum + scenario.queries.length, 0);
  // Bounded: startup and generation, then per scenario two measurements (warm-up, measured, timeouts, waits for a quiet database),
  // and the browse scenarios' and /livez's runs by wrk (with its install, if need be).
  const wrkRuns = SCENARIOS.filter((scenario) => scenario.goal === 'browse').length + 1;
  limitRunTime(
    240 +
      300 +
      wrkRuns * (settings.warmup + settings.duration + 60) +
      Math.ceil(settings.listings / 400) +
      SCENARIOS.length * 2 * (settings.warmup + settings.duration + 2 * settings.timeout + 60 + 10) +
      queryCount * 20 +
      settings.warmup +
      settings.duration +
      30,
  );

  console.log(`\nGET /api/listings at ${settings.listings} listings: browse, category filters, text search; cached (as served) and uncached`);
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    '  NOTE      autocannon (in this process), the gateways, listings, auth, PostgreSQL and Redis share these cores: read the rows\n' +
      '            against each other (same run), not as the capacity of a dedicated server.',
  );
  console.log(
    `  load      autocannon, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmup} s warm-up + ${settings.duration} s measured per scenario` +
      ' (BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_DURATION); requests say Accept-Encoding: br, gzip, as browsers do',
  );
  console.log(
    `  processes gateway :${settings.ports.gateway} → listings :${settings.ports.listings} (both caches on, as deployed; gateway :${settings.ports.gatewayNoAnswerCache} with its answer cache off); ` +
      `gateway :${settings.ports.gatewayUncached} → listings :${settings.ports.listingsUncached} (BROWSE_CACHE_TTL_MS=0); auth :${settings.ports.auth}`,
  );
  await fillDatabase();

  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, {
    databaseUrl: settings.databaseUrl,
    redisKeyPrefix: 'bench-listings:',
    eventsExchange: 'bench-listings.events',
  });
  startScript('auth', 'services/auth/src/main.ts', {
    ...serviceEnv,
    PORT: String(settings.ports.auth),
    JWT_PRIVATE_KEY_FILE: privateKeyFile,
    COOKIE_SECURE: 'false',
  });
  startScript('listings', 'services/listings/src/main.ts', { ...serviceEnv, PORT: String(settings.ports.listings) });
  // Without the production 1 s statement and 0.6 s pool budgets: a query that slow would be answered 503, and
  // this row is there to show what it costs.
  startScript('listings-uncached', 'services/listings/src/main.ts', {
    ...serviceEnv,
    PORT: String(settings.ports.listingsUncached),
    BROWSE_CACHE_TTL_MS: '0',
    // Every count made too ("1000+" not remembered): every request pays what a first asking does.
    COUNT_MEMORY_SECONDS: '0',
    DATABASE_STATEMENT_TIMEOUT_MS: '30000',
    DATABASE_ACQUIRE_TIMEOUT_MS: '30000',
  });
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.listings}/readyz`, 'listings', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.listingsUncached}/readyz`, 'listings (uncached)', 60_000);
  startScript('gateway', 'gateway/src/main.ts', gatewayEnv(settings.ports.gateway, { auth: settings.ports.auth, listings: settings.ports.listings }));
  startScript('gateway-uncached', 'gateway/src/main.ts', {
    ...gatewayEnv(settings.ports.gatewayUncached, { auth: settings.ports.auth, listings: settings.ports.listingsUncached }),
    GATEWAY_CACHE_TTL_MS: '0',
  });
  // Before the gateway kept answers: the same cached listings, through a gateway whose answer cache is off.
  startScript('gateway-no-answer-cache', 'gateway/src/main.ts', {
    ...gatewayEnv(settings.ports.gatewayNoAnswerCache, { auth: settings.ports.auth, listings: settings.ports.listings }),
    GATEWAY_CACHE_TTL_MS: '0',
  });
  await waitUntilOk(`${gatewayOrigin}/livez`, 'gateway', 60_000);
  await waitUntilOk(`${uncachedGatewayOrigin}/livez`, 'gateway (uncached)', 60_000);
  await waitUntilOk(`${noAnswerCacheOrigin}/livez`, 'gateway (answer cache off)', 60_000);
  const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const { cookie } = await registerUser(settings.ports.auth, { firstName: 'Bench', lastName: 'Browse', phone });
  console.log('');

  const browserHeaders = { 'accept-encoding': 'br, gzip' };
  const floor = await measureLoad('/livez, straight to listings', { url: `http://${LOCALHOST}:${settings.ports.listings}/livez` }, settings);
  const wrk = await findOrInstallWrk();
  if (wrk.note) console.log(`  NOTE      no wrk rows: ${wrk.note}`);
  const floorByWrk =
    wrk.binary === undefined
      ? undefined
      : await measureWithWrk(wrk.binary, '/livez, straight to listings', { url: `http://${LOCALHOST}:${settings.ports.listings}/livez` }, settings);
  const explainDb = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 1);
  const rows: Row[] = [];
  const plans: Plan[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const listingsPerPage = await checkQueries(scenario);
      const paths = scenario.queries.map(listingsPath);
      const headers = { ...browserHeaders, ...(scenario.signedIn ? { cookie } : {}) };
      const targetOn = (origin: string) => (paths.length === 1 ? { url: `${origin}${paths[0]}`, headers } : { url: origin, paths, headers });
      const cached = await measureLoad(`${scenario.label} (cached)`, targetOn(gatewayOrigin), settings);
      const withoutAnswerCache =
        scenario.goal === 'browse' ? await measureLoad(`${scenario.label} (gateway answer cache off)`, targetOn(noAnswerCacheOrigin), settings) : undefined;
      const cachedByWrk =
        scenario.goal === 'browse' && wrk.binary && paths.length === 1
          ? await measureWithWrk(wrk.binary, `${scenario.label} (cached)`, { url: `${gatewayOrigin}${paths[0]}`, headers }, settings)
          : undefined;
      // Slow queries outlive the warm-up's connections: let the service finish them before measuring.
      const uncached = await measureLoad(`${scenario.label} (uncached)`, targetOn(uncachedGatewayOrigin), {
        ...settings,
        settle: () => waitForQuietDatabase(explainDb),
      });
      // Plans after the load, with warm caches, once the queries it queued have finished.
      await waitForQuietDatabase(explainDb);
      const scenarioPlans: Plan[] = [];
      for (const query of scenario.queries) scenarioPlans.push(await explain(explainDb, query));
      plans.push(...scenarioPlans);
      rows.push({
        scenario,
        cached,
        withoutAnswerCache,
        cachedByWrk,
        uncached,
        listingsPerPage,
        sqlMs: scenarioPlans.map((plan) => plan.executionMs ?? Number.NaN),
      });
      await sleep(300);
    }
  } finally {
    await explainDb.destroy();
  }

  const range = (values: number[], digits: number) => {
    const low = Math.min(...values);
    const high = Math.max(...values);
    return low === high ? fmt(low, digits) : `${fmt(low, digits)}–${fmt(high, digits)}`;
  };
  printTable(
    ['scenario', 'listings/page', ...MEASUREMENT_HEADER, 'uncached req/s', 'uncached p95', 'uncached p99', 'all 200', 'SQL ms (EXPLAIN)'],
    [
      [floor.label, '–', ...measurementCells(floor), '', '', '', floor.problem ? 'NO' : 'yes', ''],
      ...rows.map((row) => [
        row.scenario.label,
        range(row.listingsPerPage, 0),
        ...measurementCells(row.cached),
        fmt(row.uncached.requestsPerSecond, 0),
        fmt(row.uncached.p95, 2),
        fmt(row.uncached.p99, 2),
        row.cached.problem || row.uncached.problem ? 'NO' : 'yes',
        range(row.sqlMs, 2),
      ]),
    ],
  );
  console.log(
    "\n  req/s: autocannon's mean of per-second samples. Latency percentiles: every measured response through the gateway, in ms.\n" +
      '  uncached: the same query through a gateway in front of a listings process with its page cache and count memory off (every request reaches PostgreSQL and counts).\n' +
      `  SQL ms: "Execution Time" of EXPLAIN ANALYZE of the same query on a warm cache, one at a time (the load runs ${settings.connections} at once).`,
  );
  if (floorByWrk) {
    console.log('');
    printTable(
      ['loaded by wrk (1 thread)', 'req/s', 'p50 ms', 'p99 ms', 'requests', '÷ /livez', 'autocannon req/s', 'autocannon ÷ /livez'],
      [
        [
          '/livez, straight to listings',
          fmt(floorByWrk.requestsPerSecond, 0),
          fmt(floorByWrk.p50Ms, 2),
          fmt(floorByWrk.p99Ms, 2),
          String(floorByWrk.requests),
          '1',
          fmt(floor.requestsPerSecond, 0),
          '1',
        ],
        ...rows
          .filter((row) => row.cachedByWrk)
          .map((row) => [
            `${row.scenario.label} (cached)`,
            fmt(row.cachedByWrk!.requestsPerSecond, 0),
            fmt(row.cachedByWrk!.p50Ms, 2),
            fmt(row.cachedByWrk!.p99Ms, 2),
            String(row.cachedByWrk!.requests),
            fmt(row.cachedByWrk!.requestsPerSecond / floorByWrk.requestsPerSecond, 2),
            fmt(row.cached.requestsPerSecond, 0),
            fmt(row.cached.requestsPerSecond / floor.requestsPerSecond, 2),
          ]),
      ],
    );
    console.log(
      "  wrk (C) reads an answer for a fraction of autocannon's cost (autocannon runs in this Node process, on the same 2 cores as the servers):\n" +
        "  where answers are larger than /livez's, autocannon's req/s measures autocannon as much as the server. Goal 1 is judged on wrk's ratio.",
    );
  }

  const size = settings.listings >= 1_000_000 ? `${settings.listings / 1_000_000}M` : `${Math.round(settings.listings / 1000)}k`;
  reportGoals(
    rows.map((row): GoalRow => {
      if (row.scenario.goal === 'browse') {
        const byAutocannon = row.cached.requestsPerSecond / floor.requestsPerSecond;
        const byWrk = row.cachedByWrk && floorByWrk ? row.cachedByWrk.requestsPerSecond / floorByWrk.requestsPerSecond : undefined;
        // Judged on wrk's figures where it ran: autocannon's req/s also measures autocannon (see ./wrk.ts).
        const ratio = byWrk ?? byAutocannon;
        const autocannonFigures = `${fmt(byAutocannon, 2)} (${fmt(row.cached.requestsPerSecond, 0)} ÷ ${fmt(floor.requestsPerSecond, 0)} req/s)`;
        return {
          goal: '1 browse',
          measure: `${row.scenario.label} via gateway (${size}), req/s ÷ /livez${byWrk === undefined ? '' : ', wrk'}`,
          figure:
            byWrk === undefined
              ? `${autocannonFigures}, p99 ${fmt(row.cached.p99, 1)} ms`
              : `${fmt(byWrk, 2)} (${fmt(row.cachedByWrk!.requestsPerSecond, 0)} req/s, p99 ${fmt(row.cachedByWrk!.p99Ms, 1)} ms)`,
          target: `≥ ${BROWSE_RATIO_GOAL}`,
          baseline:
            (byWrk === undefined
              ? `/livez ${fmt(floor.requestsPerSecond, 0)} req/s`
              : `/livez ${fmt(floorByWrk!.requestsPerSecond, 0)} req/s; autocannon ${autocannonFigures}`) +
            `; autocannon, gateway answer cache off ${fmt(row.withoutAnswerCache!.requestsPerSecond / floor.requestsPerSecond, 2)}` +
            ` (${fmt(row.withoutAnswerCache!.requestsPerSecond, 0)} req/s); uncached ${fmt(row.uncached.requestsPerSecond / floor.requestsPerSecond, 2)}`,
          met: ratio >= BROWSE_RATIO_GOAL && !row.cached.problem,
        };
      }
      const budget = budgetMs(row.scenario.goal);
      return {
        goal: '3 search',
        measure: `${row.scenario.label} (${size}), ${settings.connections} conns, p95`,
        figure: `${fmt(row.cached.p95, 1)} ms (${fmt(row.cached.requestsPerSecond, 0)} req/s)`,
        target: `p95 ≤ ${budget} ms`,
        baseline: `uncached p95 ${fmt(row.uncached.p95, 1)} ms (${fmt(row.uncached.requestsPerSecond, 0)} req/s)`,
        met: row.cached.p95 <= budget && !row.cached.problem,
      };
    }),
  );
  console.log("  uncached rows: the database's own cost on a cache miss (see docs/search.md for where PostgreSQL full-text search stops meeting the budget).");

  console.log('\n\nQuery plans: EXPLAIN (ANALYZE, BUFFERS) of the SQL searchListings() sends for each query');
  for (const plan of plans) {
    console.log(`\n-- ${plan.title}`);
    console.log(`-- bindings: ${JSON.stringify(plan.bindings)}`);
    console.log(plan.sql.replace(/^/gm, '   '));
    for (const line of plan.lines) console.log(`   ${line}`);
  }

  // The uncached service answers 503 when its pool cannot take 20 dear queries at once: that is the figure
  // (shown in its row), not a failed run. The served path must answer every request.
  const uncachedRefusals = rows.filter((row) => row.uncached.problem).map((row) => row.scenario.label);
  if (uncachedRefusals.length > 0) console.log(`\n  uncached: not every answer was a 200 (503 past the pool) in ${uncachedRefusals.join(', ')}`);
  const failed = rows.map((row) => row.cached.problem).filter(Boolean);
  if (failed.length > 0) throw new Error(`not every response was a 200:\n  ${failed.join('\n  ')}`);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-listings-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, both listings processes and both gateways',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
