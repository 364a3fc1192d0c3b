/**
 * What the benchmarks in bench/ share: settings from the environment, the child processes they
 * start (always stopped again: at the end, on an error, on Ctrl-C, when a run overshoots its time
 * limit), the autocannon load with every response's latency kept for exact percentiles, and the table.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import {
  accessSync,
  appendFileSync,
  chmodSync,
  closeSync,
  constants as fsConstants,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { SERVICES, type ServiceName } from '../gateway/src/routes';
import { forEachLine, isListening, writeSigningKeys } from '../scripts/lib/local';
import { createDb } from '@vnmarket/shared';

export const root = path.resolve(__dirname, '..');
export const LOCALHOST = '127.0.0.1';

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** An integer setting from the environment; exits with a message when it is not one. */
export function envInt(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`bench: ${name} must be an integer >= ${min} (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

/**
 * The database a benchmark drops and recreates every run, named by the setting `variable`; exits with a
 * message unless its name contains "bench" (so that it can never be a real database).
 */
export function benchDatabaseName(databaseUrl: string, variable: string): string {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  if (!name.includes('bench')) {
    console.error(`bench: ${variable} must name a database whose name contains "bench" (it is dropped each run); got "${name}"`);
    process.exit(1);
  }
  return name;
}

/** Fails when one of the run's ports is taken (its setting is BENCH_<NAME>_PORT; messagingA → BENCH_MESSAGING_A_PORT). */
export async function assertPortsFree(ports: Record<string, number>): Promise<void> {
  for (const [name, port] of Object.entries(ports)) {
    const variable = `BENCH_${name.replace(/([A-Z])/g, '_$1').toUpperCase()}_PORT`;
    if (await isListening(LOCALHOST, port, 1000)) throw new Error(`port ${port} (${name}) is already in use; stop whatever holds it or set ${variable}`);
  }
}

/**
 * How fast this machine is right now, in two figures measured in this process: the median of 3 timings of
 * 100 million additions (one core's speed), and of 100,000 one-byte reads of /dev/zero (what a system call
 * costs: these benches are mostly system calls on loopback sockets). The shared VMs they run on differ from
 * day to day, and every figure of a run moves with these two: compare runs only with them beside.
 */
export function machineSpeed(): { additionsMs: number; readsMs: number } {
  const median = (run: () => void) => {
    const timings = [0, 1, 2].map(() => {
      const started = performance.now();
      run();
      return performance.now() - started;
    });
    return timings.sort((a, b) => a - b)[1]!;
  };
  const additionsMs = median(() => {
    let sum = 0;
    for (let i = 0; i < 100_000_000; i += 1) sum += i * 0.5;
    if (sum < 0) throw new Error('unreachable: keeps the loop from being optimised away');
  });
  const fd = openSync('/dev/zero', 'r');
  const byte = Buffer.alloc(1);
  try {
    const readsMs = median(() => {
      for (let i = 0; i < 100_000; i += 1) readSync(fd, byte, 0, 1, null);
    });
    return { additionsMs, readsMs };
  } finally {
    closeSync(fd);
  }
}

/** One line about the machine: the numbers only mean something next to it. */
export function machineSummary(): string {
  const cpus = os.cpus();
  const speed = machineSpeed();
  return (
    `${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}; ` +
    `speed: 100M additions ${Math.round(speed.additionsMs)} ms, 100k read() calls ${Math.round(speed.readsMs)} ms (lower is faster)`
  );
}

/** The environment for the services we start: ours, without tracing exporters or inline keys. */
export function serviceBaseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith('OTEL_') || key === 'JWT_PUBLIC_KEY' || key === 'JWT_PRIVATE_KEY') delete env[key];
  return env;
}

/**
 * Settings every service process gets in a benchmark: production mode, quiet logs, loopback only, and its
 * metrics listener on a free port (with the default, the first process of a run took 9464 and every other
 * logged an error at start, or all did beside a running `make start`). Production requires PUBLIC_ORIGINS;
 * the benchmarks' writes carry no Origin, or their own (same-origin), so its value does not matter.
 */
export const SERVICE_COMMON_ENV = {
  NODE_ENV: 'production',
  LOG_LEVEL: 'warn',
  HOST: LOCALHOST,
  SHUTDOWN_TIMEOUT_MS: '3000',
  METRICS_PORT: '0',
  PUBLIC_ORIGINS: 'http://localhost:8080',
} as const;

/**
 * What every service of a run shares: the base environment, SERVICE_COMMON_ENV, the run's database, its
 * throw-away signing keys (written to tempDir; only auth gets the private one, so it is returned apart) and
 * its own Redis key prefix and events exchange, so `make start` and the tests are not disturbed.
 */
export function runServiceEnv(
  tempDir: string,
  run: { databaseUrl: string; redisKeyPrefix: string; eventsExchange: string },
): { serviceEnv: NodeJS.ProcessEnv; privateKeyFile: string } {
  const { privateKeyFile, publicKeyFile } = writeSigningKeys(tempDir);
  const serviceEnv: NodeJS.ProcessEnv = {
    ...serviceBaseEnv(),
    ...SERVICE_COMMON_ENV,
    DATABASE_URL: run.databaseUrl,
    JWT_PUBLIC_KEY_FILE: publicKeyFile,
    REDIS_KEY_PREFIX: run.redisKeyPrefix,
    EVENTS_EXCHANGE: run.eventsExchange,
  };
  return { serviceEnv, privateKeyFile };
}

/**
 * The gateway's environment: on `port`, in front of the services started on the ports given (see
 * gatewayUpstreamEnv). Every request of a benchmark comes from one address: the per-client in-flight cap
 * is lifted, as a load test lifts it (values-loadtest.yaml).
 */
export function gatewayEnv(port: number, started: Partial<Record<ServiceName, number>>): NodeJS.ProcessEnv {
  return { ...serviceBaseEnv(), ...SERVICE_COMMON_ENV, ...gatewayUpstreamEnv(started), GATEWAY_PORT: String(port), GATEWAY_MAX_IN_FLIGHT_PER_CLIENT: '100000' };
}

/**
 * The gateway's upstream URLs for a run that starts only some services: those on their bench ports, every
 * other one on a closed port (their routes fail fast). The gateway's /healthz then stays 503 (it wants every
 * service), so wait on its /livez and check the measured route once through it.
 */
export function gatewayUpstreamEnv(started: Partial<Record<ServiceName, number>>): Record<string, string> {
  const closedPort = 9; // discard: nothing listens there
  return Object.fromEntries(SERVICES.map((service) => [`${service.toUpperCase()}_URL`, `http://${LOCALHOST}:${started[service] ?? closedPort}`]));
}

