/**
 * npm run bench:startup: what running compiled JavaScript instead of TypeScript through tsx saves when a pod
 * starts. For every deployable, its migrations and its main process are started the way the images ran them
 * before (`node --import tsx src/...ts`) and the way they run them now (`node --enable-source-maps
 * dist/...js`, bundled first by scripts/build.ts), BENCH_ROUNDS times each, alternating:
 *
 * - migrate: the wall time of the migration process (spawn to exit 0, schema already up to date);
 * - start to ready: spawn to the first 200 from /readyz;
 * - idle RSS: VmRSS of the process (/proc/<pid>/status) BENCH_IDLE_SECONDS after it is ready.
 *
 * One table: the median of each, before and after, and the ratio. Everything runs on 127.0.0.1 with its own
 * ports, database, Redis key prefix and events exchange (see lib/service-env.ts), one process at a time, and is stopped
 * at the end, on an error, on Ctrl-C and when the run overshoots its time limit.
 *
 * Settings (environment): BENCH_ROUNDS (5), BENCH_IDLE_SECONDS (3), BENCH_PORT (4170), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/vnmarket_bench_startup).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SERVICE_NAMES } from '@vnmarket/proto';
import { buildWorkspace } from '../scripts/build';
import { assertPortsFree, benchDatabaseName, envInt, LOCALHOST, machineSummary, root, sleep } from './lib/settings';
import { gatewayUpstreamEnv, runServiceEnv } from './lib/service-env';
import { limitRunTime, runBench, runToEnd, waitUntilOk } from './lib/processes';
import { procStatusKb } from './lib/proc';
import { fmt, printTable } from './lib/tables';
import { recreateDatabase } from './lib/seed';

const settings = {
  rounds: envInt('BENCH_ROUNDS', 5, 1),
  idleSeconds: envInt('BENCH_IDLE_SECONDS', 3, 0),
  port: envInt('BENCH_PORT', 4170, 1),
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_startup',
};

const DEPLOYABLES = ['gateway', ...SERVICE_NAMES] as const;
type Deployable = (typeof DEPLOYABLES)[number];
const workspaceOf = (name: Deployable) => (name === 'gateway' ? 'gateway' : `services/${name}`);

/** Before: the TypeScript entry through tsx's loader. After: the image's command on the bundle. */
const WAYS = {
  tsx: (workspace: string, entry: string) => ['--import', 'tsx', `${workspace}/src/${entry}.ts`],
  node: (workspace: string, entry: string) => ['--enable-source-maps', `${workspace}/dist/${entry}.js`],
} as const;
type Way = keyof typeof WAYS;

