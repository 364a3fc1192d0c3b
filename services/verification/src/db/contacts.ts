import type { EventData, Language } from '@vnmarket/proto';
import { applyTombstone, applyVersioned, type Knex } from '@vnmarket/shared';

export interface ContactRow {
  user_id: string;
  phone: string;
  phone_verified: boolean;
  /** What the code is texted in; null: never chosen, or no event has carried it yet (English). */
  preferred_language: Language | null;
  updated_at: Date;
  version: number;
  deleted: boolean;
}

const CONTACTS = { table: 'contacts', key: 'user_id' };

/**
 * Upserts the read copy unless it holds this version or a newer one (a deleted user's tombstone
 * included). Returns the stored row when the event was applied, undefined when it was stale.
 * An event without preferredLanguage (from an auth release before it) leaves the stored language as it is.
 */
export function upsertContact(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<ContactRow | undefined> {
  return applyVersioned<ContactRow>(trx, CONTACTS, {
    user_id: user.id,
    // '' when the account has no number (a verified owner took it back).
    phone: user.phone ?? '',
    phone_verified: user.phoneVerified,
    ...(user.preferredLanguage !== undefined ? { preferred_language: user.preferredLanguage } : {}),
    updated_at: new Date(user.updatedAt),
    version: user.version,
  });
}

export const findContact = (db: Knex, userId: string) => db<ContactRow>('contacts').where({ user_id: userId, deleted: false }).first();

/** Locks the user's contact row: sends and verifications of one user then happen one at a time. */
export const lockContact = (trx: Knex.Transaction, userId: string) =>
  trx<ContactRow>('contacts').where({ user_id: userId, deleted: false }).forUpdate().first();

/** Ahead of auth's user.updated, so a verified user is not sent another code meanwhile. */
export async function markPhoneVerified(trx: Knex.Transaction, userId: string, phone: string): Promise<void> {
  await trx('contacts').where({ user_id: userId, phone }).update({ phone_verified: true });
}

/** What a deleted user's tombstone keeps of their personal data: nothing. */
const CLEARED = { phone: '', phone_verified: false, preferred_language: null };

/** A tombstone without the number, so a late user.updated cannot restore a deleted user's phone. */
export async function deleteContact(trx: Knex.Transaction, userId: string, version: number): Promise<void> {
  await applyTombstone(trx, CONTACTS, { user_id: userId, ...CLEARED, updated_at: new Date() }, version, Object.keys(CLEARED));
}

/** Whether another (live) account has verified this number: nobody else may verify it then. */
export async function phoneVerifiedElsewhere(db: Knex, phone: string, userId: string): Promise<boolean> {
  const row = await db('contacts').where({ phone, phone_verified: true, deleted: false }).whereNot({ user_id: userId }).first('user_id');
  return row !== undefined;
}
