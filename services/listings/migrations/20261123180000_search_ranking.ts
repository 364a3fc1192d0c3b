import type { Knex } from '@vnmarket/shared';

/**
 * Search ranking and typo tolerance. The words of the catalogue (accent-folded), for typo tolerance: a long word no listing contains is also
 * searched as the known words one typo away, found through a trigram index. Kept by statement-level
 * triggers, so a bulk insert costs one extra statement, not one per row (and an edit one per edited text). Words are never removed: a word
 * no listing still has only widens a search by an alternative that matches nothing.
 *
 * Also the title's own vector, which ranking tests cheaply.
 *
 * Additive only (expand): the previous release neither reads nor minds the new table and column.
 */
const WORDS_OF = "unnest(tsvector_to_array(to_tsvector('simple', fold(title) || ' ' || fold(description))))";

export async function up(db: Knex): Promise<void> {
  // The title's words alone: ranking tests them for every match, and a title's vector is a tenth of the listing's.
  await db.raw("alter table listings add column title_vector tsvector generated always as (to_tsvector('simple', fold(title))) stored");
  await db.raw('create table search_words (word text primary key)');
  await db.raw('create index search_words_trigram on search_words using gin (word public.gin_trgm_ops)');
  await db.raw('create index search_words_prefix on search_words (word text_pattern_ops)');
  await db.raw(`
    create or replace function remember_search_words() returns trigger
    language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct ${WORDS_OF} from changed_listings
        on conflict do nothing;
      return null;
    end $$`);
  await db.raw(`create trigger listings_words_inserted after insert on listings
    referencing new table as changed_listings for each statement execute function remember_search_words()`);
  // An edit is one row, and views and saves update listings all the time: only a changed text counts.
  await db.raw(`
    create or replace function remember_edited_search_words() returns trigger
    language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct unnest(tsvector_to_array(to_tsvector('simple', fold(new.title) || ' ' || fold(new.description))))
        on conflict do nothing;
      return null;
    end $$`);
  await db.raw(`create trigger listings_words_edited after update of title, description on listings
    for each row when (old.title is distinct from new.title or old.description is distinct from new.description)
    execute function remember_edited_search_words()`);
  await db.raw(`insert into search_words (word) select distinct ${WORDS_OF} from listings on conflict do nothing`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('alter table listings drop column if exists title_vector');
  await db.raw('drop trigger if exists listings_words_edited on listings');
  await db.raw('drop function if exists remember_edited_search_words()');
  await db.raw('drop trigger if exists listings_words_inserted on listings');
  await db.raw('drop function if exists remember_search_words()');
  await db.raw('drop table if exists search_words');
}
