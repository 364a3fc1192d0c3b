import type { Knex } from '@vnmarket/shared';

/**
 * Contract: the trigram index of the search vocabulary goes. No query uses it: typo tolerance looks up each
 * edit exactly (findVocabulary, by primary key) and the typed prefix by `search_words_prefix`. But the
 * planner may still take it for the exact lookup of a search's words, the two costing alike in its eyes,
 * and a trigram probe costs many times the btree's, on every search that misses the page cache.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('drop index if exists search_words_trigram');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('create index if not exists search_words_trigram on search_words using gin (word public.gin_trgm_ops)');
}
