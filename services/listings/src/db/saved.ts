import type { SavedListing } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { listingsWithSellers, toListing, type ListingWithSellerRow } from './listings';

/** What a save did: nothing to save (no such listing, or one the saver may not see), a new save, or none (already saved). */
export type SaveOutcome = 'not_found' | 'saved' | 'already_saved';

/**
 * Saving is idempotent and keeps save_count equal to the number of saves: the count moves only when a row
 * was really inserted, in the same statement. One statement, not a locking transaction: many people saving
 * one listing at once queue on its row only for that statement, and hold no pooled connection across round
 * trips meanwhile (a burst would otherwise wait past the pool's acquire timeout: 503s). A second save by the
 * same user waits on the unique index and then inserts nothing.
 */
export async function saveListing(db: Knex, userId: string, listingId: string): Promise<SaveOutcome> {
  try {
    const { rows } = await db.raw<{ rows: { found: string; saved: string }[] }>(
      `with listing as (
         select id from listings where id = :listingId and (is_active or user_id = :userId)
       ), inserted as (
         insert into saved_listings (user_id, listing_id) select :userId, id from listing
         on conflict (user_id, listing_id) do nothing returning listing_id
       ), counted as (
         update listings set save_count = save_count + 1 where id in (select listing_id from inserted) returning id
       )
       select (select count(*) from listing) as found, (select count(*) from counted) as saved`,
      { userId, listingId },
    );
    if (Number(rows[0]!.found) === 0) return 'not_found';
    return Number(rows[0]!.saved) > 0 ? 'saved' : 'already_saved';
  } catch (error) {
    // Deleted between the statement's read and its insert: the save's foreign key finds no listing.
    if ((error as { code?: string }).code === '23503') return 'not_found';
    throw error;
  }
}

/** Unsaving is idempotent too: the count moves only when a save was really deleted, in the same statement. */
export async function unsaveListing(db: Knex, userId: string, listingId: string): Promise<boolean> {
  const { rowCount } = await db.raw<{ rowCount: number }>(
    `with removed as (
       delete from saved_listings where user_id = :userId and listing_id = :listingId returning listing_id
     )
     update listings set save_count = save_count - 1 where id in (select listing_id from removed)`,
    { userId, listingId },
  );
  return rowCount > 0;
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