/** A TypeScript entry point run on this Node (the pinned one) through the tsx loader, as `make start` does. */
export const tsxCommand = (script: string): [string, string[]] => [process.execPath, ['--import', 'tsx', script]];

// ---------------------------------------------------------------------------------------------------
// Failure: a child that dies, the time limit or a signal ends the run through one promise.

let rejectFailure: (error: Error) => void = () => {};
const failure = new Promise<never>((_resolve, reject) => {
  rejectFailure = reject;
});
failure.catch(() => {});

/** Ends the run with this error (the first one wins). */
export function fail(error: Error): void {
  rejectFailure(error);
}

/** From now on the run may take at most this long. */
export function limitRunTime(seconds: number): void {
  setTimeout(() => fail(new Error(`the benchmark exceeded its time limit of ${seconds} s`)), seconds * 1000).unref();
}

// ---------------------------------------------------------------------------------------------------
// Child processes: started here, always stopped here.

export interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines of its output, shown when it fails. */
  tail: string[];
  /** Called when the child had to be SIGKILLed (e.g. to kill an nginx master's workers too). */
  onForceKill?: () => void;
}

const children: Child[] = [];
let stopping = false;
let currentLoad: autocannon.Instance | undefined;

/**
 * A gateway's warning for each request still in flight when a load generator ends its run (wrk and autocannon stop
 * mid-request): expected at the end of every measurement, about one a connection, and a third of a make bench log
 * before they were left out. Kept in the child's tail, counted, and not shown.
 */
export const isLoadEndWarning = (line: string) => line.includes('"msg":"client left before the answer was sent"');
let loadEndWarnings = 0;

function relayOutput(child: Child, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  forEachLine(stream, (line) => {
    child.tail.push(line);
    if (child.tail.length > 40) child.tail.shift();
    if (isLoadEndWarning(line)) loadEndWarnings += 1;
    else process.stderr.write(`    [${child.name}] ${line}\n`);
  });
}

