import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import amqp from 'amqplib';
import { Redis } from 'ioredis';
import pg from 'pg';
import { resetLocalData, type LocalData } from '../scripts/lib/reset-data';

const PG = 'postgres://postgres@127.0.0.1:5432';
const REDIS = 'redis://127.0.0.1:6379';
const AMQP = 'amqp://guest:guest@127.0.0.1:5672';

async function databaseExists(name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: `${PG}/postgres` });
  await client.connect();
  try {
    return ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function queueExists(connection: amqp.ChannelModel, name: string): Promise<boolean> {
  const channel = await connection.createChannel();
  channel.on('error', () => undefined);
  try {
    await channel.checkQueue(name);
    await channel.close();
    return true;
  } catch {
    return false;
  }
}

describe('make reset (resetLocalData)', () => {
  const id = `${process.pid}_${Date.now()}`;
  const database = `vnm_reset_${id}`;
  const prefix = `vnmresettest${id}:`;
  const exchange = `reset-test-${id}`;
  const varDir = mkdtempSync(path.join(tmpdir(), 'vnm-reset-'));
  let redis: Redis;
  let broker: amqp.ChannelModel;
  /** This test's own database, key prefix, exchange and var folder. */
  const localData = (overrides: Partial<LocalData> = {}): LocalData => ({
    databaseUrl: `${PG}/${database}`,
    redisUrl: REDIS,
    redisKeyPrefix: prefix,
    amqpUrl: AMQP,
    exchange,
    services: ['listings', 'media', 'messaging'],
    varDir,
    keep: ['toolchain'],
    ...overrides,
  });

  beforeAll(async () => {
    redis = new Redis(REDIS);
    broker = await amqp.connect(AMQP);
  });
  afterAll(async () => {
    await redis.del(`other${prefix}kept`);
    redis.disconnect();
    await broker.close();
    rmSync(varDir, { recursive: true, force: true });
  });

  it('empties the database, Redis keys, event queues and files together, and keeps the pinned Node and everything else', async () => {
    const admin = new pg.Client({ connectionString: `${PG}/postgres` });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    // A connection left open (a psql session, a stray service) must not keep the database alive.
    const lingering = new pg.Client({ connectionString: `${PG}/${database}` });
    lingering.on('error', () => undefined);
    await lingering.connect();
    await lingering.query('create table listings (id int, photo text)');

    await redis.set(`${prefix}session:1`, 'x');
    await redis.set(`${prefix}rl:login:1`, 'x');
    await redis.set(`other${prefix}kept`, 'x');

    const channel = await broker.createChannel();
    for (const service of ['listings', 'media']) {
      for (const suffix of ['', '.retry', '.dlq']) await channel.assertQueue(`${exchange}.${service}${suffix}`, { durable: true });
    }
    await channel.close();

    mkdirSync(path.join(varDir, 'toolchain/node/bin'), { recursive: true });
    writeFileSync(path.join(varDir, 'toolchain/node/bin/node'), '');
    mkdirSync(path.join(varDir, 'objects/listing-images'), { recursive: true });
    writeFileSync(path.join(varDir, 'objects/listing-images/a.jpg'), 'jpeg');
    mkdirSync(path.join(varDir, 'keys'));
    writeFileSync(path.join(varDir, 'sms-outbox.jsonl'), '{}\n');

    const removed = await resetLocalData(localData());

    expect(await databaseExists(database)).toBe(false);
    expect(await redis.keys(`${prefix}*`)).toEqual([]);
    expect(await redis.get(`other${prefix}kept`)).toBe('x');
    for (const service of ['listings', 'media']) {
      for (const suffix of ['', '.retry', '.dlq']) expect(await queueExists(broker, `${exchange}.${service}${suffix}`)).toBe(false);
    }
    expect(readdirSync(varDir)).toEqual(['toolchain']);
    expect(existsSync(path.join(varDir, 'toolchain/node/bin/node'))).toBe(true);
    expect(removed).toEqual(expect.arrayContaining([`database ${database}`, `2 Redis keys under ${prefix}`, `6 event queues of ${exchange}`]));

    // A second reset finds nothing to remove, messaging's queues that never were included.
    const again = await resetLocalData(localData());
    expect(again).toEqual([]);
  });

  it('refuses to drop the postgres database', async () => {
    await expect(resetLocalData(localData({ databaseUrl: `${PG}/postgres` }))).rejects.toThrow('refusing to drop it');
  });
});

describe('make clean', () => {
  it("removes what installing and building made, and none of the local marketplace's data (its photos and keys live in var/ beside the pinned Node)", () => {
    const commands = execFileSync('make', ['--dry-run', '--always-make', 'clean'], { cwd: path.resolve(__dirname, '..'), encoding: 'utf8' });
    const removed = commands
      .split('\n')
      .filter((line) => line.startsWith('rm '))
      .flatMap((line) => line.split(/\s+/).slice(1))
      .filter((word) => !word.startsWith('-'));
    expect(removed).toEqual(expect.arrayContaining(['node_modules', 'var/toolchain']));
    expect(removed.filter((target) => target === 'var' || target === 'var/' || target.startsWith('var/objects') || target.startsWith('var/keys'))).toEqual([]);
  });
});
