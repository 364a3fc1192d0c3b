import type { EventData } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

/** Upserts ignore an event older than the stored copy (events can arrive out of order). */
export async function upsertUser(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<void> {
  const row = { id: user.id, first_name: user.firstName, last_name: user.lastName, profile_image_url: user.profileImageUrl, updated_at: new Date(user.updatedAt) };
  await trx('users').insert(row).onConflict('id').merge().where('users.updated_at', '<=', row.updated_at);
}

export async function upsertListing(trx: Knex.Transaction, listing: EventData<'listing.updated'>): Promise<void> {
  const row = { id: listing.id, user_id: listing.userId, title: listing.title, price: listing.price, updated_at: new Date(listing.updatedAt) };
  await trx('listings').insert(row).onConflict('id').merge().where('listings.updated_at', '<=', row.updated_at);
}