/** Starts a server for the length of the run; its dying on its own fails the run. */
export function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv, onForceKill?: () => void): Child {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, process: proc, tail: [], onForceKill };
  relayOutput(child, proc.stdout);
  relayOutput(child, proc.stderr);
  proc.on('error', (error) => {
    if (!stopping) fail(new Error(`${name} could not be started: ${error.message}`));
  });
  proc.on('exit', (code, signal) => {
    if (!stopping) fail(new Error(`${name} exited unexpectedly (${signal ?? `code ${code}`})\n${child.tail.join('\n')}`));
  });
  children.push(child);
  return child;
}

/** Starts a TypeScript entry point of this repository (a service or the gateway). */
export function startScript(name: string, script: string, env: NodeJS.ProcessEnv): Child {
  const [command, args] = tsxCommand(script);
  return startChild(name, command, args, env);
}

const isRunning = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

export function killPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

/** SIGTERM to every child, SIGKILL to those still there after 5 s; resolves when they are gone (8 s at most). */
export async function stopAll(): Promise<void> {
  stopping = true;
  currentLoad?.stop();
  if (loadEndWarnings > 0) {
    console.log(`  (not shown: ${loadEndWarnings} gateway warnings "client left before the answer was sent", from load generators ending their runs)`);
  }
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (!isRunning(child)) return resolve();
          const done = setTimeout(resolve, 8_000);
          child.process.once('exit', () => {
            clearTimeout(done);
            resolve();
          });
          child.process.kill('SIGTERM');
          setTimeout(() => {
            if (!isRunning(child)) return;
            child.process.kill('SIGKILL');
            child.onForceKill?.();
          }, 5_000).unref();
        }),
    ),
  );
}

/** Last resort if we exit without stopAll (e.g. an exception in a callback). */
process.on('exit', () => {
  for (const child of children) if (isRunning(child)) child.process.kill('SIGKILL');
});

// ---------------------------------------------------------------------------------------------------
// /proc: what the benchmarks read about their own and other processes.

/** A /proc/<pid>/status field in kB (VmRSS: resident now, VmHWM: peak resident), or undefined if unreadable. */
export function procStatusKb(pid: number | undefined, field: string): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * /proc/<pid>/stat: the command name and the fields after it (index 0 is the file's field 3, the state;
 * ppid is 1, utime 11, stime 12, starttime 19), or undefined once the process is gone.
 */
export function readProcStat(pid: number): { comm: string; fields: string[] } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return { comm: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), fields: stat.slice(stat.lastIndexOf(')') + 2).split(' ') };
  } catch {
    return undefined;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on every mainstream Linux). */
const USER_HZ = 100;

/** utime + stime, in seconds, of one process (readProcStat's fields): all its threads so far. */
export const cpuSecondsOfStat = (fields: string[]): number => (Number(fields[11]) + Number(fields[12])) / USER_HZ;

/** Busy and total CPU seconds of the whole machine (all cores) so far, from /proc/stat. */
export function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0); // idle + iowait
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / USER_HZ, total: total / USER_HZ };
}

/** The pids of every process on the machine (empty if /proc cannot be read). */
export function listPids(): number[] {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .map(Number);
  } catch {
    return [];
  }
}

/** Runs a command to its end with a time limit; resolves with its exit code (null if killed) and output. */
export function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    proc.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    proc.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs / 1000} s)`;
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: null, output: `${output}\n${error.message}` });
    });
    proc.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** Runs a TypeScript script of this repository to its end (migrations); throws with its output if it fails. */
export async function runScript(what: string, script: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<void> {
  const [command, args] = tsxCommand(script);
  const result = await runToEnd(command, args, env, timeoutMs);
  if (result.code !== 0) throw new Error(`${what} failed:\n${result.output}`);
}

/** POST /api/register on auth: a new user's id and its vnm_session cookie; throws with auth's answer otherwise. */
export async function registerUser(
  authPort: number,
  user: { firstName: string; lastName: string; phone: string },
  what = 'registration',
): Promise<{ id: string; cookie: string }> {
  const response = await fetch(`http://${LOCALHOST}:${authPort}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...user, password: 'bench-password-1' }),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { id?: unknown };
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('vnm_session='));
  if (response.status !== 201 || !cookie || typeof body.id !== 'string') {
    throw new Error(`${what} answered ${response.status} ${JSON.stringify(body).slice(0, 300)} without a session cookie`);
  }
  return { id: body.id, cookie };
}

