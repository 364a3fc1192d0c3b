/**
 * Issue 14, goal 2 (make bench-gateway, or part of make bench): what the Express gateway costs on a path
 * nothing caches, beside the service answering directly and beside nginx proxying the same.
 *
 * Three scenarios, each measured four ways — direct, through the gateway, through nginx (1 worker, HTTP/1.1
 * keep-alive upstream, the same X-Forwarded-* headers), and through the Node floor (./node-floor-proxy.ts:
 * the least a node:http proxy does, so the figures tell the runtime's share of the gap from the gateway's):
 *
 * - `GET /api/auth/user` with a session cookie: auth checks the session in Redis and reads the user from
 *   PostgreSQL on every request. The cheapest uncached path: the proxy's share is largest. Judged.
 * - `GET /api/listings?limit=20` answered by the listings service over PostgreSQL with its page cache off,
 *   through proxies of their own (a second gateway, with its answer cache off, a second nginx and floor):
 *   the path issue 14 measured its baseline on, at its 53 listings (BENCH_GATEWAY_LISTINGS). Judged too.
 * - `GET /api/listings?limit=20` answered by a stub in the listings slot: a tiny Node server that sends
 *   the same small JSON at once. With an upstream that costs almost nothing, the proxy's own per-request
 *   cost is nearly all there is: what a cached browse through the gateway pays (goal 1). Context rows.
 *
 * Rounds alternate the targets (each round starts with the next one), and each target gets a short
 * warm-up before every measured run, so drift on a shared machine falls on every target alike. Ratios
 * are of the means over the rounds; the per-round range is shown beside them. Beside each target: the proxy's
 * CPU per request, the service's (a Node proxy in front makes the service's own cost a request higher too: it
 * hands the requests over in bursts, so the service sleeps and wakes more often), and the machine's busy cores,
 * which tell a target bound by CPU from one bound by latency.
 *
 * The load comes from wrk (../wrk.ts; installed from Debian's packages if need be), and for the goal's scenario
 * from autocannon too, beside it. Everything shares 2 cores, so the load generator's own CPU is taken from
 * what is measured: autocannon runs in this Node process and costs several times what wrk does. The goal is
 * judged by wrk; autocannon's ratios stand in the baseline (BENCH_GATEWAY_LOAD=autocannon: autocannon only).
 *
 * Settings (environment): see ./settings.ts and bench/README.md; BENCH_PROFILE_DIR makes the gateways and the node:http
 * floors write V8 CPU profiles there when they stop (named by pid, as printed at the start), BENCH_COMPARE_GATEWAY (the
 * main.ts of another checkout's gateway, e.g. the one before a change) is measured as a fourth target.
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDb } from '@vnmarket/shared';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { generateListings } from '../../tools/generate/listings';
import { assertPortsFree, benchDatabaseName, LOCALHOST, machineSummary, sleep } from '../lib/settings';
import { authServiceEnv, runServiceEnv, SERVICE_COMMON_ENV, serviceBaseEnv } from '../lib/service-env';
import { entryOf, limitRunTime, runBench, runScript, startChild, startScript, waitUntilOk } from '../lib/processes';
import { cpuSecondsOfStat, machineCpuSeconds, readProcStat } from '../lib/proc';
import { measureLoad, type Measurement } from '../lib/load';
import { reportGoals } from '../lib/tables';
import { recreateDatabase, registerUser } from '../lib/seed';
import { findOrInstallNginx, nginxVersion } from '../lib/nginx';
import { findOrInstallWrk, measureWithWrk, type WrkResult } from '../wrk';
import { describeProxies, startProxySet, STUB_SOURCE } from './proxies';
import { goalRows, printReadingNotes, printScenario } from './report';
import { FIRST_PROXY_PORTS, LISTINGS_PROXY_PORTS, type Loader, type Pass, type Scenario, settings, type TargetName, targetLabel, targetPort } from './settings';

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

/** CPU seconds (user + system) the processes have used so far. */
function cpuSeconds(pids: number[]): number {
  let seconds = 0;
  for (const pid of pids) {
    const fields = readProcStat(pid)?.fields;
    if (fields) seconds += cpuSecondsOfStat(fields);
  }
  return seconds;
}

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
  describeProxies('auth and the stub', FIRST_PROXY_PORTS, '', nginx, nginxLabel);
  describeProxies('listings', LISTINGS_PROXY_PORTS, ', answer cache off: GATEWAY_CACHE_TTL_MS=0', nginx, nginxLabel);
  console.log('');

  console.log('  database, auth and listings migrations, listings generated …');
  await recreateDatabase(settings.databaseUrl);
  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, {
    databaseUrl: settings.databaseUrl,
    redisKeyPrefix: 'bench-gateway:',
    eventsExchange: 'bench-gateway.events',
  });
  const authEnv = authServiceEnv(serviceEnv, privateKeyFile, settings.ports.gatewayAuth);
  const listingsEnv: NodeJS.ProcessEnv = { ...serviceEnv, PORT: String(settings.ports.gatewayListings), BROWSE_CACHE_TTL_MS: '0' };
  await runScript('auth migrations', entryOf('auth', 'migrate'), authEnv, 120_000);
  await runScript('listings migrations', entryOf('listings', 'migrate'), listingsEnv, 120_000);
  console.log(`  data      ${await generateListingsData(settings.listings)}`);
  const authChild = startScript('auth', entryOf('auth', 'main'), authEnv);
  const listingsChild = startScript('listings', entryOf('listings', 'main'), listingsEnv);
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
  // No Accept-Encoding on the listings page: nothing compresses it, so every target passes the same bytes (nginx has no gzip here).
  const onListingsPath = (scenario: Omit<Scenario, 'path' | 'headers'>): Scenario => ({ ...scenario, path: '/api/listings?limit=20', headers: {} });
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
    onListingsPath({
      name: 'listings',
      title: `GET /api/listings?limit=20 (listings service, ${settings.listings} listings, uncached)`,
      directPort: settings.ports.gatewayListings,
      proxies: listingsProxies,
      judged: true,
      upstreamPid: listingsChild.process.pid ?? -1,
      check: (_response, body) => {
        if (!Array.isArray(body) || body.length === 0 || body.length > pageSize)
          throw new Error(`GET /api/listings?limit=20 answered ${JSON.stringify(body).slice(0, 300)}, not a page of listings`);
      },
    }),
    onListingsPath({
      name: 'stub',
      title: 'GET /api/listings?limit=20 (stub upstream)',
      directPort: settings.ports.gatewayStub,
      proxies: firstProxies,
      judged: false,
      upstreamPid: stubChild.process.pid ?? -1,
      check: (_response, body) => {
        if (!Array.isArray((body as { items?: unknown } | undefined)?.items)) throw new Error(`the stub answered ${JSON.stringify(body)}`);
      },
    }),
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
  printReadingNotes();
  if (nginx.note) console.log(`\n  nginx was NOT measured: ${nginx.note}`);
  reportGoals(goals);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-gateway-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, listings, the stub, the gateways, the Node floor proxies and nginx',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
