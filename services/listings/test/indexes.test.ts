import type { Knex } from '@vnmarket/shared';
import { LISTINGS_SCHEMA } from '../src/config';
import { listingsTestDatabase } from './support/database';

/**
 * Every index on `listings` is paid for by every insert and edit of a listing, so each one here has a reader.
 * A migration that adds or drops one changes this list, and says in its comment which query reads it.
 */
const READ_BY: Record<string, string> = {
  listings_pkey: "a listing by id (detail page, edits, saves, its link preview), and the sitemap's walk of the ids",
  listings_active_recent: 'browse, and the newest-first looks of a search: by its titles (title_vector included), then by its matches',
  listings_active_category_recent: 'a category page, newest first, and its count',
  listings_active_price: 'browse sorted by price',
  listings_active_category_price: "a category's price range",
  listings_match: 'search: the matches of a query (match_vector)',
  listings_metadata: 'the metadata filters (bedrooms, dietary options …)',
  listings_location_folded_trgm: 'a typed place and a Home city’s area (location_folded)',
  listings_owner: "a seller's listings (dashboard, seller page)",
  listings_expiry_due: 'the expiry job: listings still running whose date has come, or comes within three days',
  listings_active_latitude_longitude: '"within N miles" of a place: the latitude/longitude box around it, before the exact distance',
  listings_earth_position: 'the Distance sort: nearest first from the chosen place (earthdistance)',
};

const database = listingsTestDatabase('listings-indexes', 2);
let db: Knex;

beforeAll(() => {
  db = database();
});

it('keeps only the indexes some query reads (the trigram index of fold(location) is gone: location_folded replaced it)', async () => {
  const { rows } = await db.raw<{ rows: { indexname: string }[] }>("select indexname from pg_indexes where schemaname = ? and tablename = 'listings'", [
    LISTINGS_SCHEMA,
  ]);
  expect(rows.map((row) => row.indexname).sort()).toEqual(Object.keys(READ_BY).sort());
});