/** Polls a URL until it answers 2xx. */
export async function waitUntilOk(url: string, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.ok) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await sleep(250);
  }
  throw new Error(`${what} not ready within ${timeoutMs / 1000} s (${url}: ${last})`);
}

/**
 * The whole of a benchmark's process: runs main until it ends, fails, a child dies, the time limit
 * passes or Ctrl-C; then stops every child, cleans up and exits (1 on any failure).
 */
export async function runBench(main: () => Promise<void>, options: { stopping: string; cleanup?: () => void | Promise<void> }): Promise<never> {
  const onSignal = (signal: string) => fail(new Error(`interrupted (${signal})`));
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
  let exitCode = 0;
  try {
    await Promise.race([main(), failure]);
  } catch (error) {
    exitCode = 1;
    console.error(`\nbench FAILED: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.log(`\n  stopping ${options.stopping} …`);
    await stopAll();
    try {
      await options.cleanup?.();
    } catch (error) {
      console.error(`  cleanup failed: ${(error as Error).message}`);
    }
  }
  process.exit(exitCode);
}

// ---------------------------------------------------------------------------------------------------
// Load and results.

export interface LoadSettings {
  connections: number;
  /** Seconds of load before measuring (not counted). */
  warmup: number;
  /** Measured seconds. */
  duration: number;
  pipelining: number;
  /** Seconds before a request counts as timed out (default 10). */
  timeout?: number;
  /** 'throw' (default): a response that is not a 200 fails the run; 'report': it is kept in `problem` and the run goes on. */
  onProblem?: 'throw' | 'report';
  /** Awaited between warm-up and measurement, e.g. until the server has worked off requests the warm-up left queued. */
  settle?: () => Promise<void>;
}

export interface LoadTarget {
  /** Where to send the load; with `paths`, only its origin counts. */
  url: string;
  headers?: Record<string, string>;
  /** GET paths every connection cycles through, in order (a mix of queries). */
  paths?: string[];
}

export interface Measurement {
  label: string;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Why not every response was a 200 (only with onProblem 'report'). */
  problem?: string;
}

export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export interface LatencyStats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

/** Exact percentiles and maximum of every value (NaN when there are none). */
export function latencyStats(values: number[]): LatencyStats {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** Every response must be a 200: anything else means we measured something other than the real path. Returns what was wrong. */
export function problemOf(result: autocannon.Result, what: string): string | undefined {
  const otherStatuses = Object.entries(result.statusCodeStats).filter(([status]) => status !== '200');
  if (result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && otherStatuses.length === 0 && result['2xx'] > 0) return undefined;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(', ');
  return `${what}: not every response was a 200 — statuses: ${statuses || 'none'}; non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`;
}

async function load(target: LoadTarget, settings: LoadSettings, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  const options: autocannon.Options = {
    url: target.url,
    method: 'GET',
    headers: target.headers ?? {},
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    timeout: settings.timeout ?? 10,
  };
  // Given as undefined, requests would replace autocannon's default: only set it when there is a mix.
  if (target.paths) options.requests = target.paths.map((requestPath) => ({ method: 'GET', path: requestPath }));
  const instance = autocannon(options);
  currentLoad = instance;
  if (latencies) instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  try {
    return await instance;
  } finally {
    currentLoad = undefined;
  }
}

/**
 * Warm-up, then the measured run; every response must be a 200 (see LoadSettings.onProblem). Latency
 * percentiles are exact: every response's time is kept.
 */
export async function measureLoad(label: string, target: LoadTarget, settings: LoadSettings): Promise<Measurement> {
  const width = Math.max(15, label.length);
  const problems: string[] = [];
  const check = (result: autocannon.Result, what: string) => {
    const problem = problemOf(result, what);
    if (problem && settings.onProblem !== 'report') throw new Error(problem);
    if (problem) problems.push(problem);
  };
  console.log(`  ${label.padEnd(width)} warm-up ${settings.warmup} s, then measuring ${settings.duration} s …`);
  if (settings.warmup > 0) check(await load(target, settings, settings.warmup), `${label} (warm-up)`);
  await settings.settle?.();
  const latencies: number[] = [];
  const result = await load(target, settings, settings.duration, latencies);
  check(result, label);
  const { p50, p95, p99, max } = latencyStats(latencies);
  const measurement: Measurement = {
    label,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50,
    p95,
    p99,
    max,
    ...(problems.length > 0 ? { problem: problems.join('; ') } : {}),
  };
  const outcome = problems.length > 0 ? `NOT all 200: ${problems.join('; ')}` : `all ${result['2xx']} responses were 200`;
  console.log(`  ${label.padEnd(width)} ${Math.round(measurement.requestsPerSecond)} req/s, ${outcome}`);
  return measurement;
}

export const fmt = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));
/**
 * A ratio beside its target, to 2 places; to 3 where 2 would round it onto the target, and then a miss is
 * rounded down, so that a figure short of its target never reads as it (0.848 is no 0.85, 0.9496 no 0.950).
 */
export function ratioFigure(ratio: number, target: number): string {
  if (fmt(ratio, 2) !== fmt(target, 2)) return fmt(ratio, 2);
  return ratio < target ? (Math.floor(ratio * 1000) / 1000).toFixed(3) : fmt(ratio, 3);
}

/** The figures every table starts with: req/s, p50, p95, p99, max (ms), requests. */
export const MEASUREMENT_HEADER = ['req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests'];
export const measurementCells = (row: Measurement): string[] => [
  fmt(row.requestsPerSecond, 0),
  fmt(row.p50, 2),
  fmt(row.p95, 2),
  fmt(row.p99, 2),
  fmt(row.max, 2),
  String(row.requests),
];

/** A plain text table: first column left-aligned, the others right-aligned. */
export function printTable(header: string[], lines: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const render = (cells: string[]) =>
    cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n  ${render(header)}`);
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(`  ${render(line)}`);
}

/** Drops and recreates the benchmark's own database (callers make sure its name says "bench"). */
export async function recreateDatabase(databaseUrl: string): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const adminUrl = new URL(databaseUrl);
  adminUrl.pathname = '/postgres';
  const admin = createDb(adminUrl.toString(), 'public', 1);
  try {
    await admin.raw('drop database if exists ?? with (force)', [name]);
    await admin.raw('create database ??', [name]);
  } finally {
    await admin.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// Goals: every benchmark states its figures against issue 14's goals, and `make bench` (all.ts) prints
// the rows of all of them as one table.

/** One figure beside its goal and the baseline it is judged against, measured in the same run. */
export interface GoalRow {
  /** Which goal, e.g. "1 browse", "2 gateway", "3 search", "4 chat", "5 first page". */
  goal: string;
  /** What was measured, e.g. "GET /api/listings?limit=20 via gateway, req/s". */
  measure: string;
  /** The figure, formatted with its unit. */
  figure: string;
  /** The goal as text, e.g. "≥ 0.5 × /livez" or "p95 ≤ 50 ms". */
  target: string;
  /** The baseline beside it (direct, nginx, before), formatted, or "–". */
  baseline: string;
  /** Whether the figure meets the goal; undefined for a row that is context only. */
  met?: boolean;
}

export const GOAL_HEADER = ['goal', 'measure', 'figure', 'target', 'baseline (same run)', 'met'];
const goalCells = (row: GoalRow): string[] => [
  row.goal,
  row.measure,
  row.figure,
  row.target,
  row.baseline,
  row.met === undefined ? '' : row.met ? 'yes' : 'NO',
];

/**
 * Prints a benchmark's goal rows, and appends them as JSON lines to BENCH_RESULTS_FILE when that is set
 * (how all.ts collects every benchmark's rows into one table).
 */
export function reportGoals(rows: GoalRow[]): void {
  printTable(GOAL_HEADER, rows.map(goalCells));
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, rows.map((row) => `${JSON.stringify(row)}\n`).join(''));
}

export function printGoalTable(rows: GoalRow[]): void {
  printTable(GOAL_HEADER, rows.map(goalCells));
}

// ---------------------------------------------------------------------------------------------------
// nginx as the reference reverse proxy (auth-user.ts, gateway.ts): found on PATH, or installed with
// apt-get when we are root; run with its own config, pid file, logs and temp dirs in the run's temp dir.

function findExecutable(name: string): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin', '/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      /* not here */
    }
  }
  return undefined;
}

