import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createDb, migrate, migrateService, migrationsInOrder, type Knex, type Migration, type MigrationLogger } from '@vnmarket/shared';
import { createTcpFaultProxy, createTestDatabase, freePort, SERVER_DATABASE_URL, throughProxy, type TestDatabase } from '@vnmarket/testkit/core';

/**
 * Rollbacks start the previous release on a schema a newer one migrated (docs/migrations.md): the
 * migrator must start anyway, naming what it does not know. And it must wait for a PostgreSQL that is
 * still starting instead of failing its one attempt.
 */

/** A migration that creates its table and counts its runs, so a second run would show. */
function counted(name: string): Migration {
  return {
    name,
    async up(db) {
      await db.schema.createTable(name, (table) => table.increments('id'));
      await db('migration_runs').insert({ name });
    },
    async down(db) {
      await db.schema.dropTable(name);
    },
  };
}

function creates(name: string): Migration {
  return { name, up: (db) => db.schema.createTable(name, (table) => table.increments('id')), down: (db) => db.schema.dropTable(name) };
}

function empty(name: string): Migration {
  return { name, up: async () => undefined, down: async () => undefined };
}

function capturingLogger(): MigrationLogger & { messages: string[] } {
  const messages: string[] = [];
  return { messages, warn: (_details, message) => messages.push(message) };
}

const SCHEMA = 'migrations_test';

describe('migrate() on a database a newer release migrated', () => {
  let database: TestDatabase;
  let db: Knex;
  beforeAll(async () => {
    database = await createTestDatabase('migrate-tolerant');
    db = createDb(database.url, SCHEMA, 2);
    await db.raw('create schema ??', [SCHEMA]);
    await db.schema.withSchema(SCHEMA).createTable('migration_runs', (table) => table.text('name').notNullable());
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });
  const runs = async () => (await db('migration_runs').select('name').orderBy('name')).map((row: { name: string }) => row.name);

  it('knex alone refuses it: the crash-loop a rollback used to hit', async () => {
    const scratch = `${SCHEMA}_plain`;
    await migrate(db, scratch, [empty('plain_a'), empty('plain_b')]);
    const older = { schemaName: scratch, tableName: 'knex_migrations', migrationSource: listSource([empty('plain_a')]) };
    await expect(db.migrate.latest(older)).rejects.toThrow(/migration directory is corrupt.*plain_b/s);
  });

  it('the older list starts without error, warns naming the newer migrations, and re-runs nothing', async () => {
    const newer = [counted('m1_users'), counted('m2_listings'), counted('m3_new_table'), counted('m4_new_index')];
    expect(await migrate(db, SCHEMA, newer, capturingLogger())).toEqual(['m1_users', 'm2_listings', 'm3_new_table', 'm4_new_index']);

    const logger = capturingLogger();
    expect(await migrate(db, SCHEMA, newer.slice(0, 2), logger)).toEqual([]);
    expect(logger.messages).toHaveLength(1);
    expect(logger.messages[0]).toMatch(/does not know.*m3_new_table, m4_new_index/);
    expect(await runs()).toEqual(['m1_users', 'm2_listings', 'm3_new_table', 'm4_new_index']);
  });

  it('the older list still applies its own pending migration (a hotfix the newer release did not have)', async () => {
    const logger = capturingLogger();
    const olderWithHotfix = [counted('m1_users'), counted('m2_listings'), counted('m2b_hotfix')];
    expect(await migrate(db, SCHEMA, olderWithHotfix, logger)).toEqual(['m2b_hotfix']);
    expect(logger.messages[0]).toMatch(/m3_new_table, m4_new_index/);
    expect(await runs()).toEqual(['m1_users', 'm2_listings', 'm2b_hotfix', 'm3_new_table', 'm4_new_index']);
    // The full list again: up to date, nothing unknown, no warning.
    const quiet = capturingLogger();
    expect(await migrate(db, SCHEMA, [...olderWithHotfix, counted('m3_new_table'), counted('m4_new_index')], quiet)).toEqual([]);
    expect(quiet.messages).toEqual([]);
  });
});

function listSource(migrations: Migration[]): Knex.MigrationSource<Migration> {
  return {
    getMigrations: async () => migrations,
    getMigrationName: (migration) => migration.name,
    getMigration: async (migration) => migration,
  };
}

