/**
 * npm run bench:listings (or make bench-listings): GET /api/listings through the gateway at 100k listings —
 * plain browsing, category pages with filters, and full-text search — with requests/s and latency
 * percentiles, then the PostgreSQL plan (EXPLAIN ANALYZE, BUFFERS) of the exact SQL the service runs
 * for each query.
 *
 * The database (vnmarket_bench_listings) is dropped and recreated every run, migrated, filled by
 * tools/generate/listings.ts and vacuumed/analyzed; auth, listings and the gateway run on their own
 * 127.0.0.1 ports with their own Redis key prefix and events exchange, so `make start` and the tests are
 * not disturbed. Every process it starts is stopped at the end, on an error, on Ctrl-C, and when the run
 * overshoots its time limit.
 *
 * Settings (environment): BENCH_LISTINGS (listings generated, 100000), BENCH_DURATION (measured seconds per
 * scenario, 10), BENCH_WARMUP (3), BENCH_CONNECTIONS (50), BENCH_TIMEOUT (seconds per request, 30), BENCH_AUTH_PORT (4111), BENCH_LISTINGS_PORT (4112),
 * BENCH_GATEWAY_PORT (8190), BENCH_LISTINGS_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vnmarket_bench_listings;
 * its name must contain "bench": it is dropped).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { listingQuery } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { migrations as authMigrations } from '../../services/auth/migrations';
import { AUTH_SCHEMA } from '../../services/auth/src/config';
import { migrations as listingsMigrations } from '../../services/listings/migrations';
import { LISTINGS_SCHEMA } from '../../services/listings/src/config';
import { searchListings } from '../../services/listings/src/db/listings';
import { generateListings } from '../../tools/generate/listings';
import {
  assertPortsFree,
  benchDatabaseName,
  envInt,
  fmt,
  gatewayEnv,
  limitRunTime,
  LOCALHOST,
  machineSummary,
  MEASUREMENT_HEADER,
  measureLoad,
  measurementCells,
  printTable,
  runBench,
  runServiceEnv,
  sleep,
  startScript,
  waitUntilOk,
  type Measurement,
  recreateDatabase,
} from './lib';

const settings = {
  listings: envInt('BENCH_LISTINGS', 100_000, 1),
  duration: envInt('BENCH_DURATION', 10, 1),
  warmup: envInt('BENCH_WARMUP', 3, 0),
  connections: envInt('BENCH_CONNECTIONS', 50, 1),
  pipelining: 1,
  /** Slow queries under 50 connections queue for seconds: allow it, and report (not abort) a scenario whose responses are not all 200. */
  timeout: envInt('BENCH_TIMEOUT', 30, 1),
  onProblem: 'report' as const,
  ports: {
    auth: envInt('BENCH_AUTH_PORT', 4111, 1),
    listings: envInt('BENCH_LISTINGS_PORT', 4112, 1),
    gateway: envInt('BENCH_GATEWAY_PORT', 8190, 1),
  },
  databaseUrl: process.env.BENCH_LISTINGS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_listings',
};
const databaseName = benchDatabaseName(settings.databaseUrl, 'BENCH_LISTINGS_DATABASE_URL');

/** What a page of the web app asks for. A scenario with several queries cycles through them on every connection. */
interface Scenario {
  label: string;
  queries: Record<string, string>[];
}

const page = { limit: '50' };
const SCENARIOS: Scenario[] = [
  { label: 'browse (recent)', queries: [page] },
  { label: 'rent filters', queries: [{ category: 'rent', minPrice: '1500', maxPrice: '3500', location: 'san jose', bedrooms: '2', ...page }] },
  { label: 'food vegetarian', queries: [{ category: 'food', dietaryOptions: 'vegetarian', ...page }] },
  { label: 'search "pho"', queries: [{ search: 'pho', ...page }] },
  { label: 'search "banh mi"', queries: [{ search: 'banh mi', ...page }] },
  {
    label: 'search mix (6 queries)',
    queries: ['phở bò', 'bánh mì chay', 'apartment san jose', 'nhà', 'room', 'thợ nail'].map((search) => ({ search, ...page })),
  },
];

const TEXT_SEARCH_P95_BUDGET_MS = 50;
const gatewayOrigin = `http://${LOCALHOST}:${settings.ports.gateway}`;
const listingsPath = (query: Record<string, string>) => `/api/listings?${new URLSearchParams(query)}`;

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
  const statement = captured[captured.length - 1];
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

type Row = Measurement & { listingsPerPage: number[]; sqlMs: number[] };

