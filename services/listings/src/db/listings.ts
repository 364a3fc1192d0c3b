import { placesNear, TOTAL_COUNT_CAP, type Listing, type ListingInput, type ListingQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { likeContains, toTextQuery } from './search';
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
  'phone',
  'phone_verified',
  'is_verified',
  'average_rating',
  'review_count',
  'member_since',
  'updated_at',
].map((column) => `s.${column} as seller_${column}`);

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
  const withSeller = row as ListingWithSellerRow;
  if ('seller_id' in withSeller && withSeller.seller_id) {
    const seller = Object.fromEntries(
      Object.entries(withSeller)
        .filter(([key]) => key.startsWith('seller_'))
        .map(([key, value]) => [key.slice('seller_'.length), value]),
    ) as unknown as SellerRow;
    listing.user = toSeller(seller, row.contact_preference === 'phone');
  }
  return listing;
}

export function listingsWithSellers(db: Knex) {
  return db('listings as l')
    .leftJoin('sellers as s', 's.id', 'l.user_id')
    .select([...LISTING_COLUMNS, ...SELLER_COLUMNS]);
}

/** Category-page filters that live in metadata, and the metadata key each one reads. */
const METADATA_EQUALITY: Partial<Record<keyof ListingQuery, string>> = {
  propertyType: 'propertyType',
  foodType: 'cuisineType',
  itemCategory: 'itemCategory',
  jobType: 'jobType',
  experience: 'experienceLevel',
  industry: 'industry',
  serviceType: 'serviceType',
  eventType: 'eventType',
};

/** Relevance ranks at most this many of the newest matching listings: ranking costs a little per match, and a
 * common word ("pho", "nha") matches a third of the catalogue. Pages of a search end after this many. */
export const SEARCH_CANDIDATES = 1000;

/** One page of browse or search, and how many listings match in all (counted up to TOTAL_COUNT_CAP + 1). */
export interface ListingPage {
  listings: Listing[];
  total: number;
}

const NUMERIC_METADATA = (key: string) => `(case when jsonb_typeof(l.metadata->'${key}') = 'number' then (l.metadata->>'${key}')::numeric end)`;
/** An event's date when it is an ISO date (the form's date input); other text does not sort. */
const EVENT_DATE = "(case when l.metadata->>'eventDate' ~ '^\\d{4}-\\d{2}-\\d{2}$' then l.metadata->>'eventDate' end)";
const RECENT = [
  { column: 'l.created_at', order: 'desc' },
  { column: 'l.id', order: 'desc' },
] as const;

/** The non-relevance orders, each ending newest first so pages are stable. */
function applyOrder(builder: Knex.QueryBuilder, sort: ListingQuery['sort']): void {
  switch (sort) {
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

/** Browse and search over active listings: every filter, the chosen order, one page, and the match count. */
export async function searchListings(db: Knex, query: ListingQuery): Promise<ListingPage> {
  const text = query.search ? toTextQuery(query.search) : undefined;
  if (query.search && !text) return { listings: [], total: 0 }; // only punctuation: nothing can match

  const filtered = db('listings as l').where('l.is_active', true);
  if (query.category) filtered.where('l.category', query.category);
  if (query.sellerId) filtered.where('l.user_id', query.sellerId);
  if (query.minPrice !== undefined) filtered.where('l.price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) filtered.where('l.price', '<=', query.maxPrice);
  if (query.condition) filtered.where('l.condition', query.condition);
  if (query.priceType) filtered.where('l.price_type', query.priceType);
  if (query.location) filtered.whereRaw("fold(l.location) like fold(?) escape '\\'", [likeContains(query.location)]);
  if (query.near) {
    const places = placesNear(query.near);
    filtered.where((area) => {
      for (const place of places) area.orWhereRaw("fold(l.location) like fold(?) escape '\\'", [likeContains(place)]);
    });
  }

  const contains: Record<string, unknown> = {};
  for (const [filter, key] of Object.entries(METADATA_EQUALITY)) {
    const value = query[filter as keyof ListingQuery];
    if (value !== undefined) contains[key] = value;
  }
  if (query.dietaryOptions) contains.dietaryInfo = [query.dietaryOptions];
  if (query.remote) contains.remote = true;
  if (Object.keys(contains).length > 0) filtered.whereRaw('l.metadata @> ?::jsonb', [JSON.stringify(contains)]);
  if (query.bedrooms === 0) filtered.whereRaw(`(${NUMERIC_METADATA('bedrooms')} = 0 or l.metadata->>'propertyType' = 'studio')`);
  else if (query.bedrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bedrooms')} >= ?`, [query.bedrooms]);
  if (query.bathrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bathrooms')} >= ?`, [query.bathrooms]);
  if (text) filtered.whereRaw("l.search_vector @@ to_tsquery('simple', ?)", [text.folded]);

  // Counting stops one past the cap: "10000+" needs no more, and a common word never costs a full count.
  const counted = db
    .from(
      filtered
        .clone()
        .select(db.raw('1'))
        .limit(TOTAL_COUNT_CAP + 1)
        .as('matches'),
    )
    .count<{ count: string }[]>({ count: '*' });

  const sort = query.sort ?? (text ? 'relevance' : 'recent');
  let builder: Knex.QueryBuilder;
  if (text && sort === 'relevance') {
    // Rank the newest matches only, then page through them by rank.
    const candidates = filtered
      .clone()
      .select('l.*')
      .orderBy([...RECENT])
      .limit(SEARCH_CANDIDATES)
      .as('l');
    // Rank normalised to [0, 1) (flag 32), so listings containing the accents the user typed come first
    // ("phở" before "phố"), then by rank.
    const rank = text.exact
      ? db.raw("ts_rank_cd(l.search_vector, to_tsquery('simple', ?), 32) + (l.exact_vector @@ to_tsquery('simple', ?))::int as rank", [text.folded, text.exact])
      : db.raw("ts_rank_cd(l.search_vector, to_tsquery('simple', ?), 32) as rank", [text.folded]);
    builder = db
      .from(candidates)
      .leftJoin('sellers as s', 's.id', 'l.user_id')
      .select([...LISTING_COLUMNS, ...SELLER_COLUMNS, rank])
      .orderBy('rank', 'desc')
      .orderBy([...RECENT]);
  } else {
    builder = filtered.leftJoin('sellers as s', 's.id', 'l.user_id').select([...LISTING_COLUMNS, ...SELLER_COLUMNS]);
    applyOrder(builder, sort);
  }
  const [rows, [counts]] = await Promise.all([builder.limit(query.limit).offset(query.offset) as Promise<ListingWithSellerRow[]>, counted]);
  return { listings: rows.map(toListing), total: Number(counts?.count ?? 0) };
}

export async function findListing(db: Knex, id: string): Promise<Listing | undefined> {
  const row: ListingWithSellerRow | undefined = await listingsWithSellers(db).where('l.id', id).first();
  return row && toListing(row);
}

export async function listingsOfOwner(db: Knex, userId: string): Promise<Listing[]> {
  const rows: ListingWithSellerRow[] = await listingsWithSellers(db).where('l.user_id', userId).orderBy('l.created_at', 'desc').limit(1000);
  return rows.map(toListing);
}

export function lockListing(trx: Knex.Transaction, id: string): Promise<Pick<ListingRow, 'id' | 'user_id'> | undefined> {
  return trx('listings').select('id', 'user_id').where({ id }).forUpdate().first();
}

function toColumns(input: ListingInput) {
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

export async function incrementViews(db: Knex, id: string): Promise<void> {
  await db('listings').where({ id }).increment('view_count', 1);
}
