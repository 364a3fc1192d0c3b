import { placeOfLocation, TOTAL_COUNT_CAP, type Listing, type ListingInput, type ListingQuery, type ModerationState } from '@vnmarket/proto';
import type { CountMemory } from '../count-memory';
import { chordFrom, nearOf, whereWithin } from '../distance/near';
import type { KnownWords } from './known-words';
import { titleShareBound, type TitleWords } from './title-words';
import type { Knex } from '@vnmarket/shared';
import {
  buildTextQuery,
  findVocabulary,
  likeContains,
  parseSearch,
  rankScore,
  withoutLastUnit,
  type SearchTerms,
  type TextQuery,
  type Vocabulary,
} from './search';
import { toSeller, type SellerRow } from './sellers';

export interface ListingRow {
  id: string;
  user_id: string;
  title: string;
  description: string;
  category: Listing['category'];
  price: string;
  price_type: string;
  condition: string | null;
  location: string;
  /** Where the location is, from the place list (distance/near.ts); null when it names no known place. */
  latitude: number | null;
  longitude: number | null;
  images: string[];
  metadata: Record<string, unknown>;
  contact_preference: string;
  is_active: boolean;
  view_count: number;
  save_count: number;
  created_at: Date;
  updated_at: Date;
  /** Grows by one with every change; events carry it (see proto's event versions). */
  version: number;
  /** Set while a moderator's hold or decision keeps the listing out (is_active is then false). */
  moderation_state: ModerationState | null;
  /** 30 days after it was posted or renewed (see expiry/); expired_at is set when the job took it out. */
  expires_at: Date;
  expired_at: Date | null;
  /** Set when its owner marked it sold (is_active is then false); buyer_id when they named the buyer. */
  sold_at: Date | null;
  buyer_id: string | null;
}

/** A listing row joined with its seller's read copy (seller columns prefixed with `seller_`). */
export type ListingWithSellerRow = ListingRow & { [K in keyof SellerRow as `seller_${K & string}`]: SellerRow[K] | null };

const LISTING_COLUMNS = [
  'l.id',
  'l.user_id',
  'l.title',
  'l.description',
  'l.category',
  'l.price',
  'l.price_type',
  'l.condition',
  'l.location',
  'l.images',
  'l.metadata',
  'l.contact_preference',
  'l.is_active',
  'l.moderation_state',
  'l.expires_at',
  'l.expired_at',
  'l.sold_at',
  'l.view_count',
  'l.save_count',
  'l.created_at',
  'l.updated_at',
];
const SELLER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'profile_image_url',
  'phone_verified',
  'phone_verified_at',
  'is_verified',
  'average_rating',
  'review_count',
  'member_since',
  'updated_at',
].map((column) => `s.${column} as seller_${column}`);

