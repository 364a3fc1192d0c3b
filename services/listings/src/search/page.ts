import { TOTAL_COUNT_CAP, type Listing, type ListingQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { chordFrom, nearOf } from '../distance/near';
import { applyRowFilters, indexedScope, listingsWithSellers, NUMERIC_METADATA, toListing, withSellers, type ListingWithSellerRow } from '../db/listings';
import type { CountMemory } from './count-memory';

/** One page of browse or search, and how many listings match in all (counted up to TOTAL_COUNT_CAP + 1). */
export interface ListingPage {
  listings: Listing[];
  total: number;
}

/** An event's date when it is an ISO date (the form's date input); other text does not sort. */
const EVENT_DATE = "(case when l.metadata->>'eventDate' ~ '^\\d{4}-\\d{2}-\\d{2}$' then l.metadata->>'eventDate' end)";
export const RECENT = [
  { column: 'l.created_at', order: 'desc' },
  { column: 'l.id', order: 'desc' },
] as const;

/**
 * The last step of browse and of a search in another order than relevance: one page of the filtered listings
 * in the chosen order, and how many match (`searched`: the filters hold a search's text).
 */
export async function orderedPage(
  db: Knex,
  filtered: Knex.QueryBuilder,
  sort: ListingQuery['sort'],
  query: ListingQuery,
  searched: boolean,
  counts?: CountMemory,
): Promise<ListingPage> {
  if (readsRows(query)) {
    const inOrder = () => pageInOrder(db, filtered, sort, query);
    // Newest first without a search: the newest listings of the category hold the page when matches are many.
    const manyPage = sort === 'recent' && !searched ? async () => (await newestWindowPage(db, query)) ?? inOrder() : inOrder;
    return pageOfFewOrMany(db, filtered, sort, query, manyPage, counts);
  }
  const [listings, total] = await Promise.all([pageInOrder(db, filtered, sort, query), cappedCount(db, filtered, counts)]);
  return { listings, total };
}

/** The non-relevance orders, each ending newest first so pages are stable. */
function applyOrder(builder: Knex.QueryBuilder, sort: ListingQuery['sort'], query: ListingQuery): void {
  switch (sort) {
    case 'distance': {
      // Nearest first: the chord orders as the distance does, and the GiST index gives that order (see distance/near.ts).
      const distance = chordFrom(nearOf(query)!);
      builder.orderByRaw(`${distance.sql} asc`, distance.bindings);
      break;
    }
    case 'price-low':
      builder.orderBy('l.price', 'asc');
      break;
    case 'price-high':
      builder.orderBy('l.price', 'desc');
      break;
    case 'popular':
      builder.orderBy([
        { column: 'l.save_count', order: 'desc' },
        { column: 'l.view_count', order: 'desc' },
      ]);
      break;
    case 'bedrooms':
      builder.orderByRaw(`${NUMERIC_METADATA('bedrooms')} desc nulls last`);
      break;
    case 'condition':
      builder.orderByRaw("array_position(array['new', 'like-new', 'good', 'fair']::text[], l.condition) asc nulls last");
      break;
    case 'rating':
      builder.orderByRaw('s.average_rating desc nulls last, s.review_count desc nulls last');
      break;
    case 'date':
      // Upcoming events soonest first, then past ones latest first, then those without a date.
      builder.orderByRaw(
        `case when ${EVENT_DATE} >= to_char(current_date, 'YYYY-MM-DD') then 0 when ${EVENT_DATE} is not null then 1 else 2 end, ` +
          `case when ${EVENT_DATE} >= to_char(current_date, 'YYYY-MM-DD') then ${EVENT_DATE} end asc, ${EVENT_DATE} desc`,
      );
      break;
    default:
      break;
  }
  builder.orderBy([...RECENT]);
}

/** How many of the newest listings of a category a browse with many matches reads its first pages from. */
const NEWEST_WINDOW = 2000;

/**
 * A newest-first page of filters that match many listings, from the newest NEWEST_WINDOW of the category
 * (the recency index walked, each row filtered as it comes, reading stops at the page), or undefined when
 * they do not hold the page. Exact: a match outside the window is older than every listing in it. Left to
 * itself, the planner may take every match of a filter it misjudges and sort them all (food + vegetarian:
 * it expects a tenth of the metadata matches).
 */
async function newestWindowPage(db: Knex, query: ListingQuery): Promise<Listing[] | undefined> {
  if (query.offset + query.limit > NEWEST_WINDOW / 4) return undefined;
  const newest = indexedScope(db, query)
    .select('l.*')
    .orderBy([...RECENT])
    .limit(NEWEST_WINDOW)
    .as('l');
  const rows = (await withSellers(applyRowFilters(db.from(newest), query))
    .orderBy([...RECENT])
    .limit(query.limit)
    .offset(query.offset)) as ListingWithSellerRow[];
  return rows.length === query.limit ? rows.map((row) => toListing(row)) : undefined;
}

/** The page of the filtered listings in the chosen order, with their sellers. */
async function pageInOrder(db: Knex, filtered: Knex.QueryBuilder, sort: ListingQuery['sort'], query: ListingQuery): Promise<Listing[]> {
  const builder = withSellers(filtered.clone());
  applyOrder(builder, sort, query);
  return ((await builder.limit(query.limit).offset(query.offset)) as ListingWithSellerRow[]).map((row) => toListing(row));
}

/** The query parameters a browse by category (the home page, a category page, a seller's page) is made of. */
const BROWSE_PARAMETERS = new Set<string>(['category', 'sellerId', 'sort', 'limit', 'offset']);

/**
 * Whether the filters read the listings' rows to decide (a price range, a city, metadata, a search), rather
 * than only walk an index: browse by category alone counts its matches in the recency indexes, reading no row.
 */
const readsRows = (query: ListingQuery) => Object.entries(query).some(([parameter, value]) => value !== undefined && !BROWSE_PARAMETERS.has(parameter));

/**
 * A page of a browse whose filters read rows. One statement takes up to TOTAL_COUNT_CAP + 1 matches, in
 * whatever order is cheapest (the scan stops at the last one), counts them ("1000+" needs no more) and sorts
 * the page from them. When they are all the matches (few: every rental of a price range read to find the
 * few in one city with 2 bedrooms), that page is the answer and the candidate rows were read once. When
 * there are more, the page is read again by the filters in its own order, where an index gives that order
 * and the scan stops at the page.
 */
async function pageOfFewOrMany(
  db: Knex,
  filtered: Knex.QueryBuilder,
  sort: ListingQuery['sort'],
  query: ListingQuery,
  manyPage: () => Promise<Listing[]>,
  counts?: CountMemory,
): Promise<ListingPage> {
  // Past the cap lately: the page in its own order is all there is to read.
  const counting = counts && countingOf(db, filtered).toString();
  if (counting && counts.passedCap(counting)) return { listings: await manyPage(), total: TOTAL_COUNT_CAP + 1 };
  // Named `l` like the table, with the columns every order reads, so applyOrder sorts them as it sorts listings.
  const matches = filtered
    .clone()
    .select('l.id', 'l.user_id', 'l.created_at', 'l.price', 'l.save_count', 'l.view_count', 'l.condition', 'l.metadata')
    .modify((columns) => {
      if (sort === 'distance') columns.select('l.earth_position');
    })
    .limit(TOTAL_COUNT_CAP + 1)
    .as('l');
  const sorted = db.from(matches).select('l.id', db.raw('count(*) over () as total'));
  if (sort === 'rating') sorted.leftJoin('sellers as s', 's.id', 'l.user_id');
  applyOrder(sorted, sort, query);
  const page = (await sorted.limit(query.limit).offset(query.offset)) as { id: string; total: number }[];
  // Past the last page no row carries the count: then only a page beyond the matches was asked for.
  const total = Number(page[0]?.total ?? (query.offset > 0 ? await cappedCount(db, filtered) : 0));
  if (counting && total > TOTAL_COUNT_CAP) counts.rememberPassedCap(counting);
  const listings =
    total <= TOTAL_COUNT_CAP
      ? listingsInOrder(
          db,
          page.map((row) => row.id),
        )
      : manyPage();
  return { listings: await listings, total };
}

/** The listings with these ids, with their sellers, in the ids' order (one gone meanwhile is left out). */
export async function listingsInOrder(db: Knex, ids: string[]): Promise<Listing[]> {
  if (ids.length === 0) return [];
  const rows = (await listingsWithSellers(db).whereIn('l.id', ids)) as ListingWithSellerRow[];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toListing(byId.get(id)!)] : []));
}

/** The statement that counts the filtered listings: it stops one past the cap, as "1000+" needs no more. */
const countingOf = (db: Knex, filtered: Knex.QueryBuilder) =>
  db
    .from(
      filtered
        .clone()
        .select(db.raw('1'))
        .limit(TOTAL_COUNT_CAP + 1)
        .as('matches'),
    )
    .count<{ count: string }[]>({ count: '*' });

/** How many listings the filters match, up to one past the cap; one past it without counting when `counts` says so. */
export async function cappedCount(db: Knex, filtered: Knex.QueryBuilder, counts?: CountMemory): Promise<number> {
  const counting = countingOf(db, filtered);
  const statement = counts && counting.toString();
  if (statement && counts.passedCap(statement)) return TOTAL_COUNT_CAP + 1;
  const [row] = await counting;
  const total = Number(row?.count ?? 0);
  if (statement && total > TOTAL_COUNT_CAP) counts.rememberPassedCap(statement);
  return total;
}
