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
import { createDb } from '@vnmarket/shared';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { assertPortsFree, LOCALHOST, machineSummary, sleep } from '../lib/settings';
import { authServiceEnv, gatewayEnv, runServiceEnv } from '../lib/service-env';
import { entryOf, limitRunTime, runBench, startScript, waitUntilOk } from '../lib/processes';
import { measureLoad } from '../lib/load';
import { registerUser } from '../lib/seed';
import { findOrInstallWrk, measureWithWrk } from '../wrk';
import { explain, fillDatabase, type Plan, waitForQuietDatabase } from './database';
import { printResults, type Row } from './report';
import { gatewayOrigin, listingsPath, noAnswerCacheOrigin, type Scenario, SCENARIOS, settings, uncachedGatewayOrigin } from './settings';

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
  startScript('auth', entryOf('auth', 'main'), authServiceEnv(serviceEnv, privateKeyFile, settings.ports.auth));
  startScript('listings', entryOf('listings', 'main'), { ...serviceEnv, PORT: String(settings.ports.listings) });
  // Without the production 1 s statement and 0.6 s pool budgets: a query that slow would be answered 503, and
  // this row is there to show what it costs.
  startScript('listings-uncached', entryOf('listings', 'main'), {
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
  startScript('gateway', entryOf('gateway', 'main'), gatewayEnv(settings.ports.gateway, { auth: settings.ports.auth, listings: settings.ports.listings }));
  startScript('gateway-uncached', entryOf('gateway', 'main'), {
    ...gatewayEnv(settings.ports.gatewayUncached, { auth: settings.ports.auth, listings: settings.ports.listingsUncached }),
    GATEWAY_CACHE_TTL_MS: '0',
  });
  // Before the gateway kept answers: the same cached listings, through a gateway whose answer cache is off.
  startScript('gateway-no-answer-cache', entryOf('gateway', 'main'), {
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

  printResults(rows, floor, floorByWrk, plans);

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
