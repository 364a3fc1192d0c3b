import { createDb, type Knex } from '@vnmarket/shared';
import { createTestDatabase, type TestDatabase } from '@vnmarket/shared/testing';

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
