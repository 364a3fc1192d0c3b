import { placeOfLocation, type Listing, type ListingInput, type ListingQuery, type ModerationState } from '@vnmarket/proto';
import { nearOf, whereWithin } from '../distance/near';
import type { Knex } from '@vnmarket/shared';
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

/** The columns of what a listing says (the form's fields but its contact preference). */
type ContentRow = Pick<ListingRow, 'title' | 'description' | 'category' | 'price' | 'price_type' | 'condition' | 'location' | 'images' | 'metadata'>;

/** What a listing says, as the API names it: in the listing and in its link preview. */
export const contentOf = (row: ContentRow) => ({
  title: row.title,
  description: row.description,
  category: row.category,
  price: row.price,
  priceType: row.price_type,
  condition: row.condition,
  location: row.location,
  images: row.images,
  metadata: row.metadata,
});

/** A listing as the API answers it, with its seller when the row has one (never their phone: see routes/phone.ts). */
export function toListing(row: ListingRow | ListingWithSellerRow): Listing {
  const listing: Listing = {
    id: row.id,
    userId: row.user_id,
    ...contentOf(row),
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

/** Listings named `l`, read in full with their sellers' columns (`seller_*`). */
export const withSellers = (listings: Knex.QueryBuilder) =>
  listings.leftJoin('sellers as s', 's.id', 'l.user_id').select([...LISTING_COLUMNS, ...SELLER_COLUMNS]);

export const listingsWithSellers = (db: Knex) => withSellers(db('listings as l'));

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

export const NUMERIC_METADATA = (key: string) => `(case when jsonb_typeof(l.metadata->'${key}') = 'number' then (l.metadata->>'${key}')::numeric end)`;

/** The active listings a browse's indexes walk newest first: of the category and the seller asked for. */
export function indexedScope(db: Knex, query: ListingQuery): Knex.QueryBuilder {
  const scope = db('listings as l').where('l.is_active', true);
  if (query.category) scope.where('l.category', query.category);
  if (query.sellerId) scope.where('l.user_id', query.sellerId);
  return scope;
}

/** What a listing's metadata must contain (`@>`) to pass the category filters asked for; empty when none is. */
export function metadataContains(filters: Partial<ListingQuery>): Record<string, unknown> {
  const contains: Record<string, unknown> = {};
  for (const [filter, key] of Object.entries(METADATA_EQUALITY)) {
    const value = filters[filter as keyof ListingQuery];
    if (value !== undefined) contains[key] = value;
  }
  if (filters.dietaryOptions) contains.dietaryInfo = [filters.dietaryOptions];
  if (filters.remote) contains.remote = true;
  return contains;
}

/** Every filter that reads a listing's row (prices, places, metadata), on listings named `l`. */
export function applyRowFilters(filtered: Knex.QueryBuilder, query: ListingQuery): Knex.QueryBuilder {
  if (query.minPrice !== undefined) filtered.where('l.price', '>=', query.minPrice);
  if (query.maxPrice !== undefined) filtered.where('l.price', '<=', query.maxPrice);
  if (query.condition) filtered.where('l.condition', query.condition);
  if (query.priceType) filtered.where('l.price_type', query.priceType);
  // location_folded: fold(location), stored and trigram-indexed (fold costs an unaccent call per row and place).
  if (query.location) filtered.whereRaw("l.location_folded like fold(?) escape '\\'", [likeContains(query.location)]);
  // Within `radius` miles of a place of the list (distance/near.ts): a bounding cube on the GiST index, then the exact distance.
  const near = nearOf(query);
  if (near) whereWithin(filtered, near);

  const contains = metadataContains(query);
  // "Verified Sellers Only": the seller copy says the phone is proved (one primary-key probe per candidate row).
  if (query.verifiedSellers) filtered.whereRaw('exists (select 1 from sellers vs where vs.id = l.user_id and vs.phone_verified and not vs.deleted)');
  if (Object.keys(contains).length > 0) filtered.whereRaw('l.metadata @> ?::jsonb', [JSON.stringify(contains)]);
  if (query.bedrooms === 0) filtered.whereRaw(`(${NUMERIC_METADATA('bedrooms')} = 0 or l.metadata->>'propertyType' = 'studio')`);
  else if (query.bedrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bedrooms')} >= ?`, [query.bedrooms]);
  if (query.bathrooms !== undefined) filtered.whereRaw(`${NUMERIC_METADATA('bathrooms')} >= ?`, [query.bathrooms]);
  return filtered;
}

/** Escapes LIKE wildcards so a location filter matches the text literally. */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
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

/** What a write to a listing checks, read under a lock. */
export type LockedListing = Pick<ListingRow, 'id' | 'user_id' | 'title' | 'moderation_state' | 'expired_at' | 'sold_at'>;

export function lockListing(trx: Knex.Transaction, id: string): Promise<LockedListing | undefined> {
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