async function main(tempDir: string): Promise<void> {
  await assertPortsFree(settings.ports);
  const queryCount = SCENARIOS.reduce((sum, scenario) => sum + scenario.queries.length, 0);
  // Bounded: startup and generation, then per scenario warm-up + measurement, their request timeouts, two waits for a quiet database (60 s each at most).
  limitRunTime(
    240 + Math.ceil(settings.listings / 400) + SCENARIOS.length * (settings.warmup + settings.duration + 2 * settings.timeout + 2 * 60 + 20) + queryCount * 10,
  );

  console.log(`\nGET /api/listings through the gateway at ${settings.listings} listings: browse, category filters, text search`);
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    '  NOTE      autocannon (in this process), the gateway, listings, auth, PostgreSQL and Redis share these cores: read the rows\n' +
      '            against each other and against the SQL time of the plans, not as the capacity of a dedicated server.',
  );
  console.log(
    `  load      autocannon, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmup} s warm-up + ${settings.duration} s measured per scenario` +
      ' (BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_DURATION)',
  );
  console.log(
    `  processes gateway ${LOCALHOST}:${settings.ports.gateway} → listings :${settings.ports.listings}, auth :${settings.ports.auth} ` +
      '(1 Node process each, NODE_ENV=production, LOG_LEVEL=warn)',
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
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.listings}/readyz`, 'listings', 60_000);
  startScript('gateway', 'gateway/src/main.ts', gatewayEnv(settings.ports.gateway, { auth: settings.ports.auth, listings: settings.ports.listings }));
  await waitUntilOk(`${gatewayOrigin}/livez`, 'gateway', 60_000);
  console.log('');

  const explainDb = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 1);
  const rows: Row[] = [];
  const plans: Plan[] = [];
  try {
    for (const scenario of SCENARIOS) {
      const listingsPerPage = await checkQueries(scenario);
      const paths = scenario.queries.map(listingsPath);
      const target = paths.length === 1 ? { url: `${gatewayOrigin}${paths[0]}` } : { url: gatewayOrigin, paths };
      // Slow queries outlive the warm-up's connections: let the service finish them before measuring.
      const measured = await measureLoad(scenario.label, target, { ...settings, settle: () => waitForQuietDatabase(explainDb) });
      // Plans after the load, with warm caches, once the queries it queued have finished.
      await waitForQuietDatabase(explainDb);
      const scenarioPlans: Plan[] = [];
      for (const query of scenario.queries) scenarioPlans.push(await explain(explainDb, query));
      plans.push(...scenarioPlans);
      rows.push({ ...measured, listingsPerPage, sqlMs: scenarioPlans.map((plan) => plan.executionMs ?? Number.NaN) });
      await sleep(500);
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
    ['scenario', 'listings/page', ...MEASUREMENT_HEADER, 'all 200', 'SQL ms (EXPLAIN)'],
    rows.map((row) => [row.label, range(row.listingsPerPage, 0), ...measurementCells(row), row.problem ? 'NO' : 'yes', range(row.sqlMs, 2)]),
  );
  console.log(
    "\n  req/s: autocannon's mean of per-second samples. Latency percentiles: every measured response through the gateway, in ms.\n" +
      `  SQL ms: "Execution Time" of EXPLAIN ANALYZE of the same query on a warm cache, one at a time (the load runs ${settings.connections} at once).`,
  );
  const slowSearches = rows.filter((row) => row.label.startsWith('search') && row.p95 > TEXT_SEARCH_P95_BUDGET_MS);
  console.log(
    slowSearches.length === 0
      ? `\n  text search p95 is within ${TEXT_SEARCH_P95_BUDGET_MS} ms in every search scenario`
      : `\n  text search p95 above ${TEXT_SEARCH_P95_BUDGET_MS} ms: ${slowSearches.map((row) => `${row.label} ${fmt(row.p95, 1)} ms`).join(', ')}`,
  );

  console.log('\n\nQuery plans: EXPLAIN (ANALYZE, BUFFERS) of the SQL searchListings() sends for each query');
  for (const plan of plans) {
    console.log(`\n-- ${plan.title}`);
    console.log(`-- bindings: ${JSON.stringify(plan.bindings)}`);
    console.log(plan.sql.replace(/^/gm, '   '));
    for (const line of plan.lines) console.log(`   ${line}`);
  }

  const failed = rows.filter((row) => row.problem);
  if (failed.length > 0) throw new Error(`not every response was a 200:\n  ${failed.map((row) => row.problem).join('\n  ')}`);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-listings-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, listings and the gateway',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
