import type { Knex } from '@vnmarket/shared';

/**
 * The recency index carries each listing's title vector (`include (title_vector)`), so a search tests the
 * titles of the newest listings in the index alone and reads a listing's row only when its title passes
 * (db/listings.ts, newestBestScoredByTitle). The same name and effect as the migration of 437dc2d (reverted,
 * and back with the statistics that choose the walk), so a database that ran that one already has this. Its key and predicate are
 * the same, so browse and the previous release read it as before; the index grows by the title vectors
 * (about 90 bytes a listing).
 *
 * Rebuilt in the migration's transaction: writes to listings wait for the build (seconds at 100,000 listings);
 * reads go on, and no moment is without the index.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_active_recent');
  await db.raw('create index listings_active_recent on listings (created_at desc, id desc) include (title_vector) where is_active');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_active_recent');
  await db.raw('create index listings_active_recent on listings (created_at desc, id desc) where is_active');
}
