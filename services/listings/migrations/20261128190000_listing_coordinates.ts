import { placeOfLocation } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

/**
 * Where each listing is, for distance search: `latitude` and `longitude` of the place its location names
 * (proto's place list of the Bay Area; null when it names none), and `earth_position`, the point on the unit
 * sphere they give, as a `cube` (a stored generated column: plain data to the index, so neither an analyze
 * nor a restore runs any SQL-language function on it, as an index on earthdistance's `ll_to_earth` would),
 * with a GiST index over the shown listings: "within N miles" finds them by a bounding cube, and the cube's
 * `<->` (the chord, which orders as the distance does) sorts them nearest first.
 *
 * Existing listings are placed by their distinct locations (a few thousand strings for a million listings),
 * in batches. Adding the generated column rewrites the table once.
 */
const BATCH = 500;

export async function up(db: Knex): Promise<void> {
  await db.raw('create extension if not exists cube with schema public');
  await db.raw('alter table listings add column latitude double precision, add column longitude double precision');
  const locations = (await db('listings').distinct('location').pluck('location')) as string[];
  const placed = locations.flatMap((location) => {
    const place = placeOfLocation(location);
    return place ? [[location, place.latitude, place.longitude] as const] : [];
  });
  for (let start = 0; start < placed.length; start += BATCH) {
    const batch = placed.slice(start, start + BATCH);
    await db.raw(
      `update listings l set latitude = v.latitude, longitude = v.longitude
       from (values ${batch.map(() => '(?::text, ?::float8, ?::float8)').join(', ')}) as v(location, latitude, longitude)
       where l.location = v.location`,
      batch.flat(),
    );
  }
  await db.raw(`
    alter table listings add column earth_position public.cube generated always as (
      case when latitude is not null and longitude is not null then public.cube(array[
        cos(radians(latitude)) * cos(radians(longitude)),
        cos(radians(latitude)) * sin(radians(longitude)),
        sin(radians(latitude))
      ]) end
    ) stored`);
  await db.raw('create index listings_earth_position on listings using gist (earth_position) where is_active');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index if exists listings_earth_position');
  await db.raw('alter table listings drop column if exists earth_position, drop column if exists latitude, drop column if exists longitude');
}
