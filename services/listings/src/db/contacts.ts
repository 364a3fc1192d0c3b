import type { ListingBuyer } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

/** One message about a listing: whoever of its two members is not the listing's owner has written about it. */
export interface ListingMessage {
  listingId: string;
  senderId: string;
  receiverId: string;
  createdAt: string;
}

/**
 * Records who wrote about a listing (the buyers its owner can name when it sells). One statement, safe to
 * repeat: a redelivered message only moves last_message_at forward. A message about a listing that is gone,
 * or between two members neither of whom owns it, records nothing.
 */
export async function recordListingContact(db: Knex | Knex.Transaction, message: ListingMessage): Promise<void> {
  await db.raw(
    `insert into listing_contacts (listing_id, member_id, last_message_at)
     select l.id, case when l.user_id = ? then ?::uuid else ?::uuid end, ?::timestamptz
     from listings l where l.id = ? and l.user_id in (?, ?) and ? <> ?
     on conflict (listing_id, member_id) do update set last_message_at = greatest(listing_contacts.last_message_at, excluded.last_message_at)`,
    [
      message.senderId,
      message.receiverId,
      message.senderId,
      message.createdAt,
      message.listingId,
      message.senderId,
      message.receiverId,
      message.senderId,
      message.receiverId,
    ],
  );
}

/** The members who wrote about a listing, latest first, with their names from the sellers copy. */
export async function buyersOf(db: Knex, listingId: string): Promise<ListingBuyer[]> {
  const rows: { id: string; first_name: string | null; last_name: string | null; profile_image_url: string | null }[] = await db('listing_contacts as c')
    .join('sellers as s', 's.id', 'c.member_id')
    .where('c.listing_id', listingId)
    .where('s.deleted', false)
    .orderBy('c.last_message_at', 'desc')
    .limit(100)
    .select('s.id', 's.first_name', 's.last_name', 's.profile_image_url');
  return rows.map((row) => ({ id: row.id, firstName: row.first_name ?? '', lastName: row.last_name ?? '', profileImageUrl: row.profile_image_url }));
}

export async function isContactOf(db: Knex | Knex.Transaction, listingId: string, memberId: string): Promise<boolean> {
  return (await db('listing_contacts').where({ listing_id: listingId, member_id: memberId }).first('member_id')) !== undefined;
}

/** A deleted member leaves no trace as a contact or a buyer. */
export async function forgetContactsOf(trx: Knex.Transaction, memberId: string): Promise<void> {
  await trx('listing_contacts').where({ member_id: memberId }).delete();
  await trx('listings').where({ buyer_id: memberId }).update({ buyer_id: null });
}
