import type { Knex } from '@vnmarket/shared';

/**
 * Saved searches get keys (services/listings/src/saved-searches/search-keys.ts): their category or any, each
 * with a word the search cannot match without, or none. The matcher reads, through the GIN index, only the
 * searches that share a key with the new listing, where the category index gave it every search of the
 * category and of every category (a quarter of them at 100,000: bench/README.md). A row saved before
 * has the key every listing has (`*|*`), so it is still tested every time; the category index loses its
 * reader and goes.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw("alter table saved_searches add column match_keys text[] not null default '{*|*}'");
  await db.raw('create index saved_searches_match_keys on saved_searches using gin (match_keys)');
  await db.raw('drop index if exists saved_searches_category');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('create index if not exists saved_searches_category on saved_searches (category)');
  await db.raw('drop index if exists saved_searches_match_keys');
  await db.raw('alter table saved_searches drop column if exists match_keys');
}
