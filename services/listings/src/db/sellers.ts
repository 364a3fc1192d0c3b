import type { EventData, Seller } from '@vnmarket/proto';
import { applyTombstone, applyVersioned, CLEARED_USER_COPY_COLUMNS, userCopyColumns, type Knex } from '@vnmarket/shared';

export interface SellerRow {
  id: string;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  phone: string | null;
  /** The phone is shown to buyers only once its owner proved it by SMS. */
  phone_verified: boolean;
  /** When it was proved (the seller card's "Phone verified" month); null if before this was kept. */
  phone_verified_at?: Date | null;
  is_verified: boolean;
  average_rating: string;
  review_count: number;
  member_since: Date | null;
  /** Opens the moderation queue (granted by an operator in auth). Not joined into listing answers. */
  is_moderator?: boolean;
  /** Suspended by a moderator: their listings stay out of the catalogue. Not joined into listing answers. */
  suspended?: boolean;
  updated_at: Date;
  version: number;
  deleted: boolean;
}

const SELLERS = { table: 'sellers', key: 'id' };

/** Upserts the read copy unless it holds this version or a newer one (a tombstone included). */
export async function upsertSeller(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<void> {
  await applyVersioned(trx, SELLERS, {
    ...userCopyColumns(user),
    phone: user.phone,
    phone_verified: user.phoneVerified,
    // An event from an auth release before the date was kept leaves the copy's date as it is.
    ...(user.phoneVerifiedAt !== undefined ? { phone_verified_at: user.phoneVerifiedAt ? new Date(user.phoneVerifiedAt) : null } : {}),
    is_verified: user.isVerified,
    average_rating: user.averageRating,
    review_count: user.reviewCount,
    member_since: new Date(user.createdAt),
    is_moderator: user.isModerator ?? false,
    suspended: user.suspended ?? false,
  });
}

/** The version the read copy holds of each of these users (tombstones included; absent: not copied yet). */
export async function sellerVersions(db: Knex, ids: string[]): Promise<Map<string, number>> {
  const rows: { id: string; version: number }[] = await db(SELLERS.table).whereIn('id', ids).select('id', 'version');
  return new Map(rows.map((row) => [row.id, Number(row.version)]));
}

/** A tombstone: no name, photo or phone is kept, and no older user event can restore them. */
export async function deleteSeller(trx: Knex.Transaction, id: string, version: number): Promise<void> {
  const personal = { ...CLEARED_USER_COPY_COLUMNS, phone: null, phone_verified: false, phone_verified_at: null, is_verified: false };
  await applyTombstone(trx, SELLERS, { id, ...personal, updated_at: new Date() }, version, Object.keys(personal));
}

/** The seller as a listing embeds them: public fields only (the phone goes out through "Show number" alone). */
export function toSeller(row: SellerRow): Seller {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isVerified: row.is_verified,
    averageRating: Number(row.average_rating),
    reviewCount: row.review_count,
    createdAt: row.member_since?.toISOString() ?? null,
    phoneVerifiedAt: row.phone_verified && row.phone_verified_at ? row.phone_verified_at.toISOString() : null,
  };
}

/** Whether the member may work the moderation queue, as the copy of auth's users says. */
export async function isModerator(db: Knex, userId: string): Promise<boolean> {
  return (await db(SELLERS.table).where({ id: userId, is_moderator: true, deleted: false }).first('id')) !== undefined;
}
