/** The listings benchmark's results: the table of every scenario, wrk's figures beside autocannon's, goal rows and plans. */
import type { Measurement } from '../lib/load';
import { fmt, type GoalRow, MEASUREMENT_HEADER, measurementCells, printTable, reportGoals } from '../lib/tables';
import type { WrkResult } from '../wrk';
import type { Plan } from './database';
import { BROWSE_RATIO_GOAL, budgetMs, type Scenario, settings } from './settings';

/** One scenario's figures: as served (page cache on), and on the uncached service beside it. */
export interface Row {
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

/** The results table, the wrk table beside autocannon's, the goal rows and the query plans. */
export function printResults(rows: Row[], floor: Measurement, floorByWrk: WrkResult | undefined, plans: Plan[]): void {
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
}
