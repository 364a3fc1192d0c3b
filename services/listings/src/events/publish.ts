import type { Knex, Outbox } from '@vnmarket/shared';
import type { ListingRow } from '../db/listings';

/** listing.created / listing.updated carry what other services keep in their read copies. */
export async function publishListing(outbox: Outbox, trx: Knex.Transaction, type: 'listing.created' | 'listing.updated', row: ListingRow) {
  await outbox.add(trx, type, {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    price: row.price,
    category: row.category,
    isActive: row.is_active,
    images: row.images,
    updatedAt: row.updated_at.toISOString(),
    version: Number(row.version),
  });
}

/** listing.moderated: the owner is told their listing was held for review, restored or removed. */
export async function publishModerated(outbox: Outbox, trx: Knex.Transaction, row: ListingRow, state: 'held' | 'restored' | 'removed') {
  await outbox.add(trx, 'listing.moderated', { userId: row.user_id, listingId: row.id, listingTitle: row.title, state });
}

/** rows are the deleted rows as they were: listing.deleted's version is one past their last change. */
export async function publishDeleted(outbox: Outbox, trx: Knex.Transaction, rows: Pick<ListingRow, 'id' | 'user_id' | 'version'>[]) {
  for (const row of rows) await outbox.add(trx, 'listing.deleted', { id: row.id, userId: row.user_id, version: Number(row.version) + 1 });
}
