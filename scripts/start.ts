/**
 * make start: the whole product on this machine. Creates signing keys and the database, runs every
 * service's migrations, starts each service and the gateway as child processes with readable logs,
 * waits until the gateway is healthy, loads demo data into an empty marketplace (SEED=0 skips it), and
 * stops everything cleanly on Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prettyFactory } from 'pino-pretty';
import { DEFAULT_PORTS } from '@vnmarket/gateway/config';
import { SERVICES } from '@vnmarket/gateway/routes';
import { forEachLine, isUrlReachable, writeSigningKeys, writeVapidKeys } from './lib/local';

const root = path.resolve(__dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);
/** Names this process while it runs: make restore refuses while it is there (scripts/lib/backup.ts). */
const pidFile = path.join(root, 'var/start.pid');

function ensureSigningKeys(): { JWT_PUBLIC_KEY_FILE: string; JWT_PRIVATE_KEY_FILE: string } {
  const dir = path.join(root, 'var/keys');
  let files = { privateKeyFile: path.join(dir, 'jwt-private.pem'), publicKeyFile: path.join(dir, 'jwt-public.pem') };
  if (!existsSync(files.privateKeyFile) || !existsSync(files.publicKeyFile)) {
    files = writeSigningKeys(dir);
    console.log('start: created session signing keys in var/keys');
  }
  return { JWT_PUBLIC_KEY_FILE: files.publicKeyFile, JWT_PRIVATE_KEY_FILE: files.privateKeyFile };
}

/** Web push's VAPID pair, kept in var/keys like the signing keys; local push endpoints over http are allowed. */
function ensureVapidKeys(): { VAPID_PUBLIC_KEY_FILE: string; VAPID_PRIVATE_KEY_FILE: string; PUSH_ALLOW_LOOPBACK: string } {
  const dir = path.join(root, 'var/keys');
  let files = { publicKeyFile: path.join(dir, 'vapid-public.txt'), privateKeyFile: path.join(dir, 'vapid-private.txt') };
  if (!existsSync(files.publicKeyFile) || !existsSync(files.privateKeyFile)) {
    files = writeVapidKeys(dir);
    console.log('start: created web push (VAPID) keys in var/keys');
  }
  return { VAPID_PUBLIC_KEY_FILE: files.publicKeyFile, VAPID_PRIVATE_KEY_FILE: files.privateKeyFile, PUSH_ALLOW_LOOPBACK: 'true' };
}

async function checkDataStores(): Promise<void> {
  const stores = [
    { name: 'PostgreSQL', url: process.env.DATABASE_URL ?? 'postgres://127.0.0.1:5432', port: 5432 },
    { name: 'Redis', url: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', port: 6379 },
    { name: 'RabbitMQ', url: process.env.AMQP_URL ?? 'amqp://127.0.0.1:5672', port: 5672 },
  ];
  const down = [];
  for (const store of stores) if (!(await isUrlReachable(store.url, store.port))) down.push(`${store.name} (${new URL(store.url).host})`);
  if (down.length > 0) {
    console.error(`start: cannot reach ${down.join(', ')}. Start them first (see README).`);
    process.exit(1);
  }
}

const children: { name: string; process: ChildProcess }[] = [];
let stopping = false;

/** Runs a TypeScript script as a child process whose output lines are labelled with its name (JSON logs made readable). */
function spawnLabelled(name: string, script: string, env: NodeJS.ProcessEnv): ChildProcess {
  const pretty = prettyFactory({ colorize: process.stdout.isTTY ?? false, ignore: 'pid,hostname,service', translateTime: 'HH:MM:ss', singleLine: true });
  const label = `${name.padEnd(12)}|`;
  const child = spawn(tsx, [script], { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    forEachLine(stream, (line) => out.write(`${label} ${line.startsWith('{') ? pretty(line).trimEnd() : line}\n`));
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  children.push({ name, process: child });
  return child;
}

/** A service or the gateway: if it exits on its own, everything stops. */
function startProcess(name: string, script: string, env: NodeJS.ProcessEnv): void {
  const child = spawnLabelled(name, script, env);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start: ${name} exited (${signal ?? code}); stopping everything`);
    void stopAll(1);
  });
}

/**
 * Demo data for an empty marketplace: tools/demo/seed.ts registers demo sellers and posts
 * listings through the gateway, and does nothing once there are listings. A failure is reported; the
 * product keeps running.
 */
function runSeed(): Promise<void> {
  return new Promise((resolve) => {
    const child = spawnLabelled('seed', 'tools/demo/seed.ts', { GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` });
    const timer = setTimeout(() => {
      console.error('start: the demo seed did not finish within 120 s; stopping it');
      child.kill('SIGKILL');
    }, 120_000);
    let finished = false;
    const done = (outcome: string | undefined) => {
      if (finished) return;
      finished = true;
      clearTimeout(timer);
      if (outcome && !stopping) console.error(`start: the demo seed failed (${outcome}); the marketplace runs without demo data`);
      resolve();
    };
    child.once('error', (error) => done(error.message));
    child.once('exit', (code, signal) => done(code === 0 ? undefined : (signal ?? `exit code ${code}`)));
  });
}

async function stopAll(exitCode: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nstart: stopping all processes…');
  await Promise.all(
    children.map(
      ({ process: child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
          setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
        }),
    ),
  );
  rmSync(pidFile, { force: true });
  process.exit(exitCode);
}

async function waitForGateway(): Promise<boolean> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping) {
    try {
      const response = await fetch(`http://127.0.0.1:${gatewayPort}/healthz`);
      if (response.ok) return true;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return false;
}

async function main(): Promise<void> {
  process.on('SIGINT', () => void stopAll(0));
  process.on('SIGTERM', () => void stopAll(0));
  await checkDataStores();
  mkdirSync(path.dirname(pidFile), { recursive: true });
  writeFileSync(pidFile, `${process.pid}\n`);
  const shared = { ...ensureSigningKeys(), ...ensureVapidKeys(), HOST: '127.0.0.1', LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' };

  for (const service of SERVICES) {
    const result = spawnSync(tsx, [`services/${service}/src/migrate.ts`], { cwd: root, env: { ...process.env, ...shared }, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`start: migrations of ${service} failed`);
      process.exit(1);
    }
  }
  if (existsSync(path.join(root, 'web/package.json'))) {
    const build = spawnSync('npm', ['run', 'build', '--workspace', 'web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) console.error('start: web build failed; serving the API only');
  }

  const upstreamUrls: Record<string, string> = {};
  // One machine, six processes: each its own metrics port, the gateway 9464 and the services 9465 on.
  for (const [index, service] of SERVICES.entries()) {
    const port = DEFAULT_PORTS[service];
    upstreamUrls[`${service.toUpperCase()}_URL`] = `http://127.0.0.1:${port}`;
    startProcess(service, `services/${service}/src/main.ts`, { ...shared, PORT: String(port), METRICS_PORT: String(9465 + index) });
  }
  startProcess('gateway', 'gateway/src/main.ts', { ...shared, ...upstreamUrls, GATEWAY_PORT: String(gatewayPort), METRICS_PORT: '9464' });

  if (await waitForGateway()) {
    if (process.env.SEED !== '0') await runSeed();
    if (stopping) return;
    console.log(`\n  Marketplace is up at http://localhost:${gatewayPort}  (Ctrl-C stops everything)\n`);
  } else if (!stopping) {
    console.error('start: the gateway did not become healthy within 60 s; see the logs above');
  }
}

void main();
