/** Small helpers shared by the local tooling: make start, the benchmarks and the test setup. */
import { generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';

/** True when something accepts TCP connections at host:port within the timeout. */
export function isListening(host: string, port: number, timeoutMs = 2000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const finish = (result: boolean) => {
      socket.destroy();
      resolve(result);
    };
    socket.setTimeout(timeoutMs);
    socket.once('connect', () => finish(true));
    socket.once('error', () => finish(false));
    socket.once('timeout', () => finish(false));
  });
}

/** Whether the server named by a URL (postgres://, redis://, amqp://, http://) answers. */
export function isUrlReachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return isListening(hostname, Number(port || defaultPort));
}

/** Writes a fresh ES256 pair for session tokens into dir; returns the two file paths. */
export function writeSigningKeys(dir: string): { privateKeyFile: string; publicKeyFile: string } {
  mkdirSync(dir, { recursive: true });
  const { privateKey, publicKey } = generateKeyPairSync('ec', {
    namedCurve: 'P-256',
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const privateKeyFile = path.join(dir, 'jwt-private.pem');
  const publicKeyFile = path.join(dir, 'jwt-public.pem');
  writeFileSync(privateKeyFile, privateKey, { mode: 0o600 });
  writeFileSync(publicKeyFile, publicKey);
  return { privateKeyFile, publicKeyFile };
}

/** Calls onLine for every complete, non-blank line a child process writes. */
export function forEachLine(stream: NodeJS.ReadableStream, onLine: (line: string) => void): void {
  let buffered = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk: string) => {
    buffered += chunk;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) onLine(line);
  });
}

/** What make reset empties: the local marketplace's database, Redis keys, event queues and files. */
export interface LocalData {
  databaseUrl: string;
  redisUrl: string;
  redisKeyPrefix: string;
  amqpUrl: string;
  /** Each service's queue is `${exchange}.${service}`, with its .retry and .dlq queues. */
  exchange: string;
  services: readonly string[];
  /** The folder of make start's files (photos, keys, SMS outbox); `keep` entries stay (the pinned Node). */
  varDir: string;
  keep: readonly string[];
}

/**
 * Empties the local marketplace, all of it at once: the photos on disk and the rows naming them go
 * together, so the next make start migrates a new database and loads the demo data with its photos.
 * Returns one line per thing removed.
 */
export async function resetLocalData(data: LocalData): Promise<string[]> {
  const removed: string[] = [];
  const database = decodeURIComponent(new URL(data.databaseUrl).pathname.slice(1));
  if (!database || database === 'postgres') throw new Error(`DATABASE_URL names ${database ? 'the postgres database' : 'no database'}; refusing to drop it`);
  const admin = new URL(data.databaseUrl);
  admin.pathname = '/postgres';
  const pgClient = new pg.Client({ connectionString: admin.toString(), connectionTimeoutMillis: 10_000 });
  await pgClient.connect();
  try {
    const existing = await pgClient.query('select 1 from pg_database where datname = $1', [database]);
    // FORCE: a psql session or a stray process left connected must not keep the old data alive.
    await pgClient.query(`drop database if exists ${pg.escapeIdentifier(database)} with (force)`);
    if (existing.rowCount) removed.push(`database ${database}`);
  } finally {
    await pgClient.end();
  }

  const redis = new Redis(data.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  try {
    let keys = 0;
    for await (const batch of redis.scanStream({ match: `${data.redisKeyPrefix}*`, count: 500 }) as AsyncIterable<string[]>) {
      if (batch.length > 0) keys += await redis.unlink(...batch);
    }
    if (keys > 0) removed.push(`${keys} Redis keys under ${data.redisKeyPrefix}`);
  } finally {
    redis.disconnect();
  }

  const broker = await amqp.connect(data.amqpUrl);
  let queues = 0;
  try {
    for (const service of data.services) {
      const queue = `${data.exchange}.${service}`;
      for (const name of [queue, `${queue}.retry`, `${queue}.dlq`]) {
        // A missing queue closes the channel it is checked on: one channel per check.
        const channel = await broker.createChannel();
        channel.on('error', () => undefined);
        const exists = await channel.checkQueue(name).then(
          () => true,
          () => false,
        );
        if (exists) {
          await channel.deleteQueue(name);
          queues += 1;
          await channel.close();
        }
      }
    }
  } finally {
    await broker.close();
  }
  if (queues > 0) removed.push(`${queues} event queues of ${data.exchange}`);

  if (existsSync(data.varDir)) {
    for (const entry of readdirSync(data.varDir)) {
      if (data.keep.includes(entry)) continue;
      rmSync(path.join(data.varDir, entry), { recursive: true, force: true });
      removed.push(path.join(path.basename(data.varDir), entry));
    }
  }
  return removed;
}
