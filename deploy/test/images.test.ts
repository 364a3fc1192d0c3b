/**
 * deploy/Dockerfile, proved without Docker: its build steps run for every deployable (deploy/test/support/
 * dockerfile.ts interprets FROM/ARG/WORKDIR/ENV/COPY/RUN/USER/CMD in a temp dir) on the files a clean clone
 * would have (tracked + untracked-not-ignored, through .dockerignore; IMAGE_SOURCE_DIR picks another
 * checkout). Each result is then checked for what it holds (production dependencies of its own workspace
 * only, the built web app in the gateway's) and started the way the chart starts it: the image's CMD in its
 * WORKDIR, with the environment of the chart's ConfigMap and the secret files it mounts, against the local
 * PostgreSQL, Redis and RabbitMQ. Every service migrates and answers /readyz, the gateway serves the web app
 * and routes to all of them, SIGTERM drains and exits 0, and nothing is written outside /tmp and the volumes
 * (a read-only root file system would allow that).
 *
 * Slow (one `npm ci --omit=dev` per deployable and a web build; a few minutes on 2 cores); bounded by the
 * timeouts below.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestEnvironment, generateSigningKeys, uniquePhone, type TestEnvironment } from '@vnmarket/shared/testing';
import {
  buildRenderer,
  containerEnv,
  decodeSecret,
  DEPLOYABLES,
  find,
  podSpecOf,
  RELEASE,
  render,
  REPO,
  SERVICES,
  type Deployable,
  type Rendered,
} from './support/chart';
import { build, contextFiles, copyContext, parseDockerfile, type BuiltStage } from './support/dockerfile';

const SOURCE = process.env.IMAGE_SOURCE_DIR ? path.resolve(process.env.IMAGE_SOURCE_DIR) : REPO;
const dockerfile = parseDockerfile(readFileSync(path.join(SOURCE, 'deploy/Dockerfile'), 'utf8'));
const WORKSPACES: Record<Deployable, string> = {
  gateway: 'gateway',
  auth: 'services/auth',
  listings: 'services/listings',
  messaging: 'services/messaging',
  media: 'services/media',
  verification: 'services/verification',
};
/** Dependencies only one deployable has: they must not be in the others' images. */
const OWN_DEPENDENCIES: Record<string, Deployable> = { argon2: 'auth', sharp: 'media', twilio: 'verification', '@aws-sdk/client-s3': 'media' };
const DEV_ONLY = ['jest', 'typescript', '@swc/core', 'testcontainers', 'autocannon', 'vite', 'react', 'react-dom', 'playwright-core', 'kubernetes-models'];

let workDir: string;
let images: Record<Deployable, BuiltStage>;
let chart: Rendered;
let environment: TestEnvironment | undefined;
const processes: ChildProcess[] = [];
const timings: string[] = [];
const hasWeb = existsSync(path.join(SOURCE, 'web/package.json'));

beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-images-'));
  const context = path.join(workDir, 'context');
  let started = Date.now();
  const files = contextFiles(SOURCE);
  copyContext(SOURCE, files, context);
  timings.push(`context: ${files.length} files in ${seconds(started)}`);
  const cache = new Map<string, BuiltStage>();
  images = {} as Record<Deployable, BuiltStage>;
  for (const name of DEPLOYABLES) {
    started = Date.now();
    images[name] = build(dockerfile, {
      context,
      buildArgs: { WORKSPACE: WORKSPACES[name] },
      workDir: path.join(workDir, 'stages'),
      cache,
      toolPath: [path.join(REPO, 'node_modules/.bin')],
    }).image;
    timings.push(`${name}: built in ${seconds(started)}`);
  }
  const renderer = buildRenderer();
  try {
    const keys = writeKeys(path.join(workDir, 'chart-keys'));
    chart = render(renderer, { setFile: { 'secrets.jwtPublicKey': keys.publicKeyFile, 'secrets.jwtPrivateKey': keys.privateKeyFile } });
  } finally {
    renderer.cleanup();
  }
}, 25 * 60_000);

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await environment?.cleanup().catch(() => undefined);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  if (timings.length) process.stdout.write(`images: ${timings.join('; ')}\n`);
}, 60_000);

test('the recipe: Node 24, production mode, non-root, node itself as PID 1, no HEALTHCHECK', () => {
  const final = dockerfile.stages[dockerfile.stages.length - 1]!;
  const ops = final.instructions.map((instruction) => instruction.op);
  expect(dockerfile.globalArgs.NODE_IMAGE).toMatch(/^node:24\.\d+\.\d+-bookworm-slim$/);
  expect(dockerfile.stages.every((stage) => stage.image === '${NODE_IMAGE}')).toBe(true);
  expect(dockerfile.stages.flatMap((stage) => stage.instructions).some((instruction) => ['HEALTHCHECK', 'ENTRYPOINT'].includes(instruction.op))).toBe(false);
  expect(ops.indexOf('USER')).toBeLessThan(ops.indexOf('CMD'));
  for (const name of DEPLOYABLES) {
    expect(images[name].user).toBe('node');
    expect(images[name].cmd).toEqual(['node', '--import', 'tsx', 'src/main.ts']);
    expect(images[name].env).toEqual({ NODE_ENV: 'production', TSX_DISABLE_CACHE: '1' });
    expect(images[name].workdir).toBe(`/app/${WORKSPACES[name]}`);
  }
  // The chart runs the same command, and the same migration entry the image holds.
  for (const name of DEPLOYABLES) {
    const deployment = find(chart, 'Deployment', `${RELEASE}-${name}`);
    expect(podSpecOf(deployment).containers[0].command).toBeUndefined();
  }
});

