import { generateKeyPairSync, randomBytes } from 'node:crypto';
import amqp from 'amqplib';
import pg from 'pg';
import { Redis } from 'ioredis';
import { dropDatabase } from '@vnmarket/shared';

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
