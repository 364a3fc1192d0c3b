/**
 * nginx as the reference reverse proxy (auth-user.ts, gateway.ts): found on PATH, or installed with apt-get when
 * we are root; run with its own config, pid file, logs and temp dirs in the run's temp dir.
 */
import { accessSync, chmodSync, constants as fsConstants, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childPidsOf } from './proc';
import { killPid, runToEnd, startChild, waitUntilOk, type Child } from './processes';
import { serviceBaseEnv } from './service-env';
import { LOCALHOST } from './settings';

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
function writeNginxConfig(dir: string, settings: NginxProxySettings): string {
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
