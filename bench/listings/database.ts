/** The listings benchmark's database: generated and vacuumed before the run; the plans of the exact SQL the service sends. */
import { listingQuery } from '@vnmarket/proto';
import { createDb, migrateService, type Knex } from '@vnmarket/shared';
import { AUTH_SCHEMA } from '@vnmarket/auth/config';
import { migrations as authMigrations } from '@vnmarket/auth/migrations';
import { LISTINGS_SCHEMA } from '@vnmarket/listings/config';
import { migrations as listingsMigrations } from '@vnmarket/listings/migrations';
import { searchListings } from '@vnmarket/listings/search';
import { generateListings } from '../../tools/generate/listings';
import { sleep } from '../lib/settings';
import { recreateDatabase } from '../lib/seed';
import { databaseName, listingsPath, settings, WORDS_COUNTED } from './settings';

// ---------------------------------------------------------------------------------------------------
// Database: a fresh one per run, filled directly (the HTTP API would take many minutes for 100k).

export async function fillDatabase(): Promise<void> {
  let started = Date.now();
  await recreateDatabase(settings.databaseUrl);
  await migrateService(settings.databaseUrl, AUTH_SCHEMA, authMigrations);
  await migrateService(settings.databaseUrl, LISTINGS_SCHEMA, listingsMigrations);
  console.log(`  database  ${databaseName} dropped, recreated and migrated in ${((Date.now() - started) / 1000).toFixed(1)} s`);

  started = Date.now();
  const db = createDb(settings.databaseUrl, LISTINGS_SCHEMA, 2);
  try {
    let reported = 0;
    const result = await generateListings(db, settings.listings, {
      onProgress: (done, total) => {
        if (done - reported < total / 5 && done < total) return;
        reported = done;
        console.log(`            ${done}/${total} listings inserted …`);
      },
    });
    const generatedIn = (Date.now() - started) / 1000;
    started = Date.now();
    // Steady state: visibility map set, GIN pending lists merged, statistics fresh (what autovacuum gets to).
    await db.raw('vacuum (analyze) listings, sellers');
    const size = await db.raw<{ rows: { size: string }[] }>("select pg_size_pretty(pg_total_relation_size('listings')) as size");
    const categories = Object.entries(result.byCategory)
      .map(([category, count]) => `${category} ${count}`)
      .join(', ');
    console.log(
      `  data      ${result.listings} listings (${result.active} active; ${categories}), ${result.sellers} sellers: generated in ${generatedIn.toFixed(1)} s, ` +
        `VACUUM ANALYZE ${((Date.now() - started) / 1000).toFixed(1)} s; table + indexes ${size.rows[0]?.size ?? '?'}`,
    );
    // How common the searched words are (accent-folded whole words of the title, description or city): what makes a search cheap or dear.
    const shares = await db.raw<{ rows: Record<string, string>[] }>(
      `select count(*) as total, ${WORDS_COUNTED.map((_, index) => `count(*) filter (where match_vector @@ to_tsquery('simple', ?)) as w${index}`).join(', ')} from listings where is_active`,
      WORDS_COUNTED,
    );
    const counts = shares.rows[0] ?? {};
    const total = Number(counts.total ?? 1);
    console.log(
      `  words     active listings containing ${WORDS_COUNTED.map((word, index) => `"${word.replace(' <-> ', ' ')}" ${((100 * Number(counts[`w${index}`] ?? 0)) / total).toFixed(1)}%`).join(', ')}`,
    );
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// Plans: the exact SQL and bindings searchListings sends, captured from knex, then EXPLAINed.

export interface Plan {
  title: string;
  sql: string;
  bindings: unknown[];
  lines: string[];
  executionMs?: number;
}

/**
 * The service keeps running queries that the load queued after autocannon stops: wait until no other
 * session works in this database (60 s at most), so neither the next measurement nor the plans run under
 * that tail.
 */
export async function waitForQuietDatabase(db: Knex): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const busy = await db.raw<{ rows: { count: number }[] }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()",
    );
    if ((busy.rows[0]?.count ?? 0) === 0) return;
    await sleep(250);
  }
  console.log('  (the database was still busy after 60 s; what follows ran alongside other queries)');
}

export async function explain(db: Knex, query: Record<string, string>): Promise<Plan> {
  const captured: { sql: string; bindings: unknown[] }[] = [];
  const listener = (data: { sql: string; bindings?: unknown[] }) => captured.push({ sql: data.sql, bindings: data.bindings ?? [] });
  db.on('query', listener);
  try {
    await searchListings(db, listingQuery.parse(query));
  } finally {
    db.removeListener('query', listener);
  }
  // The page's own query (the one that orders), not the count or the vocabulary lookup beside it.
  const statement = captured.find((query) => /order by/i.test(query.sql)) ?? captured[captured.length - 1];
  if (!statement) throw new Error(`searchListings sent no SQL for ${listingsPath(query)}`);
  // knex hands the driver $1, $2… placeholders: run EXPLAIN on a pooled connection of the same instance
  // (same search_path) with exactly those values.
  const connection = await db.client.acquireConnection();
  try {
    const result = (await connection.query({ text: `explain (analyze, buffers) ${statement.sql}`, values: statement.bindings })) as {
      rows: Record<string, string>[];
    };
    const lines = result.rows.map((row) => row['QUERY PLAN'] ?? '');
    const execution = lines.map((line) => line.match(/^Execution Time: ([\d.]+) ms/)).find(Boolean);
    return { title: `GET ${listingsPath(query)}`, ...statement, lines, executionMs: execution?.[1] ? Number(execution[1]) : undefined };
  } finally {
    await db.client.releaseConnection(connection);
  }
}