/** A listing as the API answers it, with its seller when the row has one (never their phone: see routes/phone.ts). */
export function toListing(row: ListingRow | ListingWithSellerRow): Listing {
  const listing: Listing = {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    category: row.category,
    price: row.price,
    priceType: row.price_type,
    condition: row.condition,
    location: row.location,
    images: row.images,
    metadata: row.metadata,
    contactPreference: row.contact_preference,
    isActive: row.is_active,
    viewCount: row.view_count,
    saveCount: row.save_count,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
  if (row.moderation_state) listing.moderationStatus = row.moderation_state;
  if (row.expires_at) listing.expiresAt = row.expires_at.toISOString();
  if (row.expired_at) listing.expiredAt = row.expired_at.toISOString();
  if (row.sold_at) listing.soldAt = row.sold_at.toISOString();
  const withSeller = row as ListingWithSellerRow;
  if ('seller_id' in withSeller && withSeller.seller_id) listing.user = toSeller(sellerOf(withSeller));
  return listing;
}

/** The seller columns of a joined row, field by field (browse maps thousands of rows a second). */
function sellerOf(row: ListingWithSellerRow): SellerRow {
  return {
    id: row.seller_id!,
    first_name: row.seller_first_name!,
    last_name: row.seller_last_name!,
    profile_image_url: row.seller_profile_image_url,
    // Never read with a listing: the number goes out through "Show number" alone.
    phone: null,
    phone_verified: row.seller_phone_verified ?? false,
    phone_verified_at: row.seller_phone_verified_at,
    is_verified: row.seller_is_verified ?? false,
    average_rating: row.seller_average_rating ?? '0',
    review_count: row.seller_review_count ?? 0,
    member_since: row.seller_member_since,
    updated_at: row.seller_updated_at!,
    version: row.seller_version ?? 0,
    deleted: row.seller_deleted ?? false,
  };
}

export function listingsWithSellers(db: Knex) {
  return db('listings as l')
    .leftJoin('sellers as s', 's.id', 'l.user_id')
    .select([...LISTING_COLUMNS, ...SELLER_COLUMNS]);
}

/** Category-page filters that live in metadata, and the metadata key each one reads. */
export const METADATA_EQUALITY: Partial<Record<keyof ListingQuery, string>> = {
  propertyType: 'propertyType',
  foodType: 'cuisineType',
  itemCategory: 'itemCategory',
  jobType: 'jobType',
  experience: 'experienceLevel',
  industry: 'industry',
  serviceType: 'serviceType',
  eventType: 'eventType',
};

/** One page of browse or search, and how many listings match in all (counted up to TOTAL_COUNT_CAP + 1). */
export interface ListingPage {
  listings: Listing[];
  total: number;
}

export const NUMERIC_METADATA = (key: string) => `(case when jsonb_typeof(l.metadata->'${key}') = 'number' then (l.metadata->>'${key}')::numeric end)`;
/** An event's date when it is an ISO date (the form's date input); other text does not sort. */
const EVENT_DATE = "(case when l.metadata->>'eventDate' ~ '^\\d{4}-\\d{2}-\\d{2}$' then l.metadata->>'eventDate' end)";
const RECENT = [
  { column: 'l.created_at', order: 'desc' },
  { column: 'l.id', order: 'desc' },
] as const;

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

/** How a page is found: how a search ranks (see rankedPage), and where counts past the cap are remembered. */
export interface SearchOptions {
  /** Rank every match even when the newest ones hold the page: the reference the shortcut is tested against. */
  rankEveryMatch?: boolean;
  /** Counts that passed the cap lately, to skip (see CountMemory); none: every count is made. */
  counts?: CountMemory;
  /** How common words are in titles (see TitleWords); none: every search tests the newest titles first. */
  titleWords?: TitleWords;
  /** The words of the catalogue this replica found before (see KnownWords); none: every search asks the vocabulary. */
  knownWords?: KnownWords;
}

/** Browse and search over active listings: every filter, the chosen order, one page, and the match count. */
export async function searchListings(db: Knex, query: ListingQuery, options: SearchOptions = {}): Promise<ListingPage> {
  const terms = query.search ? parseSearch(query.search) : undefined;
  if (query.search && !terms) return { listings: [], total: 0 }; // only punctuation: nothing can match
  const vocabulary = terms && (await findVocabulary(db, terms, options.knownWords));

  const filtered = applyRowFilters(indexedScope(db, query), query);
  const sort = query.sort ?? (terms ? 'relevance' : 'recent');
  if (terms && vocabulary && sort === 'relevance') return rankedSearch(db, filtered, terms, vocabulary, query, options);
  // match_vector: title, description and the listing's city ("pho oakland"); GIN-indexed.
  if (terms && vocabulary) filtered.whereRaw(MATCHES, [buildTextQuery(terms, vocabulary).match]);

  if (readsRows(query)) {
    const inOrder = () => pageInOrder(db, filtered, sort, query);
    // Newest first without a search: the newest listings of the category hold the page when matches are many.
    const manyPage = sort === 'recent' && !terms ? async () => (await newestWindowPage(db, query)) ?? inOrder() : inOrder;
    return pageOfFewOrMany(db, filtered, sort, query, manyPage, options.counts);
  }
  const [listings, total] = await Promise.all([pageInOrder(db, filtered, sort, query), cappedCount(db, filtered, options.counts)]);
  return { listings, total };
}

/** The active listings a browse's indexes walk newest first: of the category and the seller asked for. */
function indexedScope(db: Knex, query: ListingQuery): Knex.QueryBuilder {
  const scope = db('listings as l').where('l.is_active', true);
  if (query.category) scope.where('l.category', query.category);
  if (query.sellerId) scope.where('l.user_id', query.sellerId);
  return scope;
}

/** Every filter that reads a listing's row (prices, places, metadata), on listings named `l`. */
function applyRowFilters(filtered: Knex.QueryBuilder, query: ListingQuery): Knex.QueryBuilder {
  if (query.minPrice !== undefined) filtered.where('l.price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) filtered.where('l.price', '<=', query.maxPrice);
  if (query.condition) filtered.where('l.condition', query.condition);
  if (query.priceType) filtered.where('l.price_type', query.priceType);
  // location_folded: fold(location), stored and trigram-indexed (fold costs an unaccent call per row and place).
  if (query.location) filtered.whereRaw("l.location_folded like fold(?) escape '\\'", [likeContains(query.location)]);
  // Within `radius` miles of a place of the list (distance/near.ts): a bounding cube on the GiST index, then the exact distance.
  const near = nearOf(query);
  if (near) whereWithin(filtered, near);

  const contains: Record<string, unknown> = {};
  for (const [filter, key] of Object.entries(METADATA_EQUALITY)) {
    const value = query[filter as keyof ListingQuery];
    if (value !== undefined) contains[key] = value;
  }
  if (query.dietaryOptions) contains.dietaryInfo = [query.dietaryOptions];
  if (query.remote) contains.remote = true;
  // "Verified Sellers Only": the seller copy says the phone is proved (one primary-key probe per candidate row).
  if (query.verifiedSellers) filtered.whereRaw('exists (select 1 from sellers vs where vs.id = l.user_id and vs.phone_verified and not vs.deleted)');
  if (Object.keys(contains).length > 0) filtered.whereRaw('l.metadata @> ?::jsonb', [JSON.stringify(contains)]);
  if (query.bedrooms === 0) filtered.whereRaw(`(${NUMERIC_METADATA('bedrooms')} = 0 or l.metadata->>'propertyType' = 'studio')`);
  else if (query.bedrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bedrooms')} >= ?`, [query.bedrooms]);
  if (query.bathrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bathrooms')} >= ?`, [query.bathrooms]);
  return filtered;
}

/** How many of the newest listings of a category a browse with many matches reads its first pages from. */
const NEWEST_WINDOW = 2000;

/**
 * A newest-first page of filters that match many listings, from the newest NEWEST_WINDOW of the category
 * (the recency index walked, each row filtered as it comes, reading stops at the page), or undefined when
 * they do not hold the page. Exact: a match outside the window is older than every listing in it. Left to
 * itself, the planner may take every match of a filter it misjudges and sort them all (food + vegetarian
 * at 1M: it expects a tenth of the metadata matches; 56 ms against 2 in another run of the same catalogue).
 */
async function newestWindowPage(db: Knex, query: ListingQuery): Promise<Listing[] | undefined> {
  if (query.offset + query.limit > NEWEST_WINDOW / 4) return undefined;
  const newest = indexedScope(db, query)
    .select('l.*')
    .orderBy([...RECENT])
    .limit(NEWEST_WINDOW)
    .as('l');
  const rows = (await applyRowFilters(db.from(newest), query)
    .leftJoin('sellers as s', 's.id', 'l.user_id')
    .select([...LISTING_COLUMNS, ...SELLER_COLUMNS])
    .orderBy([...RECENT])
    .limit(query.limit)
    .offset(query.offset)) as ListingWithSellerRow[];
  return rows.length === query.limit ? rows.map((row) => toListing(row)) : undefined;
}

/** The page of the filtered listings in the chosen order, with their sellers. */
async function pageInOrder(db: Knex, filtered: Knex.QueryBuilder, sort: ListingQuery['sort'], query: ListingQuery): Promise<Listing[]> {
  const builder = filtered
    .clone()
    .leftJoin('sellers as s', 's.id', 'l.user_id')
    .select([...LISTING_COLUMNS, ...SELLER_COLUMNS]);
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
async function listingsInOrder(db: Knex, ids: string[]): Promise<Listing[]> {
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
async function cappedCount(db: Knex, filtered: Knex.QueryBuilder, counts?: CountMemory): Promise<number> {
  const counting = countingOf(db, filtered);
  const statement = counts && counting.toString();
  if (statement && counts.passedCap(statement)) return TOTAL_COUNT_CAP + 1;
  const [row] = await counting;
  const total = Number(row?.count ?? 0);
  if (statement && total > TOTAL_COUNT_CAP) counts.rememberPassedCap(statement);
  return total;
}

const MATCHES = "l.match_vector @@ to_tsquery('simple', ?)";

/**
 * A search page by relevance. When the query finds less than the page asks for, the shorter query's matches
 * follow, ranked the same way below them (see withoutLastUnit), and count too.
 */
async function rankedSearch(
  db: Knex,
  base: Knex.QueryBuilder,
  terms: SearchTerms,
  vocabulary: Vocabulary,
  query: ListingQuery,
  options: SearchOptions,
): Promise<ListingPage> {
  const text = buildTextQuery(terms, vocabulary);
  const everyMatch = (countPastCap?: number) => rankedPage(db, base.clone().whereRaw(MATCHES, [text.match]), text, query, options, countPastCap);
  const shorter = withoutLastUnit(terms, vocabulary);
  // Only the listings with every unit whole (as typed, or by a synonym or alternative) stay ahead of the shorter
  // query's: "Phở cuốn" for "phở bò" is a better answer than a room whose text has "phở" and "bò" far apart.
  const strictly = text.meaning ?? text.whole;
  const strictMatches = base.clone().whereRaw(MATCHES, [strictly]);
  const needed = query.offset + query.limit;
  // Enough of them for the page (the usual case): that takes only their count, capped as the header's is. Counted
  // first also for a phrase with no shorter query ("banh mi"): its matches take the last word as a prefix, and the
  // text index reads every word starting with "mi" (Milpitas, a city of many listings) where the whole words
  // cost a quarter of that at 1M listings. Not for one word: a common word's count stops early in a plain scan,
  // and its whole-word matches, being fewer, take longer to reach the cap ("pho": 28 → 70 ms).
  if (needed <= TOTAL_COUNT_CAP && (shorter || (strictly !== text.match && terms.folded.length > 1))) {
    const strictCount = await cappedCount(db, strictMatches, options.counts);
    // Every strict match is a match: past the cap, so are all the matches ("1000+"), without counting them again.
    if (strictCount >= needed || !shorter) return everyMatch(strictCount > TOTAL_COUNT_CAP ? strictCount : undefined);
  }
  if (!shorter) return everyMatch();
  const strict = await rankedPage(db, strictMatches, text, query, options);
  if (strict.total >= needed) return everyMatch();
  const others = base.clone().whereNot((builder) => {
    builder.whereRaw(MATCHES, [strictly]);
  });
  const rest = await rankedSearch(
    db,
    others,
    shorter.terms,
    shorter.vocabulary,
    { ...query, offset: Math.max(0, query.offset - strict.total), limit: query.limit - strict.listings.length },
    options,
  );
  return { listings: [...strict.listings, ...rest.listings], total: strict.total + rest.total };
}

/**
 * How many of the newest matches a search scores first: a multiple of the rows its page reaches, at least
 * FIRST_WINDOW_MIN. Small, so that even a two-word search is read newest first through the index rather than
 * all its matches through the text index (the planner's choice, by the window's size).
 */
const FIRST_WINDOW_FACTOR = 5;
const FIRST_WINDOW_MIN = 120;
/** The further looks are sized from the first one's share of best-scored listings, with this margin, up to MAX_WINDOW matches in all. */
const SECOND_WINDOW_MARGIN = 1.5;
const MAX_WINDOW = 4000;
/** The most matches one look reads: a walk of the recency index the planner keeps to (see bestScoredPage). */
export const LOOK_STEP = 480;
/**
 * The titles of how many of the newest listings a search tests first (newestBestScoredByTitle): about 1.5 ms
 * at most, read from the recency index alone. What share of them holds a best-scored listing says whether
 * reading on by titles pays (up to TITLE_WALK_MAX listings, sized with SECOND_WINDOW_MARGIN), or whether the
 * best-scored listings are too rare among titles and the matches are the cheaper way on.
 */
export const TITLE_PROBE = 4_000;
const TITLE_WALK_MAX = 80_000;
/**
 * The least share of titles a search's title phrase must be able to reach (titleShareBound, from PostgreSQL's
 * statistics) for its titles to be tested first: below it the probe would find too few to be worth its time.
 */
const TITLE_SHARE_MIN = 0.001;

/**
 * A search page by relevance. A listing with the best score a search allows (every flag: each unit whole,
 * the accents as typed, together in the title…) cannot be outranked, and among those the newest come first:
 * when the newest listings already hold enough of them for the page, the page is theirs (bestScoredPage).
 * Otherwise (a rare best score, a deep page) every match is ranked (everyMatchRanked).
 */
async function rankedPage(
  db: Knex,
  filtered: Knex.QueryBuilder,
  text: TextQuery,
  query: ListingQuery,
  options: SearchOptions,
  countPastCap?: number,
): Promise<ListingPage> {
  const shortcut = options.rankEveryMatch ? undefined : await bestScoredPage(db, filtered, text, query, options, countPastCap);
  return shortcut ?? everyMatchRanked(db, filtered, text, query);
}

/**
 * The page from the newest best-scored listings, or undefined when they are too rare among the newest to find
 * cheaply (see newestBestScoredIds). The count is the capped count browse uses ("1000+"), run beside the page,
 * or `countPastCap` when the caller already knows more than the cap match. Only for pages within the cap: past
 * it the capped count would understate the matches the page is taken from.
 */
async function bestScoredPage(
  db: Knex,
  filtered: Knex.QueryBuilder,
  text: TextQuery,
  query: ListingQuery,
  options: SearchOptions,
  countPastCap?: number,
): Promise<ListingPage | undefined> {
  const needed = query.offset + query.limit;
  if (needed > TOTAL_COUNT_CAP) return undefined;
  const titles = await options.titleWords?.get(db);
  const titlesFirst = !titles || titleShareBound(text.titlePhrase, titles) >= TITLE_SHARE_MIN;
  const probes = titlesFirst ? probeMemoryOf(options.titleWords, filtered, text) : undefined;
  const best = await newestBestScoredIds(db, filtered, text, needed, titlesFirst, probes);
  if (!best) return undefined;
  const [listings, total] = await Promise.all([
    listingsInOrder(db, best.slice(query.offset, needed)),
    countPastCap ?? cappedCount(db, filtered, options.counts),
  ]);
  return { listings, total };
}

/** How many best-scored listings a search's last probe of the newest titles found (TitleWords.probeFound), and where to keep what this one finds. */
interface ProbeMemory {
  found: number | undefined;
  remember(found: number): void;
}

/** The probe memory of this search (its filters, matches and title tests), where `titleWords` keeps them; none without it. */
function probeMemoryOf(titleWords: TitleWords | undefined, filtered: Knex.QueryBuilder, text: TextQuery): ProbeMemory | undefined {
  if (!titleWords) return undefined;
  const search = `${filtered.toString()}\n${text.titleUnordered}\n${text.titlePhrase}`;
  return { found: titleWords.probeFound(search), remember: (found) => titleWords.rememberProbeFound(search, found) };
}

/**
 * The ids of the `needed` newest best-scored listings, newest first; undefined when fewer are found. Sound
 * because best-scored listings rank above every other and, among themselves, newest first. Every look goes
 * newest first and finds every best-scored listing on its way:
 *
 * 1. The titles of the newest TITLE_PROBE listings, when PostgreSQL's statistics say the title phrase can be
 *    common enough (`titlesFirst`, see bestScoredPage): a best-scored listing has the units together in its
 *    title, and the recency index carries every title's vector, so this reads a row only for a title that
 *    passes. A common word's or a common phrase's page is found here. How many best-scored listings it found
 *    is remembered (`probes`): the same search asked again within minutes skips the probe and goes
 *    on as if it had found them again (a figure grown stale costs time, never a listing).
 * 2. Some found, but too few: a walk of titles again from the newest, as far as their share says is enough,
 *    when that is at most TITLE_WALK_MAX listings ("apartment san jose" at 1M: about 17,000 titles, where
 *    reading the rows themselves took 26 ms).
 * 3. Rarer among titles: by the matches themselves (newestBestScored), from where the walk of titles stopped
 *    (or the newest), a first window of them and then further looks sized from their share of best-scored
 *    ones, each reading on from the last; where matches are sparse the text index's
 *    bitmap gives them more cheaply than any walk ("market" at 1M: 249 titles of a million). None in the first
 *    window: ranking every match is the cheaper way.
 */
async function newestBestScoredIds(
  db: Knex,
  filtered: Knex.QueryBuilder,
  text: TextQuery,
  needed: number,
  titlesFirst: boolean,
  probes?: ProbeMemory,
): Promise<string[] | undefined> {
  const rank = rankScore(text);
  let best: string[] = [];
  let end: LookEnd | undefined;
  if (titlesFirst) {
    let found = probes?.found;
    if (found === undefined) {
      const probe = await newestBestScoredByTitle(db, filtered, rank, text, TITLE_PROBE, needed);
      // With the page found, the probe stopped early: there are at least that many.
      found = probe.length;
      probes?.remember(found);
      if (probe.length >= needed) return probe;
    }
    // Some: walk again from the newest, as far as their share says is enough (reading the probe's titles again
    // costs less than finding where it stopped). None, or too rare: by the matches, from the newest.
    const walk = found > 0 ? Math.ceil((needed / found) * TITLE_PROBE * SECOND_WINDOW_MARGIN) : Number.POSITIVE_INFINITY;
    if (walk <= TITLE_WALK_MAX) {
      best = await newestBestScoredByTitle(db, filtered, rank, text, walk, needed);
      if (best.length >= needed) return best;
      end = await nthNewest(db, walk);
      // Fewer listings than the walk: every best-scored listing is found, and too few for the page.
      if (!end) return undefined;
    }
  }
  const wanted = needed - best.length;
  const firstWindow = Math.max(FIRST_WINDOW_MIN, wanted * FIRST_WINDOW_FACTOR);
  let look = await newestBestScored(db, filtered, rank, firstWindow, wanted, end);
  const fromFirst = look.best.length;
  best = [...best, ...look.best];
  // Fewer best-scored listings than the page needs: look further, as far as their share among the first
  // window says is enough. A window that held every match (no end) has nothing further.
  if (best.length < needed && fromFirst > 0 && look.end) {
    const secondWindow = Math.ceil((wanted / fromFirst) * firstWindow * SECOND_WINDOW_MARGIN);
    if (secondWindow > MAX_WINDOW) return undefined;
    // In steps of at most LOOK_STEP matches: the planner walks a few hundred newest first, but for a larger
    // look it may take every match from the text index's bitmap and sort them (a second page of "apartment
    // san jose" at 1M: 222 ms for one look of 1,331 matches).
    for (let read = firstWindow; best.length < needed && look.end && read < secondWindow; read += LOOK_STEP) {
      look = await newestBestScored(db, filtered, rank, Math.min(LOOK_STEP, secondWindow - read), needed - best.length, look.end);
      best = [...best, ...look.best];
    }
  }
  return best.length >= needed ? best : undefined;
}

/** The last listing a look read (the window's last match, or the title walk's last listing): its time as PostgreSQL writes it (to the microsecond) and id. */
interface LookEnd {
  createdAt: string;
  id: string;
}

/**
 * The ids of the newest best-scored listings among the newest `window` matches (older than `after`, when
 * given), at most `wanted` of them, newest first; and, when the window was read to its `window`-th match, that
 * match, to read on from. One statement: the matches are read newest first through the recency index, each
 * scored as it comes with the vectors it carries, and reading stops at the `wanted`-th best-scored one, so a
 * common word's page costs the few dozen rows before it rather than the whole window.
 */
async function newestBestScored(
  db: Knex,
  filtered: Knex.QueryBuilder,
  rank: ReturnType<typeof rankScore>,
  window: number,
  wanted: number,
  after?: LookEnd,
): Promise<{ best: string[]; end?: LookEnd }> {
  const matches = filtered.clone();
  if (after) matches.whereRaw('(l.created_at, l.id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
  // Named `l` like the table, so the rank's `l.match_vector`, `l.title_vector` and `l.exact_vector` read the window's columns.
  const newest = matches
    .select('l.id', 'l.created_at', 'l.match_vector', 'l.title_vector', 'l.exact_vector')
    .orderBy([...RECENT])
    .limit(window)
    .as('l');
  const scored = db
    .from(newest)
    .select(
      'l.id',
      'l.created_at',
      db.raw(`(${rank.sql}) = ? as best`, [...rank.bindings, rank.best]),
      db.raw('row_number() over (order by l.created_at desc, l.id desc) as place'),
    )
    .as('scored');
  // The best-scored matches, and the window's last one (whatever its score) when reading gets that far.
  const rows = (await db
    .from(scored)
    .select('scored.id', db.raw('scored.created_at::text as created_at'), 'scored.best', 'scored.place')
    .where((kept) => {
      kept.where('scored.best', true).orWhere('scored.place', window);
    })
    .orderBy([
      { column: 'scored.created_at', order: 'desc' },
      { column: 'scored.id', order: 'desc' },
    ])
    .limit(wanted)) as { id: string; created_at: string; best: boolean; place: string }[];
  const last = rows[rows.length - 1];
  return {
    best: rows.filter((row) => row.best).map((row) => row.id),
    ...(last && Number(last.place) === window ? { end: { createdAt: last.created_at, id: last.id } } : {}),
  };
}

/**
 * The ids of the newest best-scored listings among the newest `walk` active listings, at most `wanted` of them,
 * newest first. A best-scored listing has the units together in its title (`titlePhrase`, a flag of every
 * rank), and the recency index carries each listing's title vector, so the walk tests titles in the index
 * alone (an index-only scan, about 0.2 µs a listing) and reads a row only for a title that passes: the search's
 * own filters and the score are tested there, in a subplan the title tests guard. Reading stops at the
 * `wanted`-th best-scored listing.
 */
async function newestBestScoredByTitle(
  db: Knex,
  filtered: Knex.QueryBuilder,
  rank: ReturnType<typeof rankScore>,
  { titlePhrase, titleUnordered }: Pick<TextQuery, 'titlePhrase' | 'titleUnordered'>,
  walk: number,
  wanted: number,
): Promise<string[]> {
  const bestRow = filtered
    .clone()
    .select(db.raw('true'))
    .whereRaw('l.id = w.id')
    .whereRaw(`(${rank.sql}) = ?`, [...rank.bindings, rank.best]);
  // The words in any order first (cheaper, and most titles fail it), then the phrase, then the row: a scalar
  // subplan in a case, so it runs only for the titles that pass, one row by its key. (An exists there the planner
  // may turn into one hashed pass over every match: 450 ms for "apartment san jose" at 1M.)
  const titleTests = titleUnordered === titlePhrase ? [titlePhrase] : [titleUnordered, titlePhrase];
  const passes = titleTests.map(() => "w.title_vector @@ to_tsquery('simple', ?)").join(' and ');
  const rows = (await db
    .from(newestActive(db).select('w.id', 'w.created_at', 'w.title_vector').limit(walk).as('w'))
    .select('w.id')
    .whereRaw(`case when ${passes} then coalesce((?), false) else false end`, [...titleTests, bestRow])
    .orderBy([...NEWEST_WALKED])
    .limit(wanted)) as { id: string }[];
  return rows.map((row) => row.id);
}

/** RECENT, of the listings a walk of titles reads (named `w`). */
const NEWEST_WALKED = [
  { column: 'w.created_at', order: 'desc' },
  { column: 'w.id', order: 'desc' },
] as const;

/** Active listings newest first, as the recency index holds them (named `w`). */
const newestActive = (db: Knex) =>
  db('listings as w')
    .where('w.is_active', true)
    .orderBy([...NEWEST_WALKED]);

/**
 * The `n`-th newest active listing, where a walk of `n` titles stopped, to read on from; undefined when there are
 * fewer. Read from the index alone (numbering the walk's rows in the walk itself cost more than the walk).
 */
async function nthNewest(db: Knex, n: number): Promise<LookEnd | undefined> {
  const row = (await newestActive(db)
    .select('w.id', db.raw('w.created_at::text as created_at'))
    .offset(n - 1)
    .first()) as { id: string; created_at: string } | undefined;
  return row && { createdAt: row.created_at, id: row.id };
}

/**
 * A search page by relevance, over every match. Ranking must look at every match, so the same pass counts
 * them; it sorts only (id, score, date), and the page's 24 rows are read in full, with their sellers, after.
 */
async function everyMatchRanked(db: Knex, filtered: Knex.QueryBuilder, text: TextQuery, query: ListingQuery): Promise<ListingPage> {
  const rank = rankScore(text);
  const ranked = filtered
    .clone()
    .select('l.id', 'l.created_at', db.raw(`${rank.sql} as score`, rank.bindings), db.raw('count(*) over () as total'))
    .orderByRaw('score desc')
    .orderBy([...RECENT])
    .limit(query.limit)
    .offset(query.offset)
    .as('ranked');
  const rows = (await listingsWithSellers(db)
    .select('ranked.total')
    .join(ranked, 'ranked.id', 'l.id')
    .orderBy([
      { column: 'ranked.score', order: 'desc' },
      { column: 'ranked.created_at', order: 'desc' },
      { column: 'ranked.id', order: 'desc' },
    ])) as (ListingWithSellerRow & { total: string })[];
  // Past the last page there is no row to carry the count: count on its own then.
  const total =
    rows.length > 0 || query.offset === 0
      ? Number(rows[0]?.total ?? 0)
      : Number((await db.from(filtered.clone().select(db.raw('1')).as('matches')).count<{ count: string }[]>({ count: '*' }))[0]?.count ?? 0);
  return { listings: rows.map((row) => toListing(row)), total };
}

/** One listing with its seller. */
export async function findListing(db: Knex, id: string): Promise<Listing | undefined> {
  const row: (ListingWithSellerRow & { seller_listing_count: number }) | undefined = await listingsWithSellers(db)
    .select(sellerListingCount(db))
    .where('l.id', id)
    .first();
  const listing = row && toListing(row);
  // The seller card's "listings posted": one listing's page only (browse cards do not say it).
  if (listing?.user) listing.user.listingCount = Number(row!.seller_listing_count);
  return listing;
}

/** The seller's listings posted: every listing of theirs (shown or deactivated; a moderator's hold or removal does not count). */
const sellerListingCount = (db: Knex) =>
  db.raw('(select count(*)::int from listings o where o.user_id = l.user_id and o.moderation_state is null) as seller_listing_count');

export async function listingsOfOwner(db: Knex, userId: string): Promise<Listing[]> {
  const rows: ListingWithSellerRow[] = await listingsWithSellers(db).where('l.user_id', userId).orderBy('l.created_at', 'desc').limit(1000);
  return rows.map((row) => toListing(row));
}

export function lockListing(
  trx: Knex.Transaction,
  id: string,
): Promise<Pick<ListingRow, 'id' | 'user_id' | 'title' | 'moderation_state' | 'expired_at' | 'sold_at'> | undefined> {
  return trx('listings').select('id', 'user_id', 'title', 'moderation_state', 'expired_at', 'sold_at').where({ id }).forUpdate().first();
}

/** A listing as the form sends it, as the table's columns. */
export function toColumns(input: ListingInput) {
  // Where it is, from the place its location names (proto's place list; none: found by its text alone).
  const place = placeOfLocation(input.location);
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    price: input.price,
    price_type: input.priceType,
    condition: input.condition,
    location: input.location,
    images: input.images,
    metadata: input.metadata,
    contact_preference: input.contactPreference,
    latitude: place?.latitude ?? null,
    longitude: place?.longitude ?? null,
  };
}

export async function insertListing(trx: Knex.Transaction, userId: string, input: ListingInput): Promise<ListingRow> {
  const [row] = await trx('listings')
    .insert({ ...toColumns(input), user_id: userId })
    .returning('*');
  return row;
}

export async function replaceListing(trx: Knex.Transaction, id: string, input: ListingInput): Promise<ListingRow> {
  const [row] = await trx('listings')
    .where({ id })
    .update({ ...toColumns(input), updated_at: trx.fn.now(), version: trx.raw('version + 1') })
    .returning('*');
  return row;
}

export async function setListingActive(trx: Knex.Transaction, id: string, isActive: boolean): Promise<ListingRow> {
  const [row] = await trx('listings')
    .where({ id })
    .update({ is_active: isActive, updated_at: trx.fn.now(), version: trx.raw('version + 1') })
    .returning('*');
  return row;
}

export async function deleteListings(trx: Knex.Transaction, ids: string[]): Promise<ListingRow[]> {
  if (ids.length === 0) return [];
  return trx('listings').whereIn('id', ids).delete().returning('*');
}

export function listingIdsOfOwner(trx: Knex.Transaction, userId: string): Promise<string[]> {
  return trx('listings').where({ user_id: userId }).pluck('id');
}

/** Of these users, those with any listing (shown or not): only their names can be on a browse page. */
export async function usersWithListings(db: Knex, userIds: string[]): Promise<Set<string>> {
  return new Set(await db('listings').whereIn('user_id', userIds).distinct().pluck('user_id'));
}

export async function incrementViews(db: Knex, id: string): Promise<void> {
  await db('listings').where({ id }).increment('view_count', 1);
}