test.each(DEPLOYABLES)('image %s holds its sources and its production dependencies, nothing else', (name) => {
  const image = images[name];
  const app = path.join(image.root, 'app');
  const workspace = WORKSPACES[name];
  expect(existsSync(path.join(app, workspace, 'src/main.ts'))).toBe(true);
  expect(existsSync(path.join(app, 'services/shared/src/index.ts'))).toBe(true);
  expect(existsSync(path.join(app, 'proto/src/index.ts'))).toBe(true);
  expect(existsSync(path.join(app, 'node_modules/tsx/package.json'))).toBe(true);
  for (const [dependency, owner] of Object.entries(OWN_DEPENDENCIES)) {
    expect([dependency, existsSync(path.join(app, 'node_modules', dependency, 'package.json'))]).toEqual([dependency, owner === name]);
  }
  for (const dependency of DEV_ONLY) expect([dependency, existsSync(path.join(app, 'node_modules', dependency))]).toEqual([dependency, false]);
  // Other workspaces contribute their package.json (npm ci reads every manifest), never code.
  for (const other of Object.values(WORKSPACES).filter((candidate) => candidate !== workspace)) {
    const entries = existsSync(path.join(app, other)) ? readdirSync(path.join(app, other)) : [];
    expect([other, entries.filter((entry) => entry !== 'package.json')]).toEqual([other, []]);
  }
  for (const excluded of ['test', 'node_modules/.cache']) expect([excluded, existsSync(path.join(app, workspace, excluded))]).toEqual([excluded, false]);
  expect(existsSync(path.join(app, 'web/dist/index.html'))).toBe(name === 'gateway' && hasWeb);
  if (name !== 'gateway') expect(existsSync(path.join(app, 'web/src'))).toBe(false);
});

