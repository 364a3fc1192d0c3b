import type { SavedSearchFilters } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { likeContains, METADATA_EQUALITY, metadataContains, NUMERIC_METADATA } from '../db/listings';
import { buildTextQuery, parseSearch } from '../search';
import { chordOf, nearOf, unitSpherePoint } from '../distance/near';
import { savedSearchKeys } from './search-keys';

/**
 * The filters of a saved search, each as the matcher tests one new listing against it: the same rules as
 * GET /api/listings applies to the catalogue (db/listings.ts, applyRowFilters), turned around. A filter is
 * stored in its own columns of `saved_searches` when the search is saved (`columns`), and tested in SQL
 * against the new listing `l` (`passes`: true for a search without the filter). A new filter of the listings
 * query is one more entry here, with its columns in a migration.
 */
export interface MatchTest {
  /** The query names it reads (documentation and tests). */
  filters: readonly (keyof SavedSearchFilters)[];
  /** The saved_searches columns that hold the filter; absent or null means not given. */
  columns(filters: SavedSearchFilters, db: Knex): Record<string, unknown>;
  /** SQL over the saved search `s`, the new listing `l`; true when the listing passes the filter. */
  passes: string;
}

/** A filter the listing's column must equal when the saved search has it, kept in the saved search's `column`. */
const equality = (filter: keyof SavedSearchFilters, column: string, listingColumn: string): MatchTest => ({
  filters: [filter],
  columns: (filters) => ({ [column]: filters[filter] ?? null }),
  passes: `s.${column} is null or s.${column} = ${listingColumn}`,
});

export const MATCH_TESTS: readonly MatchTest[] = [
  equality('category', 'category', 'l.category'),
  equality('sellerId', 'seller_id', 'l.user_id'),
  {
    filters: ['minPrice', 'maxPrice'],
    columns: (filters) => ({ min_price: filters.minPrice ?? null, max_price: filters.maxPrice ?? null }),
    passes: '(s.min_price is null or l.price >= s.min_price) and (s.max_price is null or l.price <= s.max_price)',
  },
  equality('condition', 'condition', 'l.condition'),
  equality('priceType', 'price_type', 'l.price_type'),
  {
    // The typed place, accent-folded as location_folded is.
    filters: ['location'],
    columns: (filters, db) => ({ location_pattern: filters.location ? db.raw('fold(?)', [likeContains(filters.location)]) : null }),
    passes: "s.location_pattern is null or l.location_folded like s.location_pattern escape '\\'",
  },
  {
    // Within `radius` miles of a place of the list, as the catalogue's distance filter (distance/near.ts): the
    // chord between the listing's point and the place's. A listing whose location names no place is never near.
    filters: ['near', 'radius'],
    columns: (filters) => {
      const near = nearOf(filters);
      return { near_point: near ? unitSpherePoint(near.place) : null, near_chord: near ? chordOf(near.miles) : null };
    },
    passes: 's.near_chord is null or l.earth_position <-> cube(s.near_point) <= s.near_chord',
  },
  {
    // The category's fields held in metadata, tested by containment as the catalogue's filter does.
    filters: [...(Object.keys(METADATA_EQUALITY) as (keyof SavedSearchFilters)[]), 'dietaryOptions', 'remote'],
    columns: (filters) => {
      const contains = metadataContains(filters);
      return { metadata_contains: Object.keys(contains).length > 0 ? JSON.stringify(contains) : null };
    },
    passes: 's.metadata_contains is null or l.metadata @> s.metadata_contains',
  },
  {
    // At least this many bedrooms; 0 is a studio.
    filters: ['bedrooms'],
    columns: (filters) => ({ bedrooms: filters.bedrooms ?? null }),
    passes: `s.bedrooms is null
      or (s.bedrooms = 0 and (${NUMERIC_METADATA('bedrooms')} = 0 or l.metadata->>'propertyType' = 'studio'))
      or (s.bedrooms > 0 and ${NUMERIC_METADATA('bedrooms')} >= s.bedrooms)`,
  },
  {
    filters: ['bathrooms'],
    columns: (filters) => ({ bathrooms: filters.bathrooms ?? null }),
    passes: `s.bathrooms is null or ${NUMERIC_METADATA('bathrooms')} >= s.bathrooms`,
  },
  {
    filters: ['verifiedSellers'],
    columns: (filters) => ({ verified_sellers: filters.verifiedSellers === true }),
    passes: 'not s.verified_sellers or exists (select 1 from sellers vs where vs.id = l.user_id and vs.phone_verified and not vs.deleted)',
  },
  {
    // The words: the search's match query (synonyms, the last word as a prefix) on the listing's match_vector.
    // Typo alternatives come from the catalogue's words when a search runs; a saved search has only its own.
    filters: ['search'],
    columns: (filters, db) => {
      const terms = filters.search ? parseSearch(filters.search) : undefined;
      return { text_query: terms ? db.raw("to_tsquery('simple', ?)", [buildTextQuery(terms).match]) : null };
    },
    passes: 's.text_query is null or l.match_vector @@ s.text_query',
  },
];

/** Every column of a saved search's filters, for its row, and its keys (search-keys.ts). */
export function matchColumns(filters: SavedSearchFilters, db: Knex): Record<string, unknown> {
  return Object.assign({ match_keys: savedSearchKeys(filters.category, filters.search) }, ...MATCH_TESTS.map((test) => test.columns(filters, db)));
}

/** One SQL condition: the listing `l` passes every filter of the saved search `s`. */
export const PASSES_EVERY_FILTER = MATCH_TESTS.map((test) => `(${test.passes})`).join('\n  and ');
