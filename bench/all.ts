/**
 * make bench: every benchmark of issue 14's goals, one after another (each starts and stops its own
 * processes), then one table of every goal's figures beside its target and its same-run baseline.
 *
 * BENCH_ONLY=listings,gateway runs some of them. Each benchmark's own output (tables, plans) is shown as it
 * runs; the summary at the end is what to compare between runs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/settings';
import { type GoalRow, printGoalTable } from './lib/tables';

/** In goal order; each script prints its own figures and appends its goal rows to BENCH_RESULTS_FILE. */
const BENCHMARKS = [
  { name: 'listings', script: 'bench/listings/main.ts', goals: 'browse (1) and search/filters (3)' },
  { name: 'search-scale', script: 'bench/search-scale.ts', goals: 'search on a cache miss at 100k and 1M (3)' },
  { name: 'saved-searches', script: 'bench/saved-search-matching.ts', goals: 'a new listing against 100k saved searches (issue 46)' },
  { name: 'gateway', script: 'bench/gateway/main.ts', goals: 'gateway vs direct vs nginx (2)' },
  { name: 'chat', script: 'bench/chat/main.ts', goals: 'chat push latency (4)' },
  { name: 'first-page', script: 'bench/first-page.ts', goals: 'first page JS and LCP (5)' },
] as const;

const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim());
const chosen = BENCHMARKS.filter((bench) => !only || only.includes(bench.name));
const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-all-'));
const resultsFile = path.join(tempDir, 'goals.jsonl');
const failures: string[] = [];
const started = Date.now();

for (const bench of chosen) {
  console.log(`\n==== ${bench.name}: ${bench.goals} (${bench.script})`);
  if (!existsSync(path.join(root, bench.script))) {
    failures.push(`${bench.name}: ${bench.script} is missing`);
    continue;
  }
  const result = spawnSync(process.execPath, ['--import', 'tsx', bench.script], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  if (result.status !== 0) failures.push(`${bench.name}: exited with ${result.status ?? result.signal}`);
}

const rows: GoalRow[] = existsSync(resultsFile)
  ? readFileSync(resultsFile, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as GoalRow)
  : [];
rmSync(tempDir, { recursive: true, force: true });

console.log(
  `\n==== make bench: issue 14's goals, each figure beside its target and its baseline from the same run (${Math.round((Date.now() - started) / 60_000)} min)`,
);
printGoalTable(rows);
const missed = rows.filter((row) => row.met === false);
console.log(
  `\n  ${rows.filter((row) => row.met).length} goals met, ${missed.length} missed${failures.length ? `; benchmarks that failed: ${failures.join('; ')}` : ''}`,
);
process.exit(failures.length > 0 ? 1 : 0);
