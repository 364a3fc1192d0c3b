import type { EventData } from '@vnmarket/proto';
import { applyTombstone, applyVersioned, CLEARED_USER_COPY_COLUMNS, userCopyColumns, type Knex } from '@vnmarket/shared';

const USERS = { table: 'users', key: 'id' };
const LISTINGS = { table: 'listings', key: 'id' };

/** Applied only when newer than the stored copy (events can arrive out of order). */
export async function upsertUser(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<void> {
  await applyVersioned(trx, USERS, {
    ...userCopyColumns(user),
    // Absent (an older event, or a language this release does not know): the copy keeps the one it has.
    ...(user.preferredLanguage !== undefined && { preferred_language: user.preferredLanguage }),
  });
}

/** The other party keeps the conversation; the deleted user's name and photo are not kept. */
export async function tombstoneUser(trx: Knex.Transaction, data: EventData<'user.deleted'>): Promise<void> {
  await applyTombstone(trx, USERS, { id: data.id, ...CLEARED_USER_COPY_COLUMNS, updated_at: new Date() }, data.version, Object.keys(CLEARED_USER_COPY_COLUMNS));
}

export async function upsertListing(trx: Knex.Transaction, listing: EventData<'listing.updated'>): Promise<void> {
  await applyVersioned(trx, LISTINGS, {
    id: listing.id,
    user_id: listing.userId,
    title: listing.title,
    price: listing.price,
    updated_at: new Date(listing.updatedAt),
    version: listing.version,
  });
}

/** Conversations about it stay; it is shown as removed (its title kept for context). */
export async function tombstoneListing(trx: Knex.Transaction, data: EventData<'listing.deleted'>): Promise<void> {
  await applyTombstone(trx, LISTINGS, { id: data.id, user_id: data.userId, title: '', price: 0, updated_at: new Date() }, data.version, []);
}

/** The copy of a listing: whose it is and whether it was deleted (undefined before its first event arrives). */
export function listingCopy(db: Knex, id: string): Promise<{ user_id: string; deleted: boolean } | undefined> {
  return db('listings').where({ id }).first('user_id', 'deleted');
}
