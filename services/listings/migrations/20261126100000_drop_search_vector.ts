import type { Knex } from '@vnmarket/shared';

/**
 * Contract: `search_vector` and its GIN index go. Search has matched and ranked on `match_vector` (title,
 * description and city) since 20261123200000_search_location_synonyms, and no release since reads the old
 * column, so the previous release works on this schema (test/previous-release.test.ts holds it to that).
 *
 * Why: every listing carried the vector twice (about a quarter of its row), every insert and edit kept a
 * second full-text index, and the reads that test rows one by one
 * (a capped count of a common word, a filtered browse) read that much more of the table.
 *
 * Dropping a column is a catalogue change (no rewrite): old rows keep their bytes until they are next
 * written; new and edited ones are smaller at once.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_search');
  await db.raw('alter table listings drop column if exists search_vector');
}

export async function down(db: Knex): Promise<void> {
  await db.raw(`
    alter table listings add column if not exists search_vector tsvector generated always as (
      setweight(to_tsvector('simple', fold(title)), 'A') || setweight(to_tsvector('simple', fold(description)), 'B')
    ) stored`);
  await db.raw('create index if not exists listings_search on listings using gin (search_vector)');
}
