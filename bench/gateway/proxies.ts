/** What the gateway benchmark measures through: the stub upstream, and each set of proxies (gateway, Node floors, nginx). */
import { mkdirSync } from 'node:fs';
import { startNginx } from '../lib/nginx';
import { childPidsOf } from '../lib/proc';
import { entryOf, startChild, waitUntilOk } from '../lib/processes';
import { gatewayEnv } from '../lib/service-env';
import { LOCALHOST } from '../lib/settings';
import { type ProxySet, type ProxyTarget, settings, targetLabel } from './settings';

/** The stub upstream: one small JSON answer (below the gateway's 1 KB compression threshold) to every request. */
export const STUB_SOURCE = `
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

/**
 * Starts one set of proxies in front of `upstreams`: the gateway (and the compare one, if asked), both Node
 * floors and nginx (with its files in `nginxDir`), and waits until each answers.
 */
export async function startProxySet(
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
  startProxy('gateway', entryOf('gateway', 'main'), { ...gatewayEnv(ports.gateway, upstreams), ...options.gatewayEnv }, true);
  if (settings.compareGateway) {
    startProxy('compare', settings.compareGateway, { ...gatewayEnv(ports.compare, upstreams), ...options.gatewayEnv }, false);
  }
  startProxy('floor', 'bench/gateway/node-floor-proxy.ts', gatewayEnv(ports.floor, upstreams), true);
  startProxy('floorUndici', 'bench/gateway/node-floor-proxy.ts', { ...gatewayEnv(ports.floorUndici, upstreams), FLOOR_CLIENT: 'undici' }, false);
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

/** Prints the lines that say what one set of proxies is. */
export function describeProxies(
  what: string,
  ports: Record<ProxyTarget, number>,
  gatewayNote: string,
  nginx: { binary?: string; note?: string },
  nginxLabel: string | undefined,
): void {
  console.log(`  proxies in front of ${what}:`);
  console.log(
    `    gateway   ${LOCALHOST}:${ports.gateway}  (${entryOf('gateway', 'main')}, 1 Node process, LOG_LEVEL=warn${gatewayNote}${settings.profileDir ? `, CPU profile to ${settings.profileDir}` : ''})`,
  );
  console.log(
    `    floor     ${LOCALHOST}:${ports.floor}  (bench/gateway/node-floor-proxy.ts: node:http server and keep-alive client, piped, X-Forwarded-*; nothing else)`,
  );
  console.log(`    floor     ${LOCALHOST}:${ports.floorUndici}  (the same with undici's Pool as its client: FLOOR_CLIENT=undici)`);
  if (settings.compareGateway) console.log(`    compare   ${LOCALHOST}:${ports.compare}  (${settings.compareGateway})`);
  console.log(
    nginx.binary
      ? `    nginx     ${LOCALHOST}:${ports.nginx}  (${nginxLabel}, worker_processes ${settings.nginxWorkers}, upstream keepalive ${settings.nginxKeepalive}, HTTP/1.1, access_log off)`
      : `    nginx     NOT AVAILABLE: ${nginx.note}`,
  );
}
