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
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertPortsFree, envInt, envPorts, LOCALHOST, machineSummary, sleep } from './lib/settings';
import { authServiceEnv, gatewayEnv, runServiceEnv } from './lib/service-env';
import { type Child, entryOf, limitRunTime, runBench, runScript, startScript, waitUntilOk } from './lib/processes';
import { childPidsOf, procStatusKb } from './lib/proc';
import { measureLoad, type Measurement } from './lib/load';
import { fmt, MEASUREMENT_HEADER, measurementCells, printTable } from './lib/tables';
import { registerUser } from './lib/seed';
import { findOrInstallNginx, nginxVersion, startNginx } from './lib/nginx';

const settings = {
  duration: envInt('BENCH_DURATION', 10, 1),
  warmup: envInt('BENCH_WARMUP', 3, 0),
  connections: envInt('BENCH_CONNECTIONS', 50, 1),
  pipelining: 1,
  nginxWorkers: process.env.BENCH_NGINX_WORKERS || '1',
  ports: envPorts({ auth: 4101, gateway: 8180, nginx: 8181 }),
  databaseUrl: process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench',
  nginxKeepalive: 64,
};
if (!/^(auto|[1-9]\d*)$/.test(settings.nginxWorkers)) {
  console.error(`bench: BENCH_NGINX_WORKERS must be a positive integer or "auto" (got "${settings.nginxWorkers}")`);
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------------
// Helpers: memory.

/** Peak RSS in MiB of one process, or of an nginx master plus its workers. */
function maxRssMiB(child: Child | undefined, withChildren = false): number | undefined {
  const pid = child?.process.pid;
  if (pid === undefined) return undefined;
  const pids = [pid];
  if (withChildren) {
    pids.push(...childPidsOf(pid));
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
// Load and results.

type Row = Measurement & { proxyRssMiB?: number; authRssMiB?: number };

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
  return measureLoad(label, { url, headers: { cookie } }, settings);
}

function printRows(rows: Row[], nginxNote: string | undefined): void {
  const header = ['target', ...MEASUREMENT_HEADER, 'proxy max RSS MiB', 'auth max RSS MiB'];
  const lines = rows.map((row) => [row.label, ...measurementCells(row), fmt(row.proxyRssMiB, 1), fmt(row.authRssMiB, 1)]);
  if (nginxNote) lines.push(['nginx → auth', 'not measured', '', '', '', '', '', '', '']);
  printTable(header, lines);
}

function printRatios(direct: Row | undefined, gateway: Row | undefined, nginx: Row | undefined, nginxNote: string | undefined): void {
  console.log('\n  req/s ratios');
  const ratio = (a: Row | undefined, b: Row | undefined) => (a && b && b.requestsPerSecond > 0 ? a.requestsPerSecond / b.requestsPerSecond : undefined);
  const gd = ratio(gateway, direct);
  const gn = ratio(gateway, nginx);
  console.log(`    gateway / direct = ${gd === undefined ? 'n/a' : `${gd.toFixed(2)}  (the gateway delivers ${(gd * 100).toFixed(0)}% of direct's req/s)`}`);
  console.log(
    `    gateway / nginx  = ${
      gn === undefined
        ? `n/a (${nginxNote ? 'nginx not available' : 'not measured'})`
        : `${gn.toFixed(2)}  (the gateway delivers ${(gn * 100).toFixed(0)}% of nginx's req/s)`
    }`,
  );
}

// ---------------------------------------------------------------------------------------------------

async function main(tempDir: string): Promise<void> {
  await assertPortsFree(settings.ports);

  const nginx = await findOrInstallNginx();
  const nginxLabel = nginx.binary ? await nginxVersion(nginx.binary) : undefined;

  // From here on the run is bounded: startup, then warm-up + measurement per target, with slack.
  limitRunTime(180 + 3 * (settings.warmup + settings.duration + 30));

  const cores = os.cpus().length;
  console.log('\nGET /api/auth/user with a valid session cookie: direct, through the Express gateway, through nginx');
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    `  NOTE      the load generator (autocannon, in this process), auth, the gateway, nginx, PostgreSQL and Redis all share these ${cores} cores:\n` +
      '            compare the rows with each other; they are not the capacity of a dedicated server.',
  );
  console.log(
    `  load      autocannon, ${settings.connections} connections, pipelining ${settings.pipelining}, ${settings.warmup} s warm-up + ${settings.duration} s measured per target` +
      ' (BENCH_CONNECTIONS, BENCH_WARMUP, BENCH_DURATION)',
  );
  console.log(
    `  auth      ${LOCALHOST}:${settings.ports.auth}  (1 Node process, NODE_ENV=production, LOG_LEVEL=warn, database ${new URL(settings.databaseUrl).pathname.slice(1)})`,
  );
  console.log(
    `  gateway   ${LOCALHOST}:${settings.ports.gateway}  (${entryOf('gateway', 'main')}: Express + http-proxy-middleware, 1 Node process, LOG_LEVEL=warn)`,
  );
  console.log(
    nginx.binary
      ? `  nginx     ${LOCALHOST}:${settings.ports.nginx}  (${nginxLabel}, worker_processes ${settings.nginxWorkers}, upstream keepalive ${settings.nginxKeepalive}, HTTP/1.1, access_log off)`
      : `  nginx     NOT AVAILABLE: ${nginx.note}`,
  );
  console.log('');

  // Ephemeral signing keys for this run only.
  const { serviceEnv, privateKeyFile } = runServiceEnv(tempDir, {
    databaseUrl: settings.databaseUrl,
    redisKeyPrefix: 'bench:',
    eventsExchange: 'bench.events',
  });
  const authEnv = authServiceEnv(serviceEnv, privateKeyFile, settings.ports.auth);

  console.log('  auth migrations …');
  await runScript('auth migrations', entryOf('auth', 'migrate'), authEnv, 120_000);

  const auth = startScript('auth', entryOf('auth', 'main'), authEnv);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  const gateway = startScript('gateway', entryOf('gateway', 'main'), gatewayEnv(settings.ports.gateway, { auth: settings.ports.auth }));
  // Only auth runs, so the gateway's /healthz (every service ready) stays 503: measure() checks the route once.
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gateway}/livez`, 'gateway', 60_000);
  let nginxChild: Child | undefined;
  if (nginx.binary) {
    nginxChild = await startNginx(
      nginx.binary,
      tempDir,
      {
        workers: settings.nginxWorkers,
        port: settings.ports.nginx,
        keepalive: settings.nginxKeepalive,
        routes: [{ location: '/', port: settings.ports.auth }],
      },
      '/livez',
    );
  }

  // One user, one session: every measured request carries its cookie.
  const phone = `9${String(randomInt(0, 1_000_000_000)).padStart(9, '0')}`;
  const { id: userId, cookie: sessionCookie } = await registerUser(settings.ports.auth, { firstName: 'Bench', lastName: 'Mark', phone });
  console.log(`  registered user ${userId} (phone ${phone}); measuring …\n`);

  const rows: Row[] = [];
  const direct = await measure('direct → auth', settings.ports.auth, sessionCookie, userId);
  direct.authRssMiB = maxRssMiB(auth);
  rows.push(direct);
  await sleep(1000);
  const viaGateway = await measure('gateway → auth', settings.ports.gateway, sessionCookie, userId);
  viaGateway.proxyRssMiB = maxRssMiB(gateway);
  viaGateway.authRssMiB = maxRssMiB(auth);
  rows.push(viaGateway);
  let viaNginx: Row | undefined;
  if (nginxChild) {
    await sleep(1000);
    viaNginx = await measure('nginx → auth', settings.ports.nginx, sessionCookie, userId);
    viaNginx.proxyRssMiB = maxRssMiB(nginxChild, true);
    viaNginx.authRssMiB = maxRssMiB(auth);
    rows.push(viaNginx);
  }

  printRows(rows, nginx.note);
  console.log(
    "\n  req/s: autocannon's mean of per-second samples. Latency percentiles: every measured response, in ms.\n" +
      "  max RSS: VmHWM from /proc (peak since process start; nginx = master + workers; auth's peak is cumulative over the runs).",
  );
  printRatios(direct, viaGateway, viaNginx, nginx.note);
  if (nginx.note) console.log(`\n  nginx was NOT measured: ${nginx.note}`);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, gateway and nginx',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
