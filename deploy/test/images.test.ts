/**
 * deploy/Dockerfile, proved without Docker: its build steps run for every deployable (deploy/test/support/
 * dockerfile.ts interprets FROM/ARG/WORKDIR/ENV/COPY/RUN/USER/CMD in a temp dir) on the files a clean clone
 * would have (tracked + untracked-not-ignored, through .dockerignore; IMAGE_SOURCE_DIR picks another
 * checkout), with the build args skaffold.yaml gives each artifact. Each image is then checked for what it
 * holds (its compiled entry points and the production dependencies of its own workspace only: no sources,
 * no TypeScript, no tsx; the built web app in the gateway's) and for what it is built from (editing one
 * service changes no other image's inputs), and started the way the chart starts it: `node dist/...` in its
 * WORKDIR, with the environment of the chart's ConfigMap and the secret files it mounts, against the local
 * PostgreSQL, Redis and RabbitMQ. Every service migrates and answers /readyz, the gateway serves the web app
 * and routes to all of them, SIGTERM drains and exits 0, and nothing is written outside /tmp and the volumes
 * (a read-only root file system would allow that). The `dev` target (skaffold dev) runs under `tsx watch`.
 *
 * Slow (one full `npm ci`, one `npm ci --omit=dev`, a type check and a bundle per deployable, a web build;
 * about ten minutes on 2 cores); bounded by the timeouts below.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestEnvironment, eventually, freePort, generateSigningKeys, uniquePhone, type TestEnvironment } from '@vnmarket/testkit';
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
import YAML from 'yaml';
import { build, contextFiles, copiedSources, copyContext, parseDockerfile, stagesFor, type BuiltStage } from './support/dockerfile';

const SOURCE = process.env.IMAGE_SOURCE_DIR ? path.resolve(process.env.IMAGE_SOURCE_DIR) : REPO;
const dockerfile = parseDockerfile(readFileSync(path.join(SOURCE, 'deploy/Dockerfile'), 'utf8'));
const skaffold = YAML.parse(readFileSync(path.join(SOURCE, 'skaffold.yaml'), 'utf8'));
/** What skaffold passes when it builds each image (WORKSPACE, and WEB_APP for the gateway). */
const BUILD_ARGS = Object.fromEntries(
  (skaffold.build.artifacts as Array<{ image: string; docker: { buildArgs: Record<string, string> } }>).map((artifact) => [
    artifact.image.replace('vnmarket/', ''),
    artifact.docker.buildArgs,
  ]),
) as Record<Deployable, Record<string, string>>;
const WORKSPACES: Record<Deployable, string> = {
  gateway: 'gateway',
  auth: 'services/auth',
  listings: 'services/listings',
  messaging: 'services/messaging',
  media: 'services/media',
  verification: 'services/verification',
};
const ROOT_WORKSPACES = JSON.parse(readFileSync(path.join(SOURCE, 'package.json'), 'utf8')).workspaces as string[];
/** Dependencies only one deployable has: they must not be in the others' images. */
const OWN_DEPENDENCIES: Record<string, Deployable> = { argon2: 'auth', sharp: 'media', twilio: 'verification', '@aws-sdk/client-s3': 'media' };
const DEV_ONLY = [
  'jest',
  'typescript',
  'tsx',
  'esbuild',
  '@esbuild',
  '@swc/core',
  'testcontainers',
  'autocannon',
  'vite',
  'react',
  'react-dom',
  'playwright-core',
  'kubernetes-models',
];
/** How the image and the chart run a deployable and a service's migrations: compiled JavaScript, source-mapped stack traces. */
const MAIN_COMMAND = ['node', '--enable-source-maps', 'dist/main.js'];
const MIGRATE_COMMAND = ['node', '--enable-source-maps', 'dist/migrate.js'];
const WATCH_COMMAND = ['node', '/app/node_modules/tsx/dist/cli.mjs', 'watch', '--clear-screen=false', 'src/main.ts'];

let workDir: string;
let images: Record<Deployable, BuiltStage>;
let devImages: Record<Deployable, BuiltStage>;
let context: string[];
let chart: Rendered;
let environment: TestEnvironment | undefined;
const processes: ChildProcess[] = [];
const timings: string[] = [];
const hasWeb = existsSync(path.join(SOURCE, 'web/package.json'));