test(
  'the images migrate, start with the chart environment, answer their probes; the gateway serves the web app and reaches every service; SIGTERM drains',
  async () => {
    environment = await createTestEnvironment('images');
    const keys = generateSigningKeys();
    const chartSecret = decodeSecret(find(chart, 'Secret', `${RELEASE}-secrets`));
    const secretValues: Record<string, string> = {
      ...chartSecret,
      'jwt-public-key': keys.publicKey,
      'jwt-private-key': keys.privateKey,
      'database-url': environment.env.DATABASE_URL!,
      'redis-url': environment.env.REDIS_URL!,
      'amqp-url': environment.env.AMQP_URL!,
    };
    const volumes = path.join(workDir, 'volumes');
    const marker = path.join(workDir, 'started-marker');
    writeFileSync(marker, '');
    await new Promise((resolve) => setTimeout(resolve, 1100)); // find -newer has one-second precision on some file systems

    /** The pod's view: ConfigMap env, /tmp and the volumes as temp folders, secret files with this test's values. */
    const podEnv = (name: Deployable, port: number, extra: Record<string, string> = {}) => {
      const deployment = find(chart, 'Deployment', `${RELEASE}-${name}`);
      const env = containerEnv(chart, podSpecOf(deployment).containers[0]);
      const root = path.join(volumes, name);
      const mapped: Record<string, string> = {};
      for (const [variable, value] of Object.entries(env)) {
        let local = value;
        if (value.startsWith('/var/run/secrets/vnmarket/')) {
          local = path.join(root, 'secrets', path.basename(value));
          mkdirSync(path.dirname(local), { recursive: true });
          writeFileSync(local, secretValues[path.basename(value)] ?? '');
        } else if (value.startsWith('/tmp/') || value.startsWith('/data/')) {
          local = path.join(root, value);
        }
        mapped[variable] = local;
      }
      mkdirSync(path.join(root, 'tmp'), { recursive: true });
      if (env.MEDIA_ROOT) mkdirSync(mapped.MEDIA_ROOT!, { recursive: true });
      const port_ = name === 'gateway' ? { GATEWAY_PORT: String(port) } : { PORT: String(port) };
      return {
        ...images[name].env,
        ...mapped,
        ...port_,
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        REDIS_KEY_PREFIX: environment!.env.REDIS_KEY_PREFIX!,
        EVENTS_EXCHANGE: environment!.env.EVENTS_EXCHANGE!,
        PATH: `${path.join(REPO, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}`,
        HOME: path.join(images[name].root, 'home/node'),
        TMPDIR: path.join(root, 'tmp'),
        ...extra,
      };
    };
    const cwd = (name: Deployable) => path.join(images[name].root, images[name].workdir);

    // Migrations: the chart's init container / hook Job command, in the image.
    let started = Date.now();
    for (const service of SERVICES) {
      const output = execFileSync('node', ['--import', 'tsx', 'src/migrate.ts'], {
        cwd: cwd(service),
        env: podEnv(service, 0),
        encoding: 'utf8',
        timeout: 120_000,
      });
      expect(output).toMatch(new RegExp(`^${service}: (applied|schema up to date)`));
    }
    timings.push(`migrations: ${seconds(started)}`);

    started = Date.now();
    const ports = Object.fromEntries(await Promise.all(DEPLOYABLES.map(async (name) => [name, await freePort()] as const))) as Record<Deployable, number>;
    const logs = new Map<Deployable, string[]>();
    const start = (name: Deployable, extra: Record<string, string> = {}) => {
      const [command, ...args] = images[name].cmd!;
      const child = spawn(command!, args, { cwd: cwd(name), env: podEnv(name, ports[name], extra), stdio: ['ignore', 'pipe', 'pipe'] });
      const lines: string[] = [];
      logs.set(name, lines);
      child.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => lines.push(chunk.toString()));
      processes.push(child);
      return child;
    };
    const children = new Map<Deployable, ChildProcess>();
    for (const service of SERVICES) children.set(service, start(service));
    const url = (name: Deployable, route: string) => `http://127.0.0.1:${ports[name]}${route}`;
    for (const service of SERVICES) {
      await waitFor200(url(service, '/livez'), 90_000, () => logs.get(service)!.join(''));
      await waitFor200(url(service, '/readyz'), 60_000, () => logs.get(service)!.join(''));
    }
    const upstreams = Object.fromEntries(SERVICES.map((service) => [`${service.toUpperCase()}_URL`, `http://127.0.0.1:${ports[service]}`]));
    children.set('gateway', start('gateway', upstreams));
    await waitFor200(url('gateway', '/livez'), 90_000, () => logs.get('gateway')!.join(''));
    await waitFor200(url('gateway', '/healthz'), 30_000, () => logs.get('gateway')!.join(''));
    timings.push(`six processes ready: ${seconds(started)}`);

    // The web app, from the image (built by the Dockerfile's web stage).
    const home = await fetch(url('gateway', '/'), { headers: { accept: 'text/html' } });
    const html = await home.text();
    expect(home.status).toBe(200);
    if (hasWeb) expect(html).toBe(readFileSync(path.join(images.gateway.root, 'app/web/dist/index.html'), 'utf8'));
    // Through the gateway to the services: sign-up (argon2 in the auth image, the private key file), the
    // session on another request, and the catalogue.
    const phone = uniquePhone();
    const registered = await fetch(url('gateway', '/api/register'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: 'Lan', lastName: 'Nguyen', phone, password: 'correct horse battery' }),
    });
    expect(registered.status).toBe(201);
    const user = (await registered.json()) as { id: string };
    const cookie = registered.headers.get('set-cookie')!.split(';')[0]!;
    const me = await fetch(url('gateway', '/api/auth/user'), { headers: { cookie } });
    expect([me.status, ((await me.json()) as { id?: string }).id]).toEqual([200, user.id]);
    const listings = await fetch(url('gateway', '/api/listings?limit=5'));
    expect([listings.status, Array.isArray(await listings.json())]).toEqual([200, true]);

    // SIGTERM: each process drains and exits 0 well within the pod's grace period.
    const grace = Number(podSpecOf(find(chart, 'Deployment', `${RELEASE}-gateway`)).terminationGracePeriodSeconds) * 1000;
    for (const name of ['gateway', ...SERVICES] as Deployable[]) {
      const child = children.get(name)!;
      const stopped = Date.now();
      const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      const code = await Promise.race([exit, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), grace))]);
      expect([name, code, Date.now() - stopped < grace]).toEqual([name, 0, true]);
    }

    // Nothing was written inside the images (a read-only root file system would have refused it).
    for (const name of DEPLOYABLES) {
      const written = execFileSync('find', [images[name].root, '-newer', marker], { encoding: 'utf8' }).trim();
      expect([name, written]).toEqual([name, '']);
    }
  },
  10 * 60_000,
);

// ---------------------------------------------------------------------------------------------------

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

function writeKeys(dir: string): { publicKeyFile: string; privateKeyFile: string } {
  const { privateKey, publicKey } = generateSigningKeys();
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'private.pem'), privateKey);
  writeFileSync(path.join(dir, 'public.pem'), publicKey);
  return { publicKeyFile: path.join(dir, 'public.pem'), privateKeyFile: path.join(dir, 'private.pem') };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor200(target: string, timeoutMs: number, logs: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const response = await fetch(target, { signal: AbortSignal.timeout(2000) });
      await response.body?.cancel();
      if (response.status === 200) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${target} did not answer 200 within ${timeoutMs} ms (last: ${last})\n${logs().slice(-4000)}`);
}
