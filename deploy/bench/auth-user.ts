/**
 * npm run bench:auth (or make bench): GET /api/auth/user with a valid session cookie, measured three ways
 * in one run — straight to the auth service, through our Express gateway, and through nginx as a plain
 * keep-alive reverse proxy to the same auth process — then the gateway's req/s as a share of the other two.
 *
 * Everything runs on 127.0.0.1 with its own ports, database, Redis key prefix and events exchange, so it
 * does not disturb `make start` or the test suite. Every process it starts is stopped at the end, on an
 * error, on Ctrl-C, and when the run overshoots its time limit.
 *
 * Settings (environment): BENCH_DURATION (measured seconds per target, 10), BENCH_WARMUP (seconds, 3),
 * BENCH_CONNECTIONS (50), BENCH_NGINX_WORKERS (nginx worker_processes: 1, or auto), BENCH_AUTH_PORT (4101),
 * BENCH_GATEWAY_PORT (8180), BENCH_NGINX_PORT (8181), BENCH_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/vnmarket_bench), BENCH_NO_INSTALL=1 (never apt-get install nginx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { forEachLine, isListening, writeSigningKeys } from '../../scripts/lib/local';
import { accessSync, chmodSync, constants as fsConstants, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const root = path.resolve(__dirname, '../..');
const LOCALHOST = '127.0.0.1';

function envInt(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    console.error(`bench: ${name} must be an integer >= ${min} (got "${raw}")`);
    process.exit(1);
  }
  return value;
}

const settings = {
  duration: envInt('BENCH_DURATION', 10, 1),
  warmup: envInt('BENCH_WARMUP', 3, 0),
  connections: envInt('BENCH_CONNECTIONS', 50, 1),
  pipelining: 1,
  nginxWorkers: process.env.BENCH_NGINX_WORKERS || '1',
  ports: {
    auth: envInt('BENCH_AUTH_PORT', 4101, 1),
    gateway: envInt('BENCH_GATEWAY_PORT', 8180, 1),
    nginx: envInt('BENCH_NGINX_PORT', 8181, 1),
  },
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench',
  nginxKeepalive: 64,
};
if (!/^(auto|[1-9]\d*)$/.test(settings.nginxWorkers)) {
  console.error(`bench: BENCH_NGINX_WORKERS must be a positive integer or "auto" (got "${settings.nginxWorkers}")`);
  process.exit(1);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------------
// Child processes: started here, always stopped here.

interface Child {
  name: string;
  process: ChildProcess;
  /** Last lines of its output, shown when it fails. */
  tail: string[];
}

const children: Child[] = [];
/** nginx workers seen while reading memory: killed too if the master has to be SIGKILLed. */
const nginxWorkerPids = new Set<number>();
let stopping = false;
let currentLoad: autocannon.Instance | undefined;
let rejectCrash: (error: Error) => void = () => {};
/** Rejects as soon as a server we started dies on its own. */
const crashed = new Promise<never>((_resolve, reject) => {
  rejectCrash = reject;
});
crashed.catch(() => {});

function relayOutput(child: Child, stream: NodeJS.ReadableStream | null): void {
  if (!stream) return;
  forEachLine(stream, (line) => {
    child.tail.push(line);
    if (child.tail.length > 40) child.tail.shift();
    process.stderr.write(`    [${child.name}] ${line}\n`);
  });
}

function startChild(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Child {
  const proc = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const child: Child = { name, process: proc, tail: [] };
  relayOutput(child, proc.stdout);
  relayOutput(child, proc.stderr);
  proc.on('error', (error) => {
    if (!stopping) rejectCrash(new Error(`${name} could not be started: ${error.message}`));
  });
  proc.on('exit', (code, signal) => {
    if (!stopping) rejectCrash(new Error(`${name} exited unexpectedly (${signal ?? `code ${code}`})\n${child.tail.join('\n')}`));
  });
  children.push(child);
  return child;
}

const isRunning = (child: Child) => child.process.exitCode === null && child.process.signalCode === null;

function killPid(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    /* already gone */
  }
}