describe('migrateService() while PostgreSQL is not accepting connections', () => {
  const target = new URL(SERVER_DATABASE_URL);
  const server = { host: target.hostname, port: Number(target.port || 5432) };
  let database: TestDatabase;
  beforeEach(async () => {
    database = await createTestDatabase('migrate-retry');
  });
  afterEach(() => database.drop());
  const fast = { initialDelayMs: 50, maxDelayMs: 400 };

  it('retries a connection that is cut, with backoff, and migrates once it is accepted', async () => {
    const proxy = await createTcpFaultProxy(server);
    try {
      proxy.cut();
      const logger = capturingLogger();
      const started = Date.now();
      const migrating = migrateService(throughProxy(database.url, proxy), 'retry_cut', [creates('r1_table')], {
        logger,
        retry: { ...fast, deadlineMs: 20_000 },
      });
      setTimeout(() => proxy.restore(), 1500);
      expect(await migrating).toEqual(['r1_table']);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
      expect(logger.messages[0]).toMatch(/not accepting connections \(.*Connection terminated unexpectedly.*\); trying again in 50 ms/);
      // Exponential from 50 ms, capped at 400: 50, 100, 200, 400, 400, ...
      const delays = logger.messages.map((message) => Number(/trying again in (\d+) ms/.exec(message)![1]));
      expect(delays.slice(0, 4)).toEqual([50, 100, 200, 400]);
      expect(Math.max(...delays)).toBe(400);
    } finally {
      await proxy.close();
    }
  });

  it('retries a refused port and "the database system is starting up" until the deadline, then names the cause', async () => {
    const port = await freePort();
    const url = new URL(database.url);
    url.host = `127.0.0.1:${port}`;
    // Nothing listens at first (ECONNREFUSED); then a server that answers like PostgreSQL in startup.
    let startupRefusals = 0;
    const starting = net.createServer((socket) => {
      socket.once('data', () => {
        startupRefusals += 1;
        socket.end(startingUpError());
      });
      socket.on('error', () => undefined);
    });
    const listening = new Promise<void>((resolve) => setTimeout(() => starting.listen(port, '127.0.0.1', resolve), 700));
    const logger = capturingLogger();
    const started = Date.now();
    try {
      await expect(migrateService(url.toString(), 'retry_refused', [creates('r2_table')], { logger, retry: { ...fast, deadlineMs: 2500 } })).rejects.toThrow(
        /did not accept connections within 2500 ms \(\d+ attempts\): 57P03 the database system is starting up/,
      );
    } finally {
      await listening;
      await new Promise((resolve) => starting.close(resolve));
    }
    expect(Date.now() - started).toBeGreaterThanOrEqual(2400);
    expect(Date.now() - started).toBeLessThan(6000);
    expect(logger.messages.some((message) => /ECONNREFUSED/.test(message))).toBe(true);
    expect(logger.messages.some((message) => /starting up/.test(message))).toBe(true);
    expect(startupRefusals).toBeGreaterThanOrEqual(2);
  });

  it('does not retry a migration that fails', async () => {
    let attempts = 0;
    const broken: Migration = {
      name: 'r3_broken',
      async up(db) {
        attempts += 1;
        await db.raw('alter table no_such_table add column x int');
      },
      async down() {},
    };
    const logger = capturingLogger();
    await expect(migrateService(database.url, 'retry_broken', [broken], { logger, retry: { ...fast, deadlineMs: 20_000 } })).rejects.toThrow(/no_such_table/);
    expect(attempts).toBe(1);
    expect(logger.messages).toEqual([]);
  });
});

/** PostgreSQL's answer to a startup packet while it is still starting: ErrorResponse, SQLSTATE 57P03. */
function startingUpError(): Buffer {
  const fields = Buffer.from(['SFATAL', 'VFATAL', 'C57P03', 'Mthe database system is starting up'].map((field) => `${field}\0`).join('') + '\0');
  const header = Buffer.alloc(5);
  header.write('E', 0);
  header.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([header, fields]);
}

describe('migrationsInOrder() over a migrations/all.ts', () => {
  const noop = { up: async () => undefined, down: async () => undefined };

  it('names each migration by its file and runs them in their timestamps’ order, whatever order all.ts lists them in', () => {
    const concurrently = { ...noop, config: { transaction: false } };
    const listed = migrationsInOrder({ _20261127070000_claim_order: concurrently, _20261122120000_create_users: noop });
    expect(listed.map(({ name, config }) => ({ name, config }))).toEqual([
      { name: '20261122120000_create_users', config: undefined },
      { name: '20261127070000_claim_order', config: { transaction: false } },
    ]);
  });

  it('refuses a line of all.ts whose name is not _<timestamp>_<name>', () => {
    expect(() => migrationsInOrder({ createUsers: noop })).toThrow('migrations/all.ts: "createUsers" is not _<timestamp>_<name>');
  });

  it('lists every migration file of every service', () => {
    for (const service of ['auth', 'listings', 'media', 'messaging', 'verification']) {
      const folder = path.join(__dirname, '../..', service, 'migrations');
      const files = readdirSync(folder)
        .filter((file) => /^\d{14}_\w+\.ts$/.test(file))
        .map((file) => file.replace(/\.ts$/, ''));
      const listed = readFileSync(path.join(folder, 'all.ts'), 'utf8').match(/(?<=from '\.\/)\d{14}_\w+(?=';)/g);
      expect({ service, listed }).toEqual({ service, listed: files.sort() });
    }
  });
});