/** A Debian tool's binary, installed with apt-get if need be (root only; BENCH_NO_INSTALL=1 never installs); or why there is none. */
export async function findOrInstallDebianTool(name: string): Promise<{ binary?: string; note?: string }> {
  const found = findExecutable(name);
  if (found) return { binary: found };
  if (process.env.BENCH_NO_INSTALL === '1') return { note: `${name} is not installed and BENCH_NO_INSTALL=1` };
  if (process.getuid?.() !== 0) return { note: `${name} is not installed and this is not root (install it: sudo apt-get install -y ${name})` };
  if (!findExecutable('apt-get')) return { note: `${name} is not installed and apt-get is not available` };

  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => runToEnd('apt-get', ['install', '-y', '--no-install-recommends', name], aptEnv, 300_000);
  console.log(`${name} not found: apt-get install -y ${name} …`);
  let result = await install();
  if (result.code !== 0) {
    console.log('apt-get install failed; apt-get update, then trying again …');
    await runToEnd('apt-get', ['update'], aptEnv, 300_000);
    result = await install();
  }
  const binary = findExecutable(name);
  if (result.code === 0 && binary) return { binary };
  const tail = result.output.trim().split('\n').slice(-8).join('\n      ');
  return { note: `${name} could not be installed with apt-get:\n      ${tail}` };
}

