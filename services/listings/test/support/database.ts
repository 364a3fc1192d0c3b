import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { createTestDatabase, type TestDatabase } from '@vnmarket/testkit';
import { migrations } from '../../migrations';
import { LISTINGS_SCHEMA } from '../../src/config';

/**
 * A database of the test file's own, migrated to the listings schema before its tests and dropped after them.
 * Call it at the top of the file; the function it returns gives the connection pool (`connections` wide) once
 * the tests run. A file's own `beforeAll` (filling it) runs after this one.
 */
export function listingsTestDatabase(name: string, connections = 4): () => Knex {
  let database: TestDatabase | undefined;
  let db: Knex | undefined;
  beforeAll(async () => {
    database = await createTestDatabase(name);
    await migrateService(database.url, LISTINGS_SCHEMA, migrations);
    db = createDb(database.url, LISTINGS_SCHEMA, connections);
  }, 60_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error(`the ${name} test database is used before its beforeAll ran`);
    return db;
  };
}
