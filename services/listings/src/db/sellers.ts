import type { EventData, Seller } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

export interface SellerRow {
  id: string;
  first_name: string;
  last_name: string;
  profile_image_url: string | null;
  phone: string | null;
  is_verified: boolean;
  average_rating: string;
  review_count: number;
  member_since: Date | null;
  updated_at: Date;
}

/** Upserts the read copy, ignoring an event older than what is stored (events can arrive out of order). */
export async function upsertSeller(trx: Knex.Transaction, user: EventData<'user.updated'>): Promise<void> {
  const row: SellerRow = {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    profile_image_url: user.profileImageUrl,
    phone: user.phone,
    is_verified: user.isVerified,
    average_rating: user.averageRating,
    review_count: user.reviewCount,
    member_since: new Date(user.createdAt),
    updated_at: new Date(user.updatedAt),
  };
  await trx('sellers')
    .insert(row)
    .onConflict('id')
    .merge()
    .where('sellers.updated_at', '<=', row.updated_at);
}

export async function deleteSeller(trx: Knex.Transaction, id: string): Promise<void> {
  await trx('sellers').where({ id }).delete();
}

/** The seller as a listing embeds them; the phone only when the listing asks to be called. */
export function toSeller(row: SellerRow, includePhone: boolean): Seller {
  return {
    id: row.id,
    firstName: row.first_name,
    lastName: row.last_name,
    profileImageUrl: row.profile_image_url,
    isVerified: row.is_verified,
    averageRating: row.average_rating,
    reviewCount: row.review_count,
    createdAt: row.member_since?.toISOString() ?? null,
    ...(includePhone && row.phone ? { phone: row.phone } : {}),
  };
}
