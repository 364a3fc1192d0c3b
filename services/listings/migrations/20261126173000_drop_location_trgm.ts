import type { Knex } from '@vnmarket/shared';

/**
 * Contract: the trigram index on `fold(location)` goes. The location filters have read `location_folded`
 * through its own trigram index since 20261126100100_location_folded, which kept this one for the release
 * before it; that release is out, and the previous release now reads `location_folded` too
 * (test/previous-release.test.ts holds it to this schema).
 *
 * Why: every insert and every edit of a listing folded its location a second time (an `unaccent` call) and kept a
 * second trigram index of it, which no query reads and which grows with the catalogue.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_location_trgm');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('create index if not exists listings_location_trgm on listings using gin (fold(location) public.gin_trgm_ops)');
}
