import type { EventData } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

export interface ContactRow {
  user_id: string;
  phone: string;
  phone_verified: boolean;
  updated_at: Date;
}

/**
 * Upserts the read copy, ignoring an event older than what is stored (events can arrive out of order).
 * Returns the stored row when the event was applied, undefined when it was stale.
 */
export async function upsertContact(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<ContactRow | undefined> {
  const row: ContactRow = { user_id: user.id, phone: user.phone, phone_verified: user.phoneVerified, updated_at: new Date(user.updatedAt) };
  const [stored] = await trx<ContactRow>('contacts')
    .insert(row)
    .onConflict('user_id')
    .merge()
    .where('contacts.updated_at', '<=', row.updated_at)
    .returning('*');
  return stored;
}

export const findContact = (db: Knex, userId: string) => db<ContactRow>('contacts').where({ user_id: userId }).first();

/** Locks the user's contact row: sends and verifications of one user then happen one at a time. */
export const lockContact = (trx: Knex.Transaction, userId: string) =>
  trx<ContactRow>('contacts').where({ user_id: userId }).forUpdate().first();

/** Ahead of auth's user.updated, so a verified user is not sent another code meanwhile. */
export async function markPhoneVerified(trx: Knex.Transaction, userId: string, phone: string): Promise<void> {
  await trx('contacts').where({ user_id: userId, phone }).update({ phone_verified: true });
}

export async function deleteContact(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('contacts').where({ user_id: userId }).delete();
}
