/**
 * Issue 14, goal 2 (make bench-gateway, or part of make bench): what the Express gateway costs on a path
 * nothing caches, beside the service answering directly and beside nginx proxying the same.
 *
 * Two scenarios, each measured four ways — direct, through the gateway, through nginx (1 worker, HTTP/1.1
 * keep-alive upstream, the same X-Forwarded-* headers), and through the Node floor (node-floor-proxy.ts:
 * the least a node:http proxy does, so the figures tell the runtime's share of the gap from the gateway's):
 *
 * - `GET /api/auth/user` with a session cookie: auth checks the session in Redis and reads the user from
 *   PostgreSQL on every request. The goal rows come from this one.
 * - `GET /api/listings?limit=20` answered by the listings service over PostgreSQL with its page cache off,
 *   through proxies of their own (a second gateway, with its answer cache off, a second nginx and floor):
 *   the path the issue measured its 0.70 on, at the issue's 53 listings (BENCH_GATEWAY_LISTINGS). Judged too.
 * - `GET /api/listings?limit=20` answered by a stub in the listings slot: a tiny Node server that sends
 *   the same small JSON at once. With an upstream that costs almost nothing, the proxy's own per-request
 *   cost is nearly all there is: what a cached browse through the gateway pays (goal 1). Context rows.
 *
 * Rounds alternate the targets (each round starts with the next one), and each target gets a short
 * warm-up before every measured run, so drift on a shared machine falls on every target alike. Ratios
 * are of the means over the rounds; the per-round range is shown beside them. Beside each target: the proxy's
 * CPU per request, the service's (a proxy in front changes it too: the bench README's "Why a Node proxy costs
 * the service too"), and the machine's busy cores, which tell a target bound by CPU from one bound by latency.
 *
 * The load comes from wrk (./wrk.ts; installed from Debian's packages if need be), and for the goal's scenario
 * from autocannon too, beside it. Everything shares 2 cores, so the load generator's own CPU is taken from
 * what is measured: autocannon runs in this Node process and costs several times what wrk does. The goal is
 * judged by wrk; autocannon's ratios stand in the baseline (BENCH_GATEWAY_LOAD=autocannon: autocannon only).
 *
 * Settings (environment): BENCH_ROUNDS (3), BENCH_DURATION (measured seconds per target and round, 5), BENCH_GATEWAY_LISTINGS
 * (listings generated for the listings scenario, 53), BENCH_GATEWAY_LISTINGS_PORT (4133; its proxies on the ports below + 10),
 * BENCH_WARMUP (2), BENCH_CONNECTIONS (20), BENCH_GATEWAY_LOAD (wrk, or autocannon), BENCH_NGINX_WORKERS (1, or auto), BENCH_GATEWAY_AUTH_PORT
 * (4131), BENCH_GATEWAY_STUB_PORT (4132), BENCH_GATEWAY_PORT (8210), BENCH_GATEWAY_NGINX_PORT (8211),
 * BENCH_GATEWAY_FLOOR_PORT (8213), BENCH_GATEWAY_FLOOR_UNDICI_PORT (8214),
 * BENCH_GATEWAY_DATABASE_URL (postgres://postgres@127.0.0.1:5432/vnmarket_bench_gateway, dropped and
 * recreated each run), BENCH_NO_INSTALL=1 (never apt-get install nginx), BENCH_PROFILE_DIR (the gateways
 * and the node:http floors write V8 CPU profiles there when they stop, named by pid as printed at the start), BENCH_COMPARE_GATEWAY (the main.ts of another checkout's
 * gateway, e.g. the one before a change: measured as a fourth target on BENCH_GATEWAY_COMPARE_PORT, 8212).
 */
import { randomInt } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@vnmarket/shared';
import { LISTINGS_SCHEMA } from '../services/listings/src/config';
import { generateListings } from '../tools/generate/listings';
import { assertPortsFree, benchDatabaseName, envInt, LOCALHOST, machineSummary, sleep } from './lib/settings';
import { gatewayEnv, runServiceEnv, SERVICE_COMMON_ENV, serviceBaseEnv } from './lib/service-env';
import { limitRunTime, runBench, runScript, startChild, startScript, waitUntilOk } from './lib/processes';
import { childPidsOf, cpuSecondsOfStat, machineCpuSeconds, readProcStat } from './lib/proc';
import { latencyStats, measureLoad, type Measurement } from './lib/load';
import { fmt, type GoalRow, printTable, ratioFigure, reportGoals } from './lib/tables';
import { recreateDatabase, registerUser } from './lib/seed';
import { findOrInstallNginx, nginxVersion, startNginx } from './lib/nginx';
import { findOrInstallWrk, measureWithWrk, type WrkResult } from './wrk';

