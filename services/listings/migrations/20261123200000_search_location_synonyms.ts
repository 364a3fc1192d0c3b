import type { Knex } from '@vnmarket/shared';

/**
 * The listing's city becomes searchable ("pho oakland", "apartment sunnyvale"): `match_vector` is the accent-folded
 * vector of the title (weight A), the description (B) and the city (D, the lowest), with its GIN index; search
 * matches and ranks on it. The state ("…, CA") is left out: every listing has it, and "ca" is also a Vietnamese
 * word (cá, ca). The vocabulary of typo tolerance (search_words) learns the cities' words too.
 *
 * Expand only: `search_vector` and its index stay, so the previous release keeps working on this schema (it
 * neither reads nor minds the new column; the triggers only add words). A later release may drop them.
 *
 * Adding a stored generated column rewrites the table once (a lock for the rewrite: seconds for 100,000 listings).
 */
const CITY = "regexp_replace(location, '\\s*,\\s*[A-Za-z]{2}(\\s+[0-9-]+){0,1}\\s*$', '')";
const WORDS_OF = (row: string) =>
  `unnest(tsvector_to_array(to_tsvector('simple', fold(${row}title) || ' ' || fold(${row}description) || ' ' || fold(${CITY.replace('location', `${row}location`)}))))`;
const OLD_WORDS_OF = (row: string) => `unnest(tsvector_to_array(to_tsvector('simple', fold(${row}title) || ' ' || fold(${row}description))))`;

async function wordTriggers(db: Knex, words: (row: string) => string, columns: string, changed: string): Promise<void> {
  await db.raw(`
    create or replace function remember_search_words() returns trigger
    language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct ${words('')} from changed_listings
        on conflict do nothing;
      return null;
    end $$`);
  await db.raw(`
    create or replace function remember_edited_search_words() returns trigger
    language plpgsql as $$
    begin
      insert into search_words (word)
        select distinct ${words('new.')}
        on conflict do nothing;
      return null;
    end $$`);
  await db.raw('drop trigger if exists listings_words_edited on listings');
  await db.raw(`create trigger listings_words_edited after update of ${columns} on listings
    for each row when (${changed})
    execute function remember_edited_search_words()`);
}

export async function up(db: Knex): Promise<void> {
  await db.raw(`
    alter table listings add column match_vector tsvector generated always as (
      setweight(to_tsvector('simple', fold(title)), 'A') || setweight(to_tsvector('simple', fold(description)), 'B')
        || setweight(to_tsvector('simple', fold(${CITY})), 'D')
    ) stored`);
  await db.raw('create index listings_match on listings using gin (match_vector)');
  await wordTriggers(
    db,
    WORDS_OF,
    'title, description, location',
    'old.title is distinct from new.title or old.description is distinct from new.description or old.location is distinct from new.location',
  );
  await db.raw(
    `insert into search_words (word) select distinct unnest(tsvector_to_array(to_tsvector('simple', fold(${CITY})))) from listings on conflict do nothing`,
  );
}

export async function down(db: Knex): Promise<void> {
  await wordTriggers(db, OLD_WORDS_OF, 'title, description', 'old.title is distinct from new.title or old.description is distinct from new.description');
  await db.raw('alter table listings drop column if exists match_vector');
}
