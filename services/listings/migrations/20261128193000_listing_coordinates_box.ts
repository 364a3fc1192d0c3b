import type { Knex } from '@vnmarket/shared';

/**
 * "Within N miles" selects by a latitude and longitude box (then the exact distance), on this index, rather
 * than by the cube's `<@` on `listings_earth_position`: PostgreSQL has no statistics for a cube's
 * containment and takes every area for a tenth of a percent of the listings, so a wide area (25 miles of San
 * Jose: half the catalogue) would be gathered whole from the GiST index and sorted, where a walk of the newest
 * listings finds a page at once. Latitude and longitude have histograms: the planner walks the newest
 * listings for a crowded area and takes this index for a sparse one. The GiST index stays for
 * "Distance" (nearest first, by the cube's `<->`).
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('create index listings_active_latitude_longitude on listings (latitude, longitude) where is_active');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_active_latitude_longitude');
}