interface Sample {
  migrateMs?: number;
  readyMs: number;
  rssKb: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

async function measure(name: Deployable, way: Way, env: NodeJS.ProcessEnv): Promise<Sample> {
  const workspace = workspaceOf(name);
  let migrateMs: number | undefined;
  if (name !== 'gateway') {
    const started = performance.now();
    const result = await runToEnd(process.execPath, WAYS[way](workspace, 'migrate'), env, 120_000);
    if (result.code !== 0) throw new Error(`${name} migrations (${way}) failed:\n${result.output}`);
    migrateMs = performance.now() - started;
  }
  // Started and stopped here rather than through lib/processes' startChild, whose children live for the whole run.
  const started = performance.now();
  const child = spawn(process.execPath, WAYS[way](workspace, 'main'), { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await Promise.race([
      waitUntilOk(`http://${LOCALHOST}:${settings.port}/readyz`, `${name} (${way})`, 180_000).catch((error: Error) => {
        throw new Error(`${error.message}\n${output.slice(-3000)}`);
      }),
      exited.then(() => Promise.reject(new Error(`${name} (${way}) exited before it was ready:\n${output.slice(-3000)}`))),
    ]);
    const readyMs = performance.now() - started;
    await sleep(settings.idleSeconds * 1000);
    const rssKb = procStatusKb(child.pid, 'VmRSS');
    if (rssKb === undefined) throw new Error(`${name} (${way}): no VmRSS for pid ${child.pid}`);
    return { migrateMs, readyMs, rssKb };
  } finally {
    child.kill('SIGTERM');
    await exited;
    running.delete(child);
  }
}

const running = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

async function main(tempDir: string): Promise<void> {
  limitRunTime(120 + settings.rounds * DEPLOYABLES.length * 2 * (90 + settings.idleSeconds));
  benchDatabaseName(settings.databaseUrl, 'BENCH_DATABASE_URL');
  await assertPortsFree({ BENCH_PORT: settings.port });
  console.log(`startup: ${machineSummary()}; ${settings.rounds} rounds, RSS ${settings.idleSeconds} s after ready`);
  for (const name of DEPLOYABLES) console.log(`  built ${workspaceOf(name)}: ${(await buildWorkspace(workspaceOf(name))).length} bundles`);

  await recreateDatabase(settings.databaseUrl);
  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, {
    databaseUrl: settings.databaseUrl,
    redisKeyPrefix: `bench-startup-${randomInt(1e9)}:`,
    eventsExchange: 'bench.startup.events',
  });
  const envOf = (name: Deployable): NodeJS.ProcessEnv => ({
    ...serviceEnv,
    ...(name === 'gateway' ? { ...gatewayUpstreamEnv({}), GATEWAY_PORT: String(settings.port) } : { PORT: String(settings.port) }),
    ...(name === 'auth' ? { JWT_PRIVATE_KEY_FILE: privateKeyFile } : {}),
    // The secrets production mode requires, throw-away; files in the run's temp dir.
    ...(name === 'media' ? { MEDIA_SIGNING_SECRET: randomBytes(32).toString('hex'), MEDIA_ROOT: path.join(tempDir, 'media') } : {}),
    ...(name === 'verification' ? { VERIFICATION_CODE_SECRET: randomBytes(32).toString('hex'), SMS_OUTBOX: path.join(tempDir, 'sms-outbox.jsonl') } : {}),
  });

  const samples = new Map<string, Sample[]>();
  for (let round = 1; round <= settings.rounds; round += 1) {
    for (const name of DEPLOYABLES) {
      // Alternate which way goes first, so neither always meets warmer caches.
      const ways: Way[] = round % 2 ? ['tsx', 'node'] : ['node', 'tsx'];
      for (const way of ways) {
        const sample = await measure(name, way, envOf(name));
        samples.set(`${name}/${way}`, [...(samples.get(`${name}/${way}`) ?? []), sample]);
      }
    }
    console.log(`  round ${round}/${settings.rounds} done`);
  }

  const stat = (name: Deployable, way: Way, pick: (sample: Sample) => number | undefined) => {
    const values = samples
      .get(`${name}/${way}`)!
      .map(pick)
      .filter((value): value is number => value !== undefined);
    return values.length ? median(values) : undefined;
  };
  const lines = DEPLOYABLES.flatMap((name) => {
    const row = (what: string, pick: (sample: Sample) => number | undefined, unit: (value: number) => number, digits: number) => {
      const before = stat(name, 'tsx', pick);
      const after = stat(name, 'node', pick);
      if (before === undefined || after === undefined) return [];
      return [[`${name} ${what}`, fmt(unit(before), digits), fmt(unit(after), digits), `${fmt(after / before, 2)}×`]];
    };
    return [
      ...row(
        'migrate s',
        (sample) => sample.migrateMs,
        (ms) => ms / 1000,
        2,
      ),
      ...row(
        'start to ready s',
        (sample) => sample.readyMs,
        (ms) => ms / 1000,
        2,
      ),
      ...row(
        'idle RSS MB',
        (sample) => sample.rssKb,
        (kb) => kb / 1024,
        0,
      ),
    ];
  });
  printTable(['deployable, median of ' + settings.rounds, 'tsx src/*.ts', 'node dist/*.js', 'after/before'], lines);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-startup-'));
void runBench(() => main(tempDir), {
  stopping: 'the deployables',
  cleanup: async () => {
    for (const child of running) child.kill('SIGKILL');
    rmSync(tempDir, { recursive: true, force: true });
    await recreateDatabase(settings.databaseUrl).catch(() => undefined);
  },
});