export const findOrInstallNginx = () => findOrInstallDebianTool('nginx');

export async function nginxVersion(binary: string): Promise<string> {
  const { output } = await runToEnd(binary, ['-v'], process.env, 10_000);
  return output.match(/nginx\/[\w.]+/)?.[0] ?? 'nginx';
}

export interface NginxProxySettings {
  /** worker_processes: a number or "auto". */
  workers: string;
  port: number;
  /** Idle keep-alive connections nginx keeps to each upstream. */
  keepalive: number;
  /** Path prefixes (nginx `location`s, longest wins) and the local port each goes to. */
  routes: { location: string; port: number }[];
}

/**
 * Writes nginx.conf for a plain keep-alive reverse proxy (HTTP/1.1 upstream, `Connection ""`, the
 * X-Forwarded-* headers the gateway sets, access_log off) with everything it writes inside `dir`.
 */
export function writeNginxConfig(dir: string, settings: NginxProxySettings): string {
  const file = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, name);
  const upstreams = settings.routes
    .map(
      (route, index) => `  upstream upstream${index} {
    server ${LOCALHOST}:${route.port};
    keepalive ${settings.keepalive};
    keepalive_requests 1000000;
    keepalive_timeout 60s;
  }
`,
    )
    .join('\n');
  const locations = settings.routes
    .map(
      (route, index) => `    location ${route.location} {
      proxy_pass http://upstream${index};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The same forwarding headers the gateway sets.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
`,
    )
    .join('');
  writeFileSync(
    file,
    `# Written by a benchmark of bench/ for one run; deleted afterwards.
worker_processes ${settings.workers};
pid ${temp('nginx.pid')};
error_log ${temp('error.log')} warn;

events {
  worker_connections 4096;
}

http {
  access_log off;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  # Clients keep their connection for the whole run, as they do with Node (no per-connection request cap).
  keepalive_requests 1000000;
  keepalive_timeout 65s;

${upstreams}
  server {
    listen ${LOCALHOST}:${settings.port};
${locations}  }
}
`,
  );
  return file;
}

/** The pids whose parent is `parent` (an nginx master's workers). */
export function childPidsOf(parent: number): number[] {
  // A process gone meanwhile has no stat: it is no child any more.
  return listPids().filter((pid) => Number(readProcStat(pid)?.fields[1]) === parent);
}

/**
 * Starts nginx with that config in the foreground (its workers are SIGKILLed too should the master need
 * it) and waits until `readyPath` answers through it.
 */
export async function startNginx(binary: string, dir: string, settings: NginxProxySettings, readyPath: string): Promise<Child> {
  chmodSync(dir, 0o755); // nginx workers run unprivileged and need to reach their temp dirs
  const config = writeNginxConfig(dir, settings);
  const workers = new Set<number>();
  const child = startChild('nginx', binary, ['-p', `${dir}/`, '-e', path.join(dir, 'error.log'), '-c', config, '-g', 'daemon off;'], serviceBaseEnv(), () => {
    for (const pid of workers) killPid(pid, 'SIGKILL');
  });
  await waitUntilOk(`http://${LOCALHOST}:${settings.port}${readyPath}`, 'nginx', 30_000);
  for (const pid of childPidsOf(child.process.pid ?? -1)) workers.add(pid);
  return child;
}
