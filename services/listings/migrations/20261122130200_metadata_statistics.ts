import type { Knex } from '@vnmarket/shared';

/**
 * Without statistics on the bedrooms/bathrooms expressions the planner guesses 1 matching row for the
 * rent filters and picks a slow nested loop; with them it picks hash joins.
 */
export async function up(db: Knex): Promise<void> {
  await db.raw(`create statistics listings_bedrooms_stats on (jsonb_typeof(metadata->'bedrooms')), ((metadata->>'bedrooms')::numeric) from listings`);
  await db.raw(`create statistics listings_bathrooms_stats on (jsonb_typeof(metadata->'bathrooms')), ((metadata->>'bathrooms')::numeric) from listings`);
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop statistics if exists listings_bedrooms_stats');
  await db.raw('drop statistics if exists listings_bathrooms_stats');
}
