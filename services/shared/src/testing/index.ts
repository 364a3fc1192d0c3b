import { generateKeyPairSync, randomBytes, randomInt } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import amqp from 'amqplib';
import pg from 'pg';
import { Redis } from 'ioredis';
import { dropDatabase } from '../db';

/**
 * Helpers for tests that run against the real PostgreSQL, Redis and RabbitMQ. Every test file gets its
 * own database, Redis key prefix and exchange/queue names, so files run in parallel without touching
 * each other.
 */

export const SERVER_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
export const AMQP_URL = process.env.AMQP_URL ?? 'amqp://guest:guest@127.0.0.1:5672';

export function uniqueId(label: string): string {
  return `${label
    .replace(/[^a-z0-9]/gi, '')
    .toLowerCase()
    .slice(0, 20)}_${randomBytes(4).toString('hex')}`;
}

export function generateSigningKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKey, publicKey };
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `t_${uniqueId(label)}`;
  const admin = new pg.Client({ connectionString: SERVER_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  await admin.end();
  const url = new URL(SERVER_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await dropDatabase(url.toString());
    },
  };
}

/** Isolated settings for one test file: its own database, key prefix, exchange and signing keys. */
export interface TestEnvironment {
  id: string;
  env: Record<string, string>;
  keys: { privateKey: string; publicKey: string };
  database: TestDatabase;
  cleanup(): Promise<void>;
}

export async function createTestEnvironment(label: string): Promise<TestEnvironment> {
  const id = uniqueId(label);
  const database = await createTestDatabase(label);
  const keys = generateSigningKeys();
  const exchange = `test.${id}`;
  const keyPrefix = `test:${id}:`;
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: keyPrefix,
    AMQP_URL,
    EVENTS_EXCHANGE: exchange,
    JWT_PUBLIC_KEY: keys.publicKey,
    JWT_PRIVATE_KEY: keys.privateKey,
    PUBLIC_ORIGINS: 'http://localhost:8080',
    // Here every service of a stack, the test and often a browser share one event loop, beside other test
    // files, on two cores: a 600 ms wait for a connection (the production budget) would measure the
    // machine. The fault suite, which checks that budget, runs each service in its own process with the
    // production value (test/faults/cluster.ts).
    DATABASE_ACQUIRE_TIMEOUT_MS: '5000',
  };
  return {
    id,
    env,
    keys,
    database,
    async cleanup() {
      await database.drop();
      await deleteRedisKeys(keyPrefix);
      await deleteExchangeAndQueues(exchange);
    },
  };
}

export async function deleteRedisKeys(prefix: string): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length > 0) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** Service queues are named after the exchange (`<exchange>.<service>`), so they can be found again. */
export async function deleteExchangeAndQueues(exchange: string, services = ['auth', 'listings', 'messaging', 'media', 'verification', 'test']) {
  const connection = await amqp.connect(AMQP_URL);
  try {
    for (const service of services) {
      for (const suffix of ['', '.retry', '.dlq']) {
        const channel = await connection.createChannel();
        channel.on('error', () => undefined);
        await channel.deleteQueue(`${exchange}.${service}${suffix}`).catch(() => undefined);
        await channel.close().catch(() => undefined);
      }
    }
    const channel = await connection.createChannel();
    channel.on('error', () => undefined);
    await channel.deleteExchange(exchange).catch(() => undefined);
    await channel.close().catch(() => undefined);
  } finally {
    await connection.close();
  }
}

/** Polls until the check passes or the time runs out (for effects that travel through the broker). */
export async function eventually<T>(check: () => Promise<T>, timeoutMs = 10_000, intervalMs = 50): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw lastError;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

export interface TestResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** fetch with a cookie jar, as a browser or `curl -c -b` would keep it. */
export class TestClient {
  readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request<T = any>(
    method: string,
    path: string,
    options: { json?: unknown; body?: string | Buffer; headers?: Record<string, string>; cookies?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.cookies !== false && this.cookies.size > 0) headers.cookie = this.cookieHeader();
    let body: string | Buffer | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const response = await fetch(new URL(path, this.baseUrl), { method, headers, body, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';');
      const [name, ...value] = pair!.split('=');
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute) || /^\s*max-age=0\b/i.test(attribute));
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await response.text();
    let parsed: unknown = text;
    if (response.headers.get('content-type')?.includes('application/json')) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as T, text };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, { headers });
  }

  post<T = any>(path: string, json?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, { json: json ?? {}, headers });
  }

  patch<T = any>(path: string, json: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, { json, headers });
  }
}

let phoneCounter = Math.floor(Math.random() * 9_000_000);

/** A fresh, valid, unique ten-digit Bay Area number for each call. */
/** A database client that reports each statement it sends (knex does, with its "query" event). */
interface QueryEmitter {
  on(event: 'query', listener: (query: { sql: string }) => void): unknown;
  removeListener(event: 'query', listener: (query: { sql: string }) => void): unknown;
}

/** Runs `run` with the SQL of every statement `db` sends meanwhile, in order, recorded in the array it is given. */
export async function withRecordedStatements<T>(db: QueryEmitter, run: (statements: string[]) => Promise<T>): Promise<T> {
  const statements: string[] = [];
  const record = (query: { sql: string }) => void statements.push(query.sql);
  db.on('query', record);
  try {
    return await run(statements);
  } finally {
    db.removeListener('query', record);
  }
}

export function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `408${String(phoneCounter).padStart(7, '0')}`;
}
export * from './service';
export * from './fault-proxy';
export * from './metrics';

/** A TCP port nothing listens on right now (for a process the test starts). */
/** The lowest port the test servers pick from: above the well-known and registered ports most daemons use. */
const TEST_PORTS_FROM = 20_000;

/** The first port of the kernel's ephemeral range, from which outgoing connections take their local ports. */
export function ephemeralPortsFrom(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 0 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

/** Whether a server can listen on this port of 127.0.0.1 now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * A port free now for a test's server, picked below the ephemeral range. A port from that range (what
 * listen(0) gives) can be taken by any outgoing connection on the machine — a database pool of another test
 * file, say — between this answer and the server's listen, which then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const below = ephemeralPortsFrom();
  if (below > TEST_PORTS_FROM + 1000) {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const port = TEST_PORTS_FROM + randomInt(below - TEST_PORTS_FROM);
      if (await canListen(port)) return port;
    }
  }
  // No room below the range (an unusual kernel setting): any free port.
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