beforeAll(() => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-images-'));
  const contextDir = path.join(workDir, 'context');
  let started = Date.now();
  context = contextFiles(SOURCE);
  copyContext(SOURCE, context, contextDir);
  timings.push(`context: ${context.length} files in ${seconds(started)}`);
  const cache = new Map<string, BuiltStage>();
  images = {} as Record<Deployable, BuiltStage>;
  devImages = {} as Record<Deployable, BuiltStage>;
  for (const name of DEPLOYABLES) {
    started = Date.now();
    const options = {
      context: contextDir,
      buildArgs: BUILD_ARGS[name],
      workDir: path.join(workDir, 'stages'),
      cache,
      toolPath: [path.join(REPO, 'node_modules/.bin')],
    };
    images[name] = build(dockerfile, options).image;
    devImages[name] = build(dockerfile, { ...options, target: 'dev' }).image;
    timings.push(`${name}: built in ${seconds(started)}`);
  }
  const renderer = buildRenderer();
  try {
    const keys = writeKeys(path.join(workDir, 'chart-keys'));
    // The site's URL: the one value the chart's defaults lack (a local cluster's, reached through port-forward).
    const localOrigin = path.join(workDir, 'local-origin-values.yaml');
    writeFileSync(localOrigin, 'publicOrigins: [http://localhost:8080]\n');
    chart = render(renderer, {
      valuesFiles: [localOrigin],
      setFile: { 'secrets.jwtPublicKey': keys.publicKeyFile, 'secrets.jwtPrivateKey': keys.privateKeyFile },
    });
  } finally {
    renderer.cleanup();
  }
}, 40 * 60_000);