async function stopAll(): Promise<void> {
  stopping = true;
  currentLoad?.stop();
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
            if (child.name === 'nginx') for (const pid of nginxWorkerPids) killPid(pid, 'SIGKILL');
          }, 5_000).unref();
        }),
    ),
  );
}

/** Last resort if we exit without stopAll (e.g. an exception in a callback). */
process.on('exit', () => {
  for (const child of children) if (isRunning(child)) child.process.kill('SIGKILL');
});

/** Runs a command to its end with a time limit; resolves with its exit code (null if killed) and output. */
function runToEnd(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<{ code: number | null; output: string }> {
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

// ---------------------------------------------------------------------------------------------------
// Helpers: ports, HTTP, memory.

async function waitUntilOk(url: string, what: string, timeoutMs: number): Promise<void> {
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

/** A /proc/<pid>/status field in kB (VmHWM: peak resident set size), or undefined if unreadable. */
function procStatusKb(pid: number, field: string): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

function childPidsOf(parent: number): number[] {
  const pids: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return pids;
  }
  for (const entry of entries) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) pids.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

/** Peak RSS in MiB of one process, or of an nginx master plus its workers. */
function maxRssMiB(child: Child | undefined, withChildren = false): number | undefined {
  const pid = child?.process.pid;
  if (pid === undefined) return undefined;
  const pids = [pid];
  if (withChildren) {
    const workers = childPidsOf(pid);
    for (const worker of workers) nginxWorkerPids.add(worker);
    pids.push(...workers);
  }
  let totalKb = 0;
  for (const one of pids) {
    const kb = procStatusKb(one, 'VmHWM');
    if (kb === undefined) return undefined;
    totalKb += kb;
  }
  return totalKb / 1024;
}

// ---------------------------------------------------------------------------------------------------
// nginx: found on PATH, or installed with apt-get when we are root.

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

async function findOrInstallNginx(): Promise<{ binary?: string; note?: string }> {
  const found = findExecutable('nginx');
  if (found) return { binary: found };
  if (process.env.BENCH_NO_INSTALL === '1') return { note: 'nginx is not installed and BENCH_NO_INSTALL=1' };
  if (process.getuid?.() !== 0) return { note: 'nginx is not installed and this is not root (install it: sudo apt-get install -y nginx)' };
  if (!findExecutable('apt-get')) return { note: 'nginx is not installed and apt-get is not available' };

  const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const install = () => runToEnd('apt-get', ['install', '-y', '--no-install-recommends', 'nginx'], aptEnv, 300_000);
  console.log('nginx not found: apt-get install -y nginx …');
  let result = await install();
  if (result.code !== 0) {
    console.log('apt-get install failed; apt-get update, then trying again …');
    await runToEnd('apt-get', ['update'], aptEnv, 300_000);
    result = await install();
  }
  const binary = findExecutable('nginx');
  if (result.code === 0 && binary) return { binary };
  const tail = result.output.trim().split('\n').slice(-8).join('\n      ');
  return { note: `nginx could not be installed with apt-get:\n      ${tail}` };
}

async function nginxVersion(binary: string): Promise<string> {
  const { output } = await runToEnd(binary, ['-v'], process.env, 10_000);
  return output.match(/nginx\/[\w.]+/)?.[0] ?? 'nginx';
}

function writeNginxConfig(dir: string): string {
  const file = path.join(dir, 'nginx.conf');
  const temp = (name: string) => path.join(dir, name);
  writeFileSync(
    file,
    `# Written by deploy/bench/auth-user.ts for one run; deleted afterwards.
worker_processes ${settings.nginxWorkers};
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

  upstream auth {
    server ${LOCALHOST}:${settings.ports.auth};
    keepalive ${settings.nginxKeepalive};
    keepalive_requests 1000000;
    keepalive_timeout 60s;
  }

  server {
    listen ${LOCALHOST}:${settings.ports.nginx};
    location / {
      proxy_pass http://auth;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      # The same forwarding headers the gateway sets.
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  return file;
}

// ---------------------------------------------------------------------------------------------------
// Load and results.

interface Row {
  label: string;
  requestsPerSecond: number;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  proxyRssMiB?: number;
  authRssMiB?: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

/** Every response must be a 200: anything else means we measured something other than the real path. */
function assertAllOk(result: autocannon.Result, what: string): void {
  const otherStatuses = Object.entries(result.statusCodeStats).filter(([status]) => status !== '200');
  if (result.errors === 0 && result.timeouts === 0 && result.non2xx === 0 && otherStatuses.length === 0 && result['2xx'] > 0) return;
  const statuses = Object.entries(result.statusCodeStats)
    .map(([status, { count }]) => `${status}×${count}`)
    .join(', ');
  throw new Error(
    `${what}: not every response was a 200 — statuses: ${statuses || 'none'}; non2xx ${result.non2xx}, errors ${result.errors}, timeouts ${result.timeouts}`,
  );
}

async function load(url: string, cookie: string, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  const instance = autocannon({
    url,
    method: 'GET',
    headers: { cookie },
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    timeout: 10,
  });
  currentLoad = instance;
  if (latencies) instance.on('response', (_client, _status, _bytes, responseTimeMs) => latencies.push(responseTimeMs));
  try {
    return await instance;
  } finally {
    currentLoad = undefined;
  }
}

async function checkOnce(url: string, cookie: string, userId: string, what: string): Promise<void> {
  const response = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(5000) });
  const body = (await response.json().catch(() => ({}))) as { id?: unknown };
  if (response.status !== 200 || body.id !== userId) {
    throw new Error(`${what}: GET ${url} answered ${response.status} ${JSON.stringify(body)}, expected 200 with the registered user`);
  }
}

async function measure(label: string, port: number, cookie: string, userId: string): Promise<Row> {
  const url = `http://${LOCALHOST}:${port}/api/auth/user`;
  await checkOnce(url, cookie, userId, label);
  console.log(`  ${label.padEnd(15)} warm-up ${settings.warmup} s, then measuring ${settings.duration} s …`);
  if (settings.warmup > 0) assertAllOk(await load(url, cookie, settings.warmup), `${label} (warm-up)`);
  const latencies: number[] = [];
  const result = await load(url, cookie, settings.duration, latencies);
  assertAllOk(result, label);
  const sorted = Float64Array.from(latencies).sort();
  const row: Row = {
    label,
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
  console.log(`  ${label.padEnd(15)} ${Math.round(row.requestsPerSecond)} req/s, all ${result['2xx']} responses were 200`);
  return row;
}

const fmt = (value: number | undefined, digits: number) => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(digits));

function printTable(rows: Row[], nginxNote: string | undefined): void {
  const header = ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'requests', 'proxy max RSS MiB', 'auth max RSS MiB'];
  const lines = rows.map((row) => [
    row.label,
    fmt(row.requestsPerSecond, 0),
    fmt(row.p50, 2),
    fmt(row.p95, 2),
    fmt(row.p99, 2),
    fmt(row.max, 2),
    String(row.requests),
    fmt(row.proxyRssMiB, 1),
    fmt(row.authRssMiB, 1),
  ]);
  if (nginxNote) lines.push(['nginx → auth', 'not measured', '', '', '', '', '', '', '']);
  const widths = header.map((title, column) => Math.max(title.length, ...lines.map((line) => (line[column] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n  ${render(header)}`);
  console.log(`  ${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of lines) console.log(`  ${render(line)}`);
}

function printRatios(direct: Row | undefined, gateway: Row | undefined, nginx: Row | undefined, nginxNote: string | undefined): void {
  console.log('\n  req/s ratios');
  const ratio = (a: Row | undefined, b: Row | undefined) => (a && b && b.requestsPerSecond > 0 ? a.requestsPerSecond / b.requestsPerSecond : undefined);
  const gd = ratio(gateway, direct);
  const gn = ratio(gateway, nginx);
  console.log(`    gateway / direct = ${gd === undefined ? 'n/a' : `${gd.toFixed(2)}  (the gateway delivers ${(gd * 100).toFixed(0)}% of direct's req/s)`}`);
  console.log(
    `    gateway / nginx  = ${
      gn === undefined ? `n/a (${nginxNote ? 'nginx not available' : 'not measured'})` : `${gn.toFixed(2)}  (the gateway delivers ${(gn * 100).toFixed(0)}% of nginx's req/s)`
    }`,
  );
}

// ---------------------------------------------------------------------------------------------------

async function main(tempDir: string): Promise<void> {
  for (const [name, port] of Object.entries(settings.ports)) {
    if (await isListening(LOCALHOST, port, 1000)) throw new Error(`port ${port} (${name}) is already in use; stop whatever holds it or set BENCH_${name.toUpperCase()}_PORT`);
  }

  const nginx = await findOrInstallNginx();
  const nginxLabel = nginx.binary ? await nginxVersion(nginx.binary) : undefined;

  // From here on the run is bounded: startup, then warm-up + measurement per target, with slack.
  const limitSeconds = 180 + 3 * (settings.warmup + settings.duration + 30);
  setTimeout(() => rejectCrash(new Error(`the benchmark exceeded its time limit of ${limitSeconds} s`)), limitSeconds * 1000).unref();

  const cpus = os.cpus();
  console.log('\nGET /api/auth/user with a valid session cookie: direct, through the Express gateway, through nginx');
  console.log(`  machine   ${cpus.length} CPU cores (${cpus[0]?.model.trim() ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, Node ${process.version}`);
  console.log(
    `  NOTE      the load generator (autocannon, in this process), auth, the gateway, nginx, PostgreSQL and Redis all share these ${cpus.length} cores:\n` +
      '            compare the rows with each other; they are not the capacity of a dedicated server.',
  );
  console.log(
    `  load      autocannon, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmup} s warm-up + ${settings.duration} s measured per target` +
      ' (BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_DURATION)',
  );
  console.log(`  auth      ${LOCALHOST}:${settings.ports.auth}  (1 Node process, NODE_ENV=production, LOG_LEVEL=warn, database ${new URL(settings.databaseUrl).pathname.slice(1)})`);
  console.log(`  gateway   ${LOCALHOST}:${settings.ports.gateway}  (gateway/src/main.ts: Express + http-proxy-middleware, 1 Node process, LOG_LEVEL=warn)`);
  console.log(
    nginx.binary
      ? `  nginx     ${LOCALHOST}:${settings.ports.nginx}  (${nginxLabel}, worker_processes ${settings.nginxWorkers}, upstream keepalive ${settings.nginxKeepalive}, HTTP/1.1, access_log off)`
      : `  nginx     NOT AVAILABLE: ${nginx.note}`,
  );
  console.log('');

  // Ephemeral signing keys for this run only.
  const { privateKeyFile: privateFile, publicKeyFile: publicFile } = writeSigningKeys(tempDir);

  const baseEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(baseEnv)) if (key.startsWith('OTEL_') || key === 'JWT_PUBLIC_KEY' || key === 'JWT_PRIVATE_KEY') delete baseEnv[key];
  const common = { NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: LOCALHOST, SHUTDOWN_TIMEOUT_MS: '3000' };
  const authEnv: NodeJS.ProcessEnv = {
    ...baseEnv,
    ...common,
    PORT: String(settings.ports.auth),
    DATABASE_URL: settings.databaseUrl,
    JWT_PUBLIC_KEY_FILE: publicFile,
    JWT_PRIVATE_KEY_FILE: privateFile,
    REDIS_KEY_PREFIX: 'bench:',
    EVENTS_EXCHANGE: 'bench.events',
    REGISTER_MAX_PER_IP_PER_HOUR: '1000000',
    COOKIE_SECURE: 'false',
  };
  const node = process.execPath;
  const tsxArgs = (script: string) => ['--import', 'tsx', script];

  console.log('  auth migrations …');
  const migrate = await runToEnd(node, tsxArgs('services/auth/src/migrate.ts'), authEnv, 120_000);
  if (migrate.code !== 0) throw new Error(`auth migrations failed:\n${migrate.output}`);

  const auth = startChild('auth', node, tsxArgs('services/auth/src/main.ts'), authEnv);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  const gateway = startChild('gateway', node, tsxArgs('gateway/src/main.ts'), {
    ...baseEnv,
    ...common,
    GATEWAY_PORT: String(settings.ports.gateway),
    AUTH_URL: `http://${LOCALHOST}:${settings.ports.auth}`,
  });
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gateway}/healthz`, 'gateway', 60_000);
  let nginxChild: Child | undefined;
  if (nginx.binary) {
    chmodSync(tempDir, 0o755); // nginx workers run unprivileged and need to reach their temp dirs
    const config = writeNginxConfig(tempDir);
    nginxChild = startChild('nginx', nginx.binary, ['-p', `${tempDir}/`, '-e', path.join(tempDir, 'error.log'), '-c', config, '-g', 'daemon off;'], baseEnv);
    await waitUntilOk(`http://${LOCALHOST}:${settings.ports.nginx}/healthz`, 'nginx', 30_000);
  }

  // One user, one session: every measured request carries its cookie.
  const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const register = await fetch(`http://${LOCALHOST}:${settings.ports.auth}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', phone, password: 'bench-password-1' }),
    signal: AbortSignal.timeout(10_000),
  });
  const registered = (await register.json().catch(() => ({}))) as { id?: unknown };
  const sessionCookie = register.headers
    .getSetCookie()
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith('vnm_session='));
  if (register.status !== 201 || !sessionCookie || typeof registered.id !== 'string') {
    throw new Error(`registration answered ${register.status} ${JSON.stringify(registered)} without a session cookie`);
  }
  console.log(`  registered user ${registered.id} (phone ${phone}); measuring …\n`);

  const rows: Row[] = [];
  const direct = await measure('direct → auth', settings.ports.auth, sessionCookie, registered.id);
  direct.authRssMiB = maxRssMiB(auth);
  rows.push(direct);
  await sleep(1000);
  const viaGateway = await measure('gateway → auth', settings.ports.gateway, sessionCookie, registered.id);
  viaGateway.proxyRssMiB = maxRssMiB(gateway);
  viaGateway.authRssMiB = maxRssMiB(auth);
  rows.push(viaGateway);
  let viaNginx: Row | undefined;
  if (nginxChild) {
    await sleep(1000);
    viaNginx = await measure('nginx → auth', settings.ports.nginx, sessionCookie, registered.id);
    viaNginx.proxyRssMiB = maxRssMiB(nginxChild, true);
    viaNginx.authRssMiB = maxRssMiB(auth);
    rows.push(viaNginx);
  }

  printTable(rows, nginx.note);
  console.log(
    '\n  req/s: autocannon\'s mean of per-second samples. Latency percentiles: every measured response, in ms.\n' +
      '  max RSS: VmHWM from /proc (peak since process start; nginx = master + workers; auth\'s peak is cumulative over the runs).',
  );
  printRatios(direct, viaGateway, viaNginx, nginx.note);
  if (nginx.note) console.log(`\n  nginx was NOT measured: ${nginx.note}`);
}

async function run(): Promise<void> {
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-'));
  let exitCode = 0;
  const interrupted = new Promise<never>((_resolve, reject) => {
    const onSignal = (signal: string) => reject(new Error(`interrupted (${signal})`));
    process.once('SIGINT', () => onSignal('SIGINT'));
    process.once('SIGTERM', () => onSignal('SIGTERM'));
  });
  interrupted.catch(() => {});
  try {
    await Promise.race([main(tempDir), crashed, interrupted]);
  } catch (error) {
    exitCode = 1;
    console.error(`\nbench FAILED: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    console.log('\n  stopping auth, gateway and nginx …');
    await stopAll();
    rmSync(tempDir, { recursive: true, force: true });
  }
  process.exit(exitCode);
}

void run();