const settings = {
  rounds: envInt('BENCH_ROUNDS', 3, 1),
  duration: envInt('BENCH_DURATION', 5, 1),
  warmup: envInt('BENCH_WARMUP', 2, 0),
  connections: envInt('BENCH_CONNECTIONS', 20, 1),
  pipelining: 1,
  nginxWorkers: process.env.BENCH_NGINX_WORKERS || '1',
  ports: {
    gatewayAuth: envInt('BENCH_GATEWAY_AUTH_PORT', 4131, 1),
    gatewayStub: envInt('BENCH_GATEWAY_STUB_PORT', 4132, 1),
    gatewayListings: envInt('BENCH_GATEWAY_LISTINGS_PORT', 4133, 1),
    gateway: envInt('BENCH_GATEWAY_PORT', 8210, 1),
    gatewayNginx: envInt('BENCH_GATEWAY_NGINX_PORT', 8211, 1),
    gatewayCompare: envInt('BENCH_GATEWAY_COMPARE_PORT', 8212, 1),
    gatewayFloor: envInt('BENCH_GATEWAY_FLOOR_PORT', 8213, 1),
    gatewayFloorUndici: envInt('BENCH_GATEWAY_FLOOR_UNDICI_PORT', 8214, 1),
  },
  listings: envInt('BENCH_GATEWAY_LISTINGS', 53, 1),
  databaseUrl: process.env.BENCH_GATEWAY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_gateway',
  profileDir: process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined,
  compareGateway: process.env.BENCH_COMPARE_GATEWAY ? path.resolve(process.env.BENCH_COMPARE_GATEWAY) : undefined,
  load: process.env.BENCH_GATEWAY_LOAD || 'wrk',
  nginxKeepalive: 64,
};
if (!/^(auto|[1-9]\d*)$/.test(settings.nginxWorkers)) {
  console.error(`bench: BENCH_NGINX_WORKERS must be a positive integer or "auto" (got "${settings.nginxWorkers}")`);
  process.exit(1);
}
if (settings.load !== 'wrk' && settings.load !== 'autocannon') {
  console.error(`bench: BENCH_GATEWAY_LOAD must be wrk or autocannon (got "${settings.load}")`);
  process.exit(1);
}
benchDatabaseName(settings.databaseUrl, 'BENCH_GATEWAY_DATABASE_URL');

/** A wrk run in the shape of autocannon's (wrk reports no max). */
const measurementOfWrk = (label: string, result: WrkResult): Measurement => ({
  label,
  requestsPerSecond: result.requestsPerSecond,
  requests: result.requests,
  p50: result.p50Ms,
  p95: result.p95Ms,
  p99: result.p99Ms,
  max: Number.NaN,
});

/** The stub upstream: one small JSON answer (below the gateway's 1 KB compression threshold) to every request. */
const STUB_SOURCE = `
const http = require('node:http');
const body = JSON.stringify({ items: Array.from({ length: 4 }, (_, i) => ({ id: 'stub-' + i, title: 'Phở bò ' + i, price: 12 })), nextCursor: null });
const server = http.createServer((req, res) => {
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.keepAliveTimeout = 65000;
server.listen(Number(process.env.PORT), process.env.HOST);
process.on('SIGTERM', () => process.exit(0));
`;

type TargetName = 'direct' | 'gateway' | 'nginx' | 'floor' | 'floorUndici' | 'compare';
type ProxyTarget = Exclude<TargetName, 'direct'>;

/** One set of proxies in front of the same upstreams: each one's port, and the processes whose CPU time is its cost. */
interface ProxySet {
  ports: Record<ProxyTarget, number>;
  pids: Map<ProxyTarget, number[]>;
}

interface Scenario {
  name: string;
  /** What the table and goal rows call it. */
  title: string;
  path: string;
  /** Port of the service answering directly. */
  directPort: number;
  /** The proxies in front of it. */
  proxies: ProxySet;
  /** Whether its rows are goal 2's (else context). */
  judged: boolean;
  /** Its process (for its CPU per request: what the answer costs the service, beside what it costs the proxy). */
  upstreamPid: number;
  headers: Record<string, string>;
  /** Checks one answer, so that we measure the real path (throws otherwise). */
  check(response: Response, body: unknown): void;
}

type Loader = 'wrk' | 'autocannon';

