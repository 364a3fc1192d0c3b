import type { Knex } from '@vnmarket/shared';

/** What a "Show number" needs of the listing, its seller and the viewer, in one query. */
export interface RevealSubject {
  listingId: string;
  sellerId: string;
  isActive: boolean;
  contactPreference: string;
  /** The seller's number when they proved it by SMS; null otherwise (or no copy yet). */
  sellerPhone: string | null;
  /** Whether the viewer proved their own number by SMS (false while their copy has not arrived). */
  viewerPhoneVerified: boolean;
}

export async function revealSubject(db: Knex, listingId: string, viewerId: string): Promise<RevealSubject | undefined> {
  // A deleted account's copy is a tombstone: no phone, not verified.
  const row = await db('listings as l')
    .leftJoin('sellers as s', 's.id', 'l.user_id')
    .leftJoin('sellers as v', 'v.id', db.raw('?', [viewerId]))
    .where('l.id', listingId)
    .first(
      'l.id',
      'l.user_id',
      'l.is_active',
      'l.contact_preference',
      db.raw('case when s.phone_verified then s.phone end as seller_phone'),
      db.raw('coalesce(v.phone_verified, false) as viewer_phone_verified'),
    );
  if (!row) return undefined;
  return {
    listingId: row.id,
    sellerId: row.user_id,
    isActive: row.is_active,
    contactPreference: row.contact_preference,
    sellerPhone: row.seller_phone ?? null,
    viewerPhoneVerified: row.viewer_phone_verified === true,
  };
}

/** Whether the viewer revealed this listing's number since `since` (a repeat costs nothing of their allowance). */
export async function revealedSince(db: Knex, viewerId: string, listingId: string, since: Date): Promise<boolean> {
  const row = await db('phone_reveals').where({ viewer_id: viewerId, listing_id: listingId }).andWhere('revealed_at', '>=', since).first('id');
  return row !== undefined;
}

export async function recordReveal(db: Knex, reveal: { viewerId: string; listingId: string; sellerId: string; at: Date }): Promise<void> {
  await db('phone_reveals').insert({ viewer_id: reveal.viewerId, listing_id: reveal.listingId, seller_id: reveal.sellerId, revealed_at: reveal.at });
}

/** A deleted account's record of reveals goes with it. */
export async function deleteRevealsBy(trx: Knex.Transaction, viewerId: string): Promise<void> {
  await trx('phone_reveals').where({ viewer_id: viewerId }).delete();
}
