import { createDb, warmPool, type Knex } from '@vnmarket/shared';
import { createTestDatabase, type TestDatabase } from '@vnmarket/testkit/core';

let database: TestDatabase;
let db: Knex;
beforeAll(async () => {
  database = await createTestDatabase('db-connection');
  db = createDb(database.url, 'public', 2);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('pooled connections', () => {
  it('answer queries through knex (callback style)', async () => {
    expect((await db.raw('select 1 as one')).rows).toEqual([{ one: 1 }]);
  });

  // Code holding a raw connection (the listing generator, COPY, cursors) calls pg's promise API; the
  // timeout watcher once assumed a callback and threw "callback is not a function".
  it('answer queries on a raw connection (promise style), and with values', async () => {
    const connection = (await db.client.acquireConnection()) as { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };
    try {
      expect((await connection.query('select 2 as two')).rows).toEqual([{ two: 2 }]);
      expect((await connection.query('select $1::int as three', [3])).rows).toEqual([{ three: 3 }]);
      await expect(connection.query('select * from no_such_table')).rejects.toThrow(/no_such_table/);
    } finally {
      await db.client.releaseConnection(connection);
    }
  });
});

describe('warmPool (a service opens DATABASE_POOL_MIN connections before it serves)', () => {
  const backends = async (applicationName: string) =>
    Number((await db.raw('select count(*)::int as n from pg_stat_activity where application_name = ?', [applicationName])).rows[0].n);

  it('opens the minimum at once and keeps it open while idle; none without a minimum', async () => {
    const name = `warm-${process.pid}-${Date.now()}`;
    const url = `${database.url}${database.url.includes('?') ? '&' : '?'}application_name=${name}`;
    const warm = createDb(url, 'public', 5, {}, 3);
    const cold = createDb(`${url}-cold`, 'public', 5, {}, 0);
    try {
      expect(await warmPool(warm)).toBe(3);
      expect(await warmPool(cold)).toBe(0);
      expect(await backends(name)).toBe(3);
      expect(await backends(`${name}-cold`)).toBe(0);
      const pool = (warm.client as { pool: { numFree(): number; numUsed(): number } }).pool;
      expect([pool.numFree(), pool.numUsed()]).toEqual([3, 0]);
    } finally {
      await warm.destroy();
      await cold.destroy();
    }
  });

  it('starts anyway when the database cannot be reached: opens none, throws nothing', async () => {
    const unreachable = createDb('postgres://postgres@127.0.0.1:1/none', 'public', 2, { acquireTimeoutMs: 300 }, 2);
    try {
      expect(await warmPool(unreachable)).toBe(0);
    } finally {
      await unreachable.destroy();
    }
  });
});

describe("the database client's own warnings", () => {
  it('go to the service logger as one line each, not to the console as a stack trace (a database outage)', async () => {
    const lines: { level: string; fields: object; message: string }[] = [];
    const logger = {
      warn: (fields: object, message: string) => lines.push({ level: 'warn', fields, message }),
      error: (fields: object, message: string) => lines.push({ level: 'error', fields, message }),
    };
    const consoleLog = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const down = createDb('postgres://postgres@127.0.0.1:1/nowhere', 'public', 1, { acquireTimeoutMs: 500 }, 0, logger);
    try {
      await expect(down.raw('select 1')).rejects.toThrow();
      expect(consoleLog).not.toHaveBeenCalled();
      expect(lines.length).toBeGreaterThan(0);
      expect(lines[0]).toMatchObject({ level: 'warn', message: 'database client warning' });
      const detail = (lines[0]!.fields as { detail: string }).detail;
      expect(detail).toMatch(/^Acquire connection error: .*ECONNREFUSED/);
      expect(detail).not.toContain('\n');
    } finally {
      consoleLog.mockRestore();
      await down.destroy();
    }
  });
});