/** One scenario measured by one load generator, over every round. */
interface Pass {
  scenario: Scenario;
  loader: Loader;
  rounds: Round[];
}

interface Round {
  round: number;
  target: TargetName;
  measurement: Measurement;
  /** CPU time the proxy's processes used per answered request while measured, in µs (none for direct). */
  proxyCpuMicros?: number;
  /** CPU time the service used per answered request while measured, in µs. */
  upstreamCpuMicros: number;
  /** Cores of the whole machine busy while measured: near all of them, the target is bound by CPU. */
  machineBusyCores: number;
}

/** CPU seconds (user + system) the processes have used so far. */
function cpuSeconds(pids: number[]): number {
  let seconds = 0;
  for (const pid of pids) {
    const fields = readProcStat(pid)?.fields;
    if (fields) seconds += cpuSecondsOfStat(fields);
  }
  return seconds;
}

const TARGET_LABELS: Partial<Record<TargetName, string>> = { compare: 'gateway (compare)', floor: 'Node floor', floorUndici: 'Node floor, undici' };
const targetLabel = (target: TargetName) => TARGET_LABELS[target] ?? target;

const targetPort = (target: TargetName, scenario: Scenario): number => (target === 'direct' ? scenario.directPort : scenario.proxies.ports[target]);

/** The first proxy set's ports (auth and the stub), from the settings. */
const FIRST_PROXY_PORTS: Record<ProxyTarget, number> = {
  gateway: settings.ports.gateway,
  nginx: settings.ports.gatewayNginx,
  floor: settings.ports.gatewayFloor,
  floorUndici: settings.ports.gatewayFloorUndici,
  compare: settings.ports.gatewayCompare,
};
/** The listings scenario's proxies: each port of the first set + 10. */
const LISTINGS_PROXY_PORTS = Object.fromEntries(Object.entries(FIRST_PROXY_PORTS).map(([target, port]) => [target, port + 10])) as Record<ProxyTarget, number>;

async function checkOnce(scenario: Scenario, target: TargetName): Promise<void> {
  const url = `http://${LOCALHOST}:${targetPort(target, scenario)}${scenario.path}`;
  const response = await fetch(url, { headers: scenario.headers, signal: AbortSignal.timeout(5000) });
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200) throw new Error(`${scenario.name} via ${target}: GET ${url} answered ${response.status} ${JSON.stringify(body)}`);
  scenario.check(response, body);
}

