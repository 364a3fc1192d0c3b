/**
 * The real system as separate processes, as make start runs it: every service, two replicas of
 * listings and of messaging, and the gateway balancing them, on the real PostgreSQL (through a TCP
 * proxy the suite can stall), Redis and RabbitMQ, in a database, key prefix and exchange of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, type WriteStream } from 'node:fs';
import path from 'node:path';
import { createTcpFaultProxy, createTestEnvironment, freePort, throughProxy, type TcpFaultProxy, type TestEnvironment } from '@vnmarket/testkit';
import { baseConfigSchema, createDb, type Knex } from '@vnmarket/shared';
import { waitFor } from './clients';

const root = path.resolve(__dirname, '../..');
// node itself with tsx's loader (one process), so a signal or kill -9 reaches the service, not a wrapper.
const node = path.join(root, 'node_modules/.bin/node');
const runTs = (script: string) => ['--import', 'tsx', script];

export type ProcessName = 'auth' | 'listings-a' | 'listings-b' | 'messaging-a' | 'messaging-b' | 'media' | 'verification' | 'gateway';
const SERVICE_OF: Record<ProcessName, string> = {
  auth: 'auth',
  'listings-a': 'listings',
  'listings-b': 'listings',
  'messaging-a': 'messaging',
  'messaging-b': 'messaging',
  media: 'media',
  verification: 'verification',
  gateway: 'gateway',
};

interface Running {
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export class Cluster {
  readonly ports = {} as Record<ProcessName, number>;
  private readonly processes = new Map<ProcessName, Running>();
  private readonly env: Record<string, string>;
  private readonly log: WriteStream;
  private readonly dbs = new Map<string, Knex>();

  private constructor(
    readonly environment: TestEnvironment,
    readonly databaseProxy: TcpFaultProxy,
    logFile: string,
  ) {
    const databaseUrl = throughProxy(environment.env.DATABASE_URL!, databaseProxy);
    this.env = {
      ...environment.env,
      // The production budget: a hung database answers 503 within about 2 s (what the scenarios check).
      DATABASE_ACQUIRE_TIMEOUT_MS: String(baseConfigSchema.shape.DATABASE_ACQUIRE_TIMEOUT_MS.parse(undefined)),
      LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
      // Many processes on one machine: each metrics listener on a free port.
      METRICS_PORT: '0',
      DATABASE_URL: databaseUrl,
      // Clients here are all 127.0.0.1: the per-address limits would measure the suite, not the system.
      REGISTER_MAX_PER_IP_PER_HOUR: '100000',
      LOGIN_MAX_ATTEMPTS_PER_IP: '100000',
      MESSAGES_PER_MINUTE: '100000',
      FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: '100000',
      LISTINGS_MAX_PER_MEMBER_PER_DAY: '100000',
      REPORTS_MAX_PER_MEMBER_PER_DAY: '100000',
      PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY: '100000',
      UPLOAD_LINKS_PER_HOUR: '100000',
      ARGON2_MEMORY_KIB: '4096',
      ARGON2_TIME_COST: '1',
      // Replicas keep serving (not ready) while the gateway's health checks move traffic away.
      SHUTDOWN_DELAY_MS: '1200',
      SHUTDOWN_TIMEOUT_MS: '10000',
      UPSTREAM_HEALTH_INTERVAL_MS: '200',
      HEALTH_TIMEOUT_MS: '500',
      GATEWAY_MAX_IN_FLIGHT: process.env.FAULTS_GATEWAY_MAX_IN_FLIGHT ?? '128',
      // Every client of the suite is this one address, as in a load test.
      GATEWAY_MAX_IN_FLIGHT_PER_CLIENT: '100000',
      WS_HEARTBEAT_MS: '5000',
      SMS_OUTBOX: path.join(root, 'var/faults-sms.jsonl'),
      MEDIA_ROOT: path.join(root, 'var/faults-objects'),
      WEB_DIST: '/nonexistent',
    };
    mkdirSync(path.dirname(logFile), { recursive: true });
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  static async start(label: string): Promise<Cluster> {
    const environment = await createTestEnvironment(label);
    const target = new URL(environment.env.DATABASE_URL!);
    const databaseProxy = await createTcpFaultProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const cluster = new Cluster(environment, databaseProxy, path.join(root, 'var/faults.log'));
    for (const name of Object.keys(SERVICE_OF) as ProcessName[]) cluster.ports[name] = await freePort();
    await cluster.migrate();
    for (const name of Object.keys(SERVICE_OF) as ProcessName[]) if (name !== 'gateway') cluster.spawn(name);
    await Promise.all((Object.keys(SERVICE_OF) as ProcessName[]).filter((name) => name !== 'gateway').map((name) => cluster.waitReady(name)));
    cluster.spawn('gateway');
    await cluster.waitReady('gateway');
    return cluster;
  }

  get gatewayUrl(): string {
    return `http://127.0.0.1:${this.ports.gateway}`;
  }

  url(name: ProcessName): string {
    return `http://127.0.0.1:${this.ports[name]}`;
  }

  /** A knex on one service's schema, straight to PostgreSQL (not through the fault proxy). */
  db(schema: string): Knex {
    let db = this.dbs.get(schema);
    if (!db) {
      db = createDb(this.environment.env.DATABASE_URL!, schema, 2);
      this.dbs.set(schema, db);
    }
    return db;
  }

  private async migrate(): Promise<void> {
    for (const service of ['auth', 'listings', 'messaging', 'media', 'verification']) {
      await new Promise<void>((resolve, reject) => {
        const child = spawn(node, runTs(`services/${service}/src/migrate.ts`), {
          cwd: root,
          env: { ...process.env, ...this.env },
          stdio: ['ignore', 'ignore', 'pipe'],
        });
        let stderr = '';
        child.stderr!.on('data', (chunk) => (stderr += chunk));
        child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`migrating ${service} failed: ${stderr}`))));
      });
    }
  }

  spawn(name: ProcessName): void {
    const service = SERVICE_OF[name];
    const replicas = (base: 'listings' | 'messaging') => `${this.url(`${base}-a`)},${this.url(`${base}-b`)}`;
    const env: Record<string, string> =
      name === 'gateway'
        ? {
            GATEWAY_PORT: String(this.ports.gateway),
            AUTH_URL: this.url('auth'),
            LISTINGS_URL: replicas('listings'),
            MESSAGING_URL: replicas('messaging'),
            MEDIA_URL: this.url('media'),
            VERIFICATION_URL: this.url('verification'),
          }
        : { PORT: String(this.ports[name]) };
    const script = name === 'gateway' ? 'gateway/src/main.ts' : `services/${service}/src/main.ts`;
    const child = spawn(node, runTs(script), { cwd: root, env: { ...process.env, ...this.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const label = `${name} `;
    child.stdout!.on('data', (chunk: Buffer) => this.log.write(label + chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => this.log.write(label + chunk.toString()));
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    this.processes.set(name, { child, exited });
  }

  async waitReady(name: ProcessName, timeoutMs = 60_000): Promise<void> {
    const path = name === 'gateway' ? '/livez' : '/readyz';
    const ready = await waitFor(async () => (await fetch(`${this.url(name)}${path}`, { signal: AbortSignal.timeout(1000) })).ok, timeoutMs, 200);
    if (!ready) throw new Error(`${name} not ready within ${timeoutMs} ms (see var/faults.log)`);
  }

  /** Sends a signal and waits for the exit; returns the exit code and how long it took. */
  async stop(name: ProcessName, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null; ms: number }> {
    const running = this.processes.get(name)!;
    const started = Date.now();
    running.child.kill(signal);
    const outcome = await running.exited;
    return { ...outcome, ms: Date.now() - started };
  }

  async restart(name: ProcessName): Promise<void> {
    this.spawn(name);
    await this.waitReady(name);
  }

  /** Resident memory of a process (kB → MiB), from /proc. */
  rssMiB(name: ProcessName): number {
    try {
      const status = readFileSync(`/proc/${this.processes.get(name)!.child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {
      return 0;
    }
  }

  async shutdown(): Promise<void> {
    await Promise.all(
      [...this.processes.keys()].map(async (name) => {
        const running = this.processes.get(name)!;
        if (running.child.exitCode !== null || running.child.signalCode !== null) return;
        running.child.kill('SIGKILL');
        await running.exited;
      }),
    );
    for (const db of this.dbs.values()) await db.destroy();
    this.databaseProxy.restore();
    await this.databaseProxy.close();
    await this.environment.cleanup();
    this.log.end();
  }
}
