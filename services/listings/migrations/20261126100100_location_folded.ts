import type { Knex } from '@vnmarket/shared';

/**
 * The location, accent-folded and lowercased, stored (`location_folded`), with its own trigram index. The
 * location filters (a typed place, and a Home city's area: the city and up to fifteen nearby places) tested
 * `fold(location)` on every row they read, once per place: an `unaccent` call each time, the bulk of a wide
 * area's count. Read from the row, the same test is a plain `like`.
 *
 * Expand only: the previous release filters on `fold(location)` through `listings_location_trgm`, which stays;
 * a later release may drop it. Adding a stored generated column rewrites the table once, under a lock.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('alter table listings add column location_folded text generated always as (fold(location)) stored');
  await db.raw('create index listings_location_folded_trgm on listings using gin (location_folded public.gin_trgm_ops)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_location_folded_trgm');
  await db.raw('alter table listings drop column if exists location_folded');
}
