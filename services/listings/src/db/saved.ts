import type { SavedListing } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { listingsWithSellers, toListing, type ListingWithSellerRow } from './listings';

/**
 * Saving is idempotent and keeps save_count equal to the number of saves: the count moves only when a
 * row was really inserted or deleted, in the same transaction.
 */
export async function saveListing(trx: Knex.Transaction, userId: string, listingId: string): Promise<boolean> {
  const inserted = await trx('saved_listings')
    .insert({ user_id: userId, listing_id: listingId })
    .onConflict(['user_id', 'listing_id'])
    .ignore()
    .returning('id');
  if (inserted.length > 0) await trx('listings').where({ id: listingId }).increment('save_count', 1);
  return inserted.length > 0;
}

export async function unsaveListing(trx: Knex.Transaction, userId: string, listingId: string): Promise<boolean> {
  const deleted = await trx('saved_listings').where({ user_id: userId, listing_id: listingId }).delete();
  if (deleted > 0) await trx('listings').where({ id: listingId }).decrement('save_count', deleted);
  return deleted > 0;
}

/** Removes every save a user made, lowering each listing's count. */
export async function unsaveAllOfUser(trx: Knex.Transaction, userId: string): Promise<void> {
  const rows: { listing_id: string }[] = await trx('saved_listings').where({ user_id: userId }).delete().returning('listing_id');
  for (const { listing_id } of rows) await trx('listings').where({ id: listing_id }).decrement('save_count', 1);
}

export type SavedItem = SavedListing;

/** One query: the user's saves of listings they may see, with each seller, newest save first. */
export async function savedOfUser(db: Knex, userId: string): Promise<SavedItem[]> {
  const rows = await listingsWithSellers(db)
    .join('saved_listings as sl', 'sl.listing_id', 'l.id')
    .where('sl.user_id', userId)
    // A deactivated listing is its owner's alone until it is active again (it stays saved meanwhile).
    .where((query) => {
      query.where('l.is_active', true).orWhere('l.user_id', userId);
    })
    .select('sl.id as saved_id', 'sl.created_at as saved_at')
    .orderBy('sl.created_at', 'desc')
    .limit(1000);
  return rows.map((row: ListingWithSellerRow & { saved_id: string; saved_at: Date }) => ({
    id: row.saved_id,
    listingId: row.id,
    createdAt: row.saved_at.toISOString(),
    listing: toListing(row),
  }));
}