afterAll(async () => {
  for (const child of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await environment?.cleanup().catch(() => undefined);
  if (workDir) rmSync(workDir, { recursive: true, force: true });
  if (timings.length) process.stdout.write(`images: ${timings.join('; ')}\n`);
}, 60_000);

test('the recipe: Node 24, production mode, non-root, node itself as PID 1 running compiled JavaScript, no HEALTHCHECK', () => {
  const final = dockerfile.stages[dockerfile.stages.length - 1]!;
  const ops = final.instructions.map((instruction) => instruction.op);
  expect(dockerfile.globalArgs.NODE_IMAGE).toMatch(/^node:24\.\d+\.\d+-bookworm-slim$/);
  const stageNames = dockerfile.stages.map((stage) => stage.name);
  expect(dockerfile.stages.every((stage) => stage.image === '${NODE_IMAGE}' || stageNames.includes(stage.image))).toBe(true);
  expect(dockerfile.stages.flatMap((stage) => stage.instructions).some((instruction) => ['HEALTHCHECK', 'ENTRYPOINT'].includes(instruction.op))).toBe(false);
  expect(ops.indexOf('USER')).toBeLessThan(ops.indexOf('CMD'));
  // The default target is the compiled image: the dev stage (sources, tsx) is not among its stages.
  expect([...stagesFor(dockerfile, final.name)].sort()).toEqual(['build', 'deps', 'manifests', 'runtime', 'toolchain', 'web']);
  for (const name of DEPLOYABLES) {
    expect(images[name].user).toBe('node');
    expect(images[name].cmd).toEqual(MAIN_COMMAND);
    expect(images[name].cmd!.join(' ')).not.toMatch(/tsx|\.ts\b/);
    expect(images[name].env).toEqual({ NODE_ENV: 'production' });
    expect(images[name].workdir).toBe(`/app/${WORKSPACES[name]}`);
    expect([devImages[name].user, devImages[name].cmd, devImages[name].workdir]).toEqual(['node', WATCH_COMMAND, `/app/${WORKSPACES[name]}`]);
  }
});

test('the chart runs the entry points the image holds: its CMD, and dist/migrate.js for the migrations', () => {
  for (const name of DEPLOYABLES) {
    const deployment = find(chart, 'Deployment', `${RELEASE}-${name}`);
    expect(podSpecOf(deployment).containers[0].command).toBeUndefined();
  }
  for (const service of SERVICES) {
    const init = (podSpecOf(find(chart, 'Deployment', `${RELEASE}-${service}`)).initContainers ?? []).find((container: any) => container.name === 'migrate');
    expect([service, init?.command]).toEqual([service, MIGRATE_COMMAND]);
  }
});

test('each image is built from the manifests, the shared sources and its own workspace only (the gateway adds web/)', () => {
  const manifests = ['package.json', 'package-lock.json', ...ROOT_WORKSPACES.map((workspace) => `${workspace}/package.json`)];
  const inputs = {} as Record<Deployable, Set<string>>;
  for (const name of DEPLOYABLES) {
    const workspace = WORKSPACES[name];
    // What skaffold watches for this artifact: the COPY lines of every stage with its build args.
    const copied = copiedSources(dockerfile, BUILD_ARGS[name]);
    const expected = [...manifests, 'tsconfig.base.json', 'scripts/build.ts', 'proto', 'services/shared', workspace, ...(name === 'gateway' ? ['web'] : [])];
    expect([name, copied]).toEqual([name, [...new Set(expected)].sort()]);
    inputs[name] = new Set(context.filter((file) => copied.some((source) => file === source || file.startsWith(`${source}/`))));
  }
  // Editing a file rebuilds the images that read it, and no other.
  const readers = (file: string) => DEPLOYABLES.filter((name) => inputs[name].has(file));
  const sample = (prefix: string) => context.find((file) => file.startsWith(prefix) && file.endsWith('.ts'))!;
  for (const name of DEPLOYABLES) expect([name, readers(sample(`${WORKSPACES[name]}/src/`))]).toEqual([name, [name]]);
  if (hasWeb) expect(readers(sample('web/src/'))).toEqual(['gateway']);
  expect(readers(sample('services/shared/src/'))).toEqual([...DEPLOYABLES]);
  expect(readers('services/auth/package.json')).toEqual([...DEPLOYABLES]);
});

test.each(DEPLOYABLES)('image %s holds its compiled entry points and its production dependencies, nothing else', (name) => {
  const image = images[name];
  const app = path.join(image.root, 'app');
  const workspace = WORKSPACES[name];
  // auth also holds the operator's moderator command (npm run grant-moderator in its pod).
  const entries = name === 'gateway' ? ['main'] : name === 'auth' ? ['main', 'migrate', 'dlq', 'moderators'] : ['main', 'migrate', 'dlq'];
  expect(readdirSync(path.join(app, workspace, 'dist')).sort()).toEqual(entries.flatMap((entry) => [`${entry}.js`, `${entry}.js.map`]).sort());
  // Stack traces name the TypeScript sources (node --enable-source-maps reads the map next to the file).
  const map = JSON.parse(readFileSync(path.join(app, workspace, 'dist/main.js.map'), 'utf8')) as { sources: string[] };
  expect(map.sources).toEqual(expect.arrayContaining(['../src/main.ts', `${path.posix.relative(`${workspace}/dist`, 'services/shared/src/logger.ts')}`]));
  for (const [dependency, owner] of Object.entries(OWN_DEPENDENCIES)) {
    expect([dependency, existsSync(path.join(app, 'node_modules', dependency, 'package.json'))]).toEqual([dependency, owner === name]);
  }
  for (const dependency of DEV_ONLY) expect([dependency, existsSync(path.join(app, 'node_modules', dependency))]).toEqual([dependency, false]);
  // No TypeScript outside node_modules: every workspace folder holds its package.json (npm ci reads every
  // manifest), and the image's own its dist/ besides, with its node_modules when npm nests a dependency there
  // (a version the root's dev tools need another one of: the listings service's lru-cache).
  const typescript = execFileSync('find', [app, '-name', 'node_modules', '-prune', '-o', '-name', '*.ts', '-print'], {
    encoding: 'utf8',
  }).trim();
  expect(typescript).toBe('');
  for (const folder of ROOT_WORKSPACES) {
    const folderEntries = existsSync(path.join(app, folder)) ? readdirSync(path.join(app, folder)) : [];
    const allowed = [
      'package.json',
      ...(folder === workspace ? ['dist', 'node_modules'] : []),
      ...(folder === 'web' && name === 'gateway' && hasWeb ? ['dist'] : []),
    ];
    expect([folder, folderEntries.filter((entry) => !allowed.includes(entry))]).toEqual([folder, []]);
  }
  expect(existsSync(path.join(app, 'web/dist/index.html'))).toBe(name === 'gateway' && hasWeb);
});

test.each(DEPLOYABLES)('the dev image of %s holds its sources and the tsx that skaffold dev runs them with', (name) => {
  const app = path.join(devImages[name].root, 'app');
  const workspace = WORKSPACES[name];
  for (const file of [`${workspace}/src/main.ts`, `${workspace}/dist/main.js`, 'services/shared/src/index.ts', 'proto/src/index.ts', 'tsconfig.base.json']) {
    expect([file, existsSync(path.join(app, file))]).toEqual([file, true]);
  }
  // tsx and what it needs at run time, as package-lock.json resolves them: copied in, not installed.
  const version = execFileSync('node', [path.join(app, 'node_modules/tsx/dist/cli.mjs'), '--version'], { cwd: path.join(app, workspace), encoding: 'utf8' });
  expect(version).toMatch(/tsx v\d+/);
  for (const dependency of ['typescript', 'jest', 'vite'])
    expect([dependency, existsSync(path.join(app, 'node_modules', dependency))]).toEqual([dependency, false]);
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
    // What is written in the images from here on is newer than the marker. Some file systems keep times to the
    // second, where a file written in the marker's own second would not be: the marker is dated a second back,
    // and what is newer than it already (written in that second, before the pods start) is left out below.
    // skaffold dev's image runs for one service (devService, at the end): its files are watched too.
    const devService: Deployable = 'verification';
    const imageRoots = (name: Deployable) => [images[name].root, ...(name === devService ? [devImages[name].root] : [])];
    const marker = path.join(workDir, 'started-marker');
    writeFileSync(marker, '');
    const secondAgo = new Date(Date.now() - 1000);
    utimesSync(marker, secondAgo, secondAgo);
    const writtenBefore = new Map(DEPLOYABLES.map((name) => [name, newerThan(marker, imageRoots(name))]));

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
        // Six pods on one machine: each metrics listener on a port of its own.
        METRICS_PORT: '0',
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
      const [command, ...args] = MIGRATE_COMMAND;
      const output = execFileSync(command!, args, {
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
    // Plain node on the compiled bundle: no tsx loader anywhere in the processes' command lines.
    for (const service of SERVICES) {
      const cmdline = readFileSync(`/proc/${children.get(service)!.pid}/cmdline`, 'utf8')
        .split('\0')
        .filter(Boolean);
      expect([service, cmdline]).toEqual([service, MAIN_COMMAND]);
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
    if (hasWeb) {
      // The built document with the home page's own head (its link preview: gateway/src/pages), its body as built.
      const built = readFileSync(path.join(images.gateway.root, 'app/web/dist/index.html'), 'utf8');
      expect(html).toContain(built.slice(built.indexOf('<body')));
      expect(html).toContain('<meta property="og:title" content="Chợ Việt Bay Area" />');
    }
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

    // skaffold dev's image: the sources under `tsx watch` (its CMD, the chart's dev command) come up ready too.
    const devPort = await freePort();
    // The CMD's absolute paths are the image's: here they live under the stage's root.
    const [watchCommand, ...watchArgs] = devImages[devService].cmd!.map((arg) => (arg.startsWith('/app/') ? path.join(devImages[devService].root, arg) : arg));
    const watched = spawn(watchCommand!, watchArgs, {
      cwd: path.join(devImages[devService].root, devImages[devService].workdir),
      env: { ...podEnv(devService, devPort), ...devImages[devService].env, HOME: path.join(devImages[devService].root, 'home/node') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    processes.push(watched);
    const watchedLogs: string[] = [];
    watched.stdout!.on('data', (chunk: Buffer) => watchedLogs.push(chunk.toString()));
    watched.stderr!.on('data', (chunk: Buffer) => watchedLogs.push(chunk.toString()));
    await waitFor200(`http://127.0.0.1:${devPort}/readyz`, 90_000, () => watchedLogs.join(''));
    const watchedExit = new Promise((resolve) => watched.once('exit', resolve));
    watched.kill('SIGTERM');
    await watchedExit;

    // Nothing was written inside the images (a read-only root file system would have refused it).
    for (const name of DEPLOYABLES) {
      const written = newerThan(marker, imageRoots(name)).filter((file) => !writtenBefore.get(name)!.includes(file));
      expect([name, written]).toEqual([name, []]);
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

/** The files and folders under `roots` modified after `marker`, as find names them. */
function newerThan(marker: string, roots: string[]): string[] {
  const listed = execFileSync('find', [...roots, '-newer', marker], { encoding: 'utf8' }).trim();
  return listed === '' ? [] : listed.split('\n');
}

async function waitFor200(target: string, timeoutMs: number, logs: () => string): Promise<void> {
  try {
    await eventually(
      async () => {
        const response = await fetch(target, { signal: AbortSignal.timeout(2000) });
        await response.body?.cancel();
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
      },
      timeoutMs,
      250,
    );
  } catch (error) {
    throw new Error(`${target} did not answer 200 within ${timeoutMs} ms (last: ${(error as Error).message})\n${logs().slice(-4000)}`, { cause: error });
  }
}