/** Round r measures the targets starting from the r-th: direct, gateway, nginx; gateway, nginx, direct; … */
function rotation(targets: TargetName[], round: number): TargetName[] {
  const start = round % targets.length;
  return [...targets.slice(start), ...targets.slice(0, start)];
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const median = (values: number[]) => latencyStats(values).p50;

interface Summary {
  target: TargetName;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Per-round req/s. */
  perRound: number[];
  /** Median over the rounds of the proxy's CPU µs per request. */
  proxyCpuMicros?: number;
  /** Median over the rounds of the service's CPU µs per request. */
  upstreamCpuMicros: number;
  /** Median over the rounds of the machine's busy cores. */
  machineBusyCores: number;
}

/** Per target: mean req/s over the rounds, median of each latency percentile over the rounds. */
function summarize(rounds: Round[], targets: TargetName[]): Map<TargetName, Summary> {
  const summaries = new Map<TargetName, Summary>();
  for (const target of targets) {
    const ours = rounds.filter((round) => round.target === target);
    const mine = ours.map((round) => round.measurement);
    if (mine.length === 0) continue;
    const cpu = ours.flatMap((round) => (round.proxyCpuMicros === undefined ? [] : [round.proxyCpuMicros]));
    summaries.set(target, {
      target,
      requestsPerSecond: mean(mine.map((one) => one.requestsPerSecond)),
      p50: median(mine.map((one) => one.p50)),
      p95: median(mine.map((one) => one.p95)),
      p99: median(mine.map((one) => one.p99)),
      perRound: mine.map((one) => one.requestsPerSecond),
      upstreamCpuMicros: median(ours.map((round) => round.upstreamCpuMicros)),
      machineBusyCores: median(ours.map((round) => round.machineBusyCores)),
      ...(cpu.length > 0 ? { proxyCpuMicros: median(cpu) } : {}),
    });
  }
  return summaries;
}

/** Per-round ratios of a to b's req/s (the rounds pair them up). */
function roundRatios(rounds: Round[], a: TargetName, b: TargetName): number[] {
  const ratios: number[] = [];
  for (let round = 0; round < settings.rounds; round += 1) {
    const ofA = rounds.find((one) => one.round === round && one.target === a)?.measurement.requestsPerSecond;
    const ofB = rounds.find((one) => one.round === round && one.target === b)?.measurement.requestsPerSecond;
    if (ofA !== undefined && ofB) ratios.push(ofA / ofB);
  }
  return ratios;
}

const range = (values: number[]) => (values.length > 0 ? `${fmt(Math.min(...values), 2)}–${fmt(Math.max(...values), 2)}` : '–');
const reqs = (value: number) => `${Math.round(value).toLocaleString('en-US')} req/s`;

function printScenario({ scenario, loader, rounds }: Pass, targets: TargetName[]): Map<TargetName, Summary> {
  const summaries = summarize(rounds, targets);
  console.log(`\n  ${scenario.title}, loaded by ${loader}: ${settings.rounds} rounds, mean req/s and the median of each round's percentiles`);
  printTable(
    ['target', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'proxy CPU µs/req', 'service CPU µs/req', 'machine busy cores', 'req/s per round'],
    [...summaries.values()].map((summary) => [
      targetLabel(summary.target),
      fmt(summary.requestsPerSecond, 0),
      fmt(summary.p50, 2),
      fmt(summary.p95, 2),
      fmt(summary.p99, 2),
      summary.proxyCpuMicros === undefined ? '–' : fmt(summary.proxyCpuMicros, 0),
      fmt(summary.upstreamCpuMicros, 0),
      fmt(summary.machineBusyCores, 2),
      summary.perRound.map((value) => fmt(value, 0)).join(' / '),
    ]),
  );
  const pairs: [TargetName, TargetName][] = [
    ['gateway', 'direct'],
    ['gateway', 'nginx'],
    ['nginx', 'direct'],
    ['floor', 'direct'],
    ['floor', 'nginx'],
    ['gateway', 'floor'],
    ['floorUndici', 'nginx'],
    ['floorUndici', 'floor'],
    ['gateway', 'compare'],
    ['compare', 'direct'],
  ];
  console.log('\n  req/s ratios (of the means; per-round range in brackets)');
  for (const [a, b] of pairs) {
    const ofA = summaries.get(a);
    const ofB = summaries.get(b);
    if (!ofA || !ofB) continue;
    const label = `${targetLabel(a)} / ${targetLabel(b)}`;
    console.log(`    ${label.padEnd(32)} ${fmt(ofA.requestsPerSecond / ofB.requestsPerSecond, 2)}  [${range(roundRatios(rounds, a, b))}]`);
  }
  return summaries;
}

const signedMs = (difference: number) => `${difference >= 0 ? '+' : '−'}${fmt(Math.abs(difference), 2)} ms`;

/**
 * Goal 2's rows from a scenario: the gateway's req/s against direct and nginx, and its p99 against nginx's;
 * each baseline says too what the Node floor reached on the same measure (how near any Node proxy gets).
 */
function goalRows(scenario: Scenario, summaries: Map<TargetName, Summary>, alongside?: { loader: Loader; summaries: Map<TargetName, Summary> }): GoalRow[] {
  const direct = summaries.get('direct');
  const gateway = summaries.get('gateway');
  const nginx = summaries.get('nginx');
  const floor = summaries.get('floor');
  const floorUndici = summaries.get('floorUndici');
  const floorRatio = (of: Summary) =>
    [
      floor && `; Node floor ${fmt(floor.requestsPerSecond / of.requestsPerSecond, 2)}`,
      floorUndici && `, undici ${fmt(floorUndici.requestsPerSecond / of.requestsPerSecond, 2)}`,
    ]
      .filter(Boolean)
      .join('');
  /** The same figure by the other load generator, gateway against `of` (its req/s ratio, or its p99 difference). */
  const byOther = (of: TargetName, measure: (gateway: Summary, other: Summary) => string) => {
    const [otherGateway, other] = [alongside?.summaries.get('gateway'), alongside?.summaries.get(of)];
    return alongside && otherGateway && other ? `; by ${alongside.loader}: ${measure(otherGateway, other)}` : '';
  };
  const ratioOf = (a: Summary, b: Summary) => fmt(a.requestsPerSecond / b.requestsPerSecond, 2);
  const goal = '2 gateway';
  const { judged } = scenario;
  const rows: GoalRow[] = [];
  if (direct && gateway) {
    const ratio = gateway.requestsPerSecond / direct.requestsPerSecond;
    rows.push({
      goal,
      measure: `${scenario.title}: gateway / direct req/s`,
      figure: ratioFigure(ratio, 0.85),
      target: judged ? '≥ 0.85' : '– (context)',
      baseline: `direct ${reqs(direct.requestsPerSecond)}${floorRatio(direct)}${byOther('direct', ratioOf)}`,
      ...(judged ? { met: ratio >= 0.85 } : {}),
    });
  }
  if (nginx && gateway) {
    const ratio = gateway.requestsPerSecond / nginx.requestsPerSecond;
    rows.push({
      goal,
      measure: `${scenario.title}: gateway / nginx req/s`,
      figure: ratioFigure(ratio, 0.95),
      target: judged ? '≥ 0.95' : '– (context)',
      baseline: `nginx ${reqs(nginx.requestsPerSecond)}${floorRatio(nginx)}${byOther('nginx', ratioOf)}`,
      ...(judged ? { met: ratio >= 0.95 } : {}),
    });
    const difference = gateway.p99 - nginx.p99;
    rows.push({
      goal,
      measure: `${scenario.title}: gateway p99 − nginx p99`,
      figure: signedMs(difference),
      target: judged ? '≤ 2 ms' : '– (context)',
      baseline:
        `nginx p99 ${fmt(nginx.p99, 2)} ms${floor ? `; Node floor ${signedMs(floor.p99 - nginx.p99)}` : ''}` +
        `${floorUndici ? `, undici ${signedMs(floorUndici.p99 - nginx.p99)}` : ''}${byOther('nginx', (a, b) => signedMs(a.p99 - b.p99))}`,
      ...(judged ? { met: difference <= 2 } : {}),
    });
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------------

/**
 * Starts one set of proxies in front of `upstreams`: the gateway (and the compare one, if asked), both Node
 * floors and nginx (with its files in `nginxDir`), and waits until each answers.
 */
async function startProxySet(
  name: string,
  upstreams: { auth?: number; listings: number },
  ports: Record<ProxyTarget, number>,
  options: { gatewayEnv?: NodeJS.ProcessEnv; nginxBinary?: string; nginxDir: string },
): Promise<ProxySet> {
  const pids = new Map<ProxyTarget, number[]>();
  /** Starts one Node proxy; `profiled`: it writes a CPU profile to BENCH_PROFILE_DIR, if that is set. */
  const startProxy = (target: ProxyTarget, script: string, env: NodeJS.ProcessEnv, profiled: boolean) => {
    const profile = profiled && settings.profileDir !== undefined;
    const profileFlags = profile ? ['--cpu-prof', '--cpu-prof-dir', settings.profileDir!] : [];
    const pid = startChild(`${targetLabel(target)} (${name})`, process.execPath, [...profileFlags, '--import', 'tsx', script], env).process.pid ?? -1;
    pids.set(target, [pid]);
    if (profile) console.log(`  profile   ${targetLabel(target)} (${name}): CPU.*.${pid}.*.cpuprofile`);
  };
  startProxy('gateway', 'gateway/src/main.ts', { ...gatewayEnv(ports.gateway, upstreams), ...options.gatewayEnv }, true);
  if (settings.compareGateway) {
    startProxy('compare', settings.compareGateway, { ...gatewayEnv(ports.compare, upstreams), ...options.gatewayEnv }, false);
  }
  startProxy('floor', 'bench/node-floor-proxy.ts', gatewayEnv(ports.floor, upstreams), true);
  startProxy('floorUndici', 'bench/node-floor-proxy.ts', { ...gatewayEnv(ports.floorUndici, upstreams), FLOOR_CLIENT: 'undici' }, false);
  // Not every service runs, so a gateway's /healthz stays 503: each scenario checks its route once through it.
  for (const target of pids.keys()) await waitUntilOk(`http://${LOCALHOST}:${ports[target]}/livez`, `${targetLabel(target)} (${name})`, 60_000);
  if (options.nginxBinary) {
    mkdirSync(options.nginxDir, { recursive: true });
    const routes = [
      ...(upstreams.auth === undefined ? [] : [{ location: '/', port: upstreams.auth }]),
      { location: '/api/listings', port: upstreams.listings },
    ];
    const nginxChild = await startNginx(
      options.nginxBinary,
      options.nginxDir,
      { workers: settings.nginxWorkers, port: ports.nginx, keepalive: settings.nginxKeepalive, routes },
      '/api/listings?limit=1',
    );
    const master = nginxChild.process.pid ?? -1;
    pids.set('nginx', [master, ...childPidsOf(master)]);
  }
  return { ports, pids };
}

/** The listings scenario's data, in the migrated listings schema: `count` generated listings (tools/generate), vacuumed. */
async function generateListingsData(count: number): Promise<string> {
  const db = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 2);
  try {
    const result = await generateListings(db, count);
    await db.raw('vacuum (analyze) listings, sellers');
    return `${result.listings} listings (${result.active} active) of ${result.sellers} sellers, from tools/generate/listings.ts`;
  } finally {
    await db.destroy();
  }
}

async function main(tempDir: string): Promise<void> {
  const allPorts = {
    ...settings.ports,
    ...Object.fromEntries(Object.entries(LISTINGS_PROXY_PORTS).map(([target, port]) => [`listings ${target}`, port])),
  };
  await assertPortsFree(
    Object.fromEntries(Object.entries(allPorts).filter(([name]) => !/compare/i.test(name) || settings.compareGateway)) as Record<string, number>,
  );
  const nginx = await findOrInstallNginx();
  const wrk = settings.load === 'wrk' ? await findOrInstallWrk() : { note: 'BENCH_GATEWAY_LOAD=autocannon' };
  const loader = wrk.binary ? 'wrk (1 thread), and autocannon (in this process) for auth' : 'autocannon (in this process)';
  const nginxLabel = nginx.binary ? await nginxVersion(nginx.binary) : undefined;
  const targets: TargetName[] = [
    'direct',
    'gateway',
    ...(nginx.binary ? (['nginx'] as const) : []),
    'floor',
    'floorUndici',
    ...(settings.compareGateway ? (['compare'] as const) : []),
  ];
  // Four passes at most: auth by wrk and by autocannon, the listings service and the stub by wrk.
  limitRunTime(300 + 4 * settings.rounds * targets.length * (settings.warmup + settings.duration + 5));

  console.log('\nGoal 2: the gateway on paths nothing caches, beside direct and nginx');
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    `  NOTE      the load generator, auth, listings, the stub, the proxies, PostgreSQL and Redis share these ${os.cpus().length} cores:\n` +
      '            compare the rows and ratios of one run; they are not the capacity of a dedicated server.',
  );
  console.log(
    `  load      ${loader}, ${settings.connections} connections, pipelining 1; ${settings.rounds} alternating rounds of ${settings.warmup} s warm-up + ${settings.duration} s measured per target` +
      ' (BENCH_GATEWAY_LOAD, BENCH_CONNECTIONS, BENCH_ROUNDS, BENCH_WARMUP, BENCH_DURATION)',
  );
  if (wrk.note) console.log(`  NOTE      loaded by autocannon, not wrk: ${wrk.note}`);
  console.log(
    `  auth      ${LOCALHOST}:${settings.ports.gatewayAuth}  (NODE_ENV=production, LOG_LEVEL=warn, database ${benchDatabaseName(settings.databaseUrl, '')})`,
  );
  console.log(`  listings  ${LOCALHOST}:${settings.ports.gatewayListings}  (NODE_ENV=production, LOG_LEVEL=warn, page cache off: BROWSE_CACHE_TTL_MS=0)`);
  console.log(`  stub      ${LOCALHOST}:${settings.ports.gatewayStub}  (plain node:http, one fixed JSON answer; in the listings slot)`);
  const describeProxies = (what: string, ports: Record<ProxyTarget, number>, gatewayNote: string) => {
    console.log(`  proxies in front of ${what}:`);
    console.log(
      `    gateway   ${LOCALHOST}:${ports.gateway}  (gateway/src/main.ts, 1 Node process, LOG_LEVEL=warn${gatewayNote}${settings.profileDir ? `, CPU profile to ${settings.profileDir}` : ''})`,
    );
    console.log(
      `    floor     ${LOCALHOST}:${ports.floor}  (bench/node-floor-proxy.ts: node:http server and keep-alive client, piped, X-Forwarded-*; nothing else)`,
    );
    console.log(`    floor     ${LOCALHOST}:${ports.floorUndici}  (the same with undici's Pool as its client: FLOOR_CLIENT=undici)`);
    if (settings.compareGateway) console.log(`    compare   ${LOCALHOST}:${ports.compare}  (${settings.compareGateway})`);
    console.log(
      nginx.binary
        ? `    nginx     ${LOCALHOST}:${ports.nginx}  (${nginxLabel}, worker_processes ${settings.nginxWorkers}, upstream keepalive ${settings.nginxKeepalive}, HTTP/1.1, access_log off)`
        : `    nginx     NOT AVAILABLE: ${nginx.note}`,
    );
  };
  describeProxies('auth and the stub', FIRST_PROXY_PORTS, '');
  describeProxies('listings', LISTINGS_PROXY_PORTS, ', answer cache off: GATEWAY_CACHE_TTL_MS=0');
  console.log('');

  console.log('  database, auth and listings migrations, listings generated …');
  await recreateDatabase(settings.databaseUrl);
  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, {
    databaseUrl: settings.databaseUrl,
    redisKeyPrefix: 'bench-gateway:',
    eventsExchange: 'bench-gateway.events',
  });
  const authEnv: NodeJS.ProcessEnv = {
    ...serviceEnv,
    PORT: String(settings.ports.gatewayAuth),
    JWT_PRIVATE_KEY_FILE: privateKeyFile,
    REGISTER_MAX_PER_IP_PER_HOUR: '1000000',
    COOKIE_SECURE: 'false',
  };
  const listingsEnv: NodeJS.ProcessEnv = { ...serviceEnv, PORT: String(settings.ports.gatewayListings), BROWSE_CACHE_TTL_MS: '0' };
  await runScript('auth migrations', 'services/auth/src/migrate.ts', authEnv, 120_000);
  await runScript('listings migrations', 'services/listings/src/migrate.ts', listingsEnv, 120_000);
  console.log(`  data      ${await generateListingsData(settings.listings)}`);
  const authChild = startScript('auth', 'services/auth/src/main.ts', authEnv);
  const listingsChild = startScript('listings', 'services/listings/src/main.ts', listingsEnv);
  const stubChild = startChild('stub', process.execPath, ['-e', STUB_SOURCE], {
    ...serviceBaseEnv(),
    ...SERVICE_COMMON_ENV,
    PORT: String(settings.ports.gatewayStub),
  });
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gatewayAuth}/readyz`, 'auth', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gatewayListings}/readyz`, 'listings', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gatewayStub}/readyz`, 'stub', 30_000);

  const firstProxies = await startProxySet('auth, stub', { auth: settings.ports.gatewayAuth, listings: settings.ports.gatewayStub }, FIRST_PROXY_PORTS, {
    nginxBinary: nginx.binary,
    nginxDir: tempDir, // startNginx opens it to nginx's unprivileged workers, as it does the one inside it below
  });
  // Its own proxies, so that the same path reaches the real service; the gateway's answer cache off, so that every
  // request reaches it (listings marks browse pages for that cache).
  const listingsProxies = await startProxySet('listings', { listings: settings.ports.gatewayListings }, LISTINGS_PROXY_PORTS, {
    gatewayEnv: { GATEWAY_CACHE_TTL_MS: '0' },
    nginxBinary: nginx.binary,
    nginxDir: path.join(tempDir, 'nginx-listings'),
  });

  const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const user = await registerUser(settings.ports.gatewayAuth, { firstName: 'Bench', lastName: 'Gateway', phone });
  const pageSize = Math.min(20, settings.listings);
  const scenarios: Scenario[] = [
    {
      name: 'auth-user',
      title: 'GET /api/auth/user (session)',
      path: '/api/auth/user',
      directPort: settings.ports.gatewayAuth,
      proxies: firstProxies,
      judged: true,
      upstreamPid: authChild.process.pid ?? -1,
      headers: { cookie: user.cookie },
      check: (_response, body) => {
        if ((body as { id?: unknown } | undefined)?.id !== user.id)
          throw new Error(`GET /api/auth/user answered ${JSON.stringify(body)}, not the registered user`);
      },
    },
    {
      name: 'listings',
      title: `GET /api/listings?limit=20 (listings service, ${settings.listings} listings, uncached)`,
      path: '/api/listings?limit=20',
      directPort: settings.ports.gatewayListings,
      proxies: listingsProxies,
      judged: true,
      upstreamPid: listingsChild.process.pid ?? -1,
      // No Accept-Encoding: nothing compresses the page, so every target passes the same bytes (nginx has no gzip here).
      headers: {},
      check: (_response, body) => {
        if (!Array.isArray(body) || body.length === 0 || body.length > pageSize)
          throw new Error(`GET /api/listings?limit=20 answered ${JSON.stringify(body).slice(0, 300)}, not a page of listings`);
      },
    },
    {
      name: 'stub',
      title: 'GET /api/listings?limit=20 (stub upstream)',
      path: '/api/listings?limit=20',
      directPort: settings.ports.gatewayStub,
      proxies: firstProxies,
      judged: false,
      upstreamPid: stubChild.process.pid ?? -1,
      headers: {},
      check: (_response, body) => {
        if (!Array.isArray((body as { items?: unknown } | undefined)?.items)) throw new Error(`the stub answered ${JSON.stringify(body)}`);
      },
    },
  ];
  for (const scenario of scenarios) for (const target of targets) await checkOnce(scenario, target);
  console.log(`  registered user ${user.id}; every target answers every path; measuring …\n`);

  // Each scenario by wrk where it is (the lighter load: more of the 2 cores left to what is measured), and the goal's
  // scenario by autocannon as well, beside it: on a shared machine the load generator moves the ratios too.
  const passes: Pass[] = scenarios.flatMap((scenario, index): Pass[] => {
    const loaders: Loader[] = wrk.binary ? (index === 0 ? ['wrk', 'autocannon'] : ['wrk']) : ['autocannon'];
    return loaders.map((loader) => ({ scenario, loader, rounds: [] }));
  });
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const pass of passes) {
      for (const target of rotation(targets, round)) {
        const url = `http://${LOCALHOST}:${targetPort(target, pass.scenario)}${pass.scenario.path}`;
        const pids = target === 'direct' ? undefined : pass.scenario.proxies.pids.get(target);
        let cpuBefore = 0;
        let upstreamBefore = 0;
        let machineBefore = { busy: 0, at: 0 };
        const settle = async () => {
          if (pids) cpuBefore = cpuSeconds(pids);
          upstreamBefore = cpuSeconds([pass.scenario.upstreamPid]);
          machineBefore = { busy: machineCpuSeconds().busy, at: performance.now() };
        };
        const label = `${pass.scenario.name} round ${round + 1} ${targetLabel(target)}`;
        const load = { url, headers: pass.scenario.headers };
        const measurement =
          pass.loader === 'wrk'
            ? measurementOfWrk(label, await measureWithWrk(wrk.binary!, label, load, { ...settings, settle }))
            : await measureLoad(label, load, { ...settings, settle });
        const proxyCpuMicros = pids && measurement.requests > 0 ? ((cpuSeconds(pids) - cpuBefore) * 1e6) / measurement.requests : undefined;
        const upstreamCpuMicros = ((cpuSeconds([pass.scenario.upstreamPid]) - upstreamBefore) * 1e6) / Math.max(1, measurement.requests);
        const machineBusyCores = (machineCpuSeconds().busy - machineBefore.busy) / ((performance.now() - machineBefore.at) / 1000);
        pass.rounds.push({ round, target, measurement, upstreamCpuMicros, machineBusyCores, ...(proxyCpuMicros === undefined ? {} : { proxyCpuMicros }) });
        await sleep(500);
      }
    }
  }

  const summaries = new Map(passes.map((pass) => [pass, printScenario(pass, targets)]));
  // Each scenario's rows by its first load generator (wrk where it is), the other's figures beside them.
  const goals = scenarios.flatMap((scenario) => {
    const [first, other] = passes.filter((pass) => pass.scenario === scenario);
    return goalRows(scenario, summaries.get(first!)!, other && { loader: other.loader, summaries: summaries.get(other)! });
  });
  console.log(
    "\n  req/s: wrk's answers ÷ seconds; autocannon's mean of per-second samples; each averaged over the rounds. Latency: each\n" +
      "  round's percentiles of every measured answer (wrk's, or this process's record of autocannon's), in ms; the median of\n" +
      '  the rounds. wrk (C) takes a fraction of the CPU autocannon (Node, in this process) takes, so more of these 2 cores is\n' +
      '  left to the servers and proxies measured: the goal is judged by wrk, autocannon’s ratios beside it in the baseline.\n' +
      '  Proxy CPU: user + system time of the proxy’s processes (the gateway; nginx’s master and workers) while measured,\n' +
      '  per request, the median of the rounds: the figure least moved by what else the machine runs. Service CPU: the same\n' +
      '  for the service that answers (auth, listings or the stub). Machine busy: cores of the whole machine in use while measured\n' +
      '  (median of the rounds); near 2, a target is bound by CPU, not by latency.\n' +
      '  The goal is judged on auth (the cheapest uncached path: the proxy’s share is largest) and on listings (the path the\n' +
      '  issue measured: 0.70 of direct through the gateway, 0.95 through nginx). The stub rows show the proxies’ own cost per\n' +
      '  request (what a cached answer pays).\n' +
      '  The Node floor is no product: node:http server and client piping one request through, the least any Node proxy does.',
  );
  if (nginx.note) console.log(`\n  nginx was NOT measured: ${nginx.note}`);
  reportGoals(goals);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-gateway-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, listings, the stub, the gateways, the Node floor proxies and nginx',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
