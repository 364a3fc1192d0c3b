import type { EventData } from '@vnmarket/proto';
import { applyTombstone, applyVersioned, type Knex } from '@vnmarket/shared';

/**
 * A read copy of who owns which listing, from listings' events (versioned; a deletion leaves a
 * tombstone), so a review naming a listing can be checked against its seller without reading listings' tables.
 */
const LISTING_OWNERS = { table: 'listing_owners', key: 'id' };

export async function recordListingOwner(trx: Knex.Transaction, listing: EventData<'listing.created'>): Promise<void> {
  await applyVersioned(trx, LISTING_OWNERS, { id: listing.id, user_id: listing.userId, version: listing.version });
}

export async function forgetListingOwner(trx: Knex.Transaction, listing: EventData<'listing.deleted'>): Promise<void> {
  await applyTombstone(trx, LISTING_OWNERS, { id: listing.id, user_id: listing.userId }, listing.version, []);
}

/** Whether the listing is one of the seller's (and not deleted), as far as the copy knows. */
export async function isListingOf(db: Knex, listingId: string, sellerId: string): Promise<boolean> {
  return (await db(LISTING_OWNERS.table).where({ id: listingId, user_id: sellerId, deleted: false }).first('id')) !== undefined;
}
