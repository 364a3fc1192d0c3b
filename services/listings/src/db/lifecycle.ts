import { LISTING_EXPIRY_NOTICE_DAYS, LISTING_LIFETIME_DAYS, SOLD_SHOWN_DAYS, type Listing } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import type { ListingRow } from './listings';

const DAY_MS = 24 * 3600 * 1000;

const bumped = (trx: Knex.Transaction, now: Date) => ({ updated_at: now, version: trx.raw('version + 1') });

/** When a listing posted or renewed at `now` expires. */
const expiryFrom = (now: Date) => new Date(now.getTime() + LISTING_LIFETIME_DAYS * DAY_MS);

/** Up to `limit` ids of listings neither expired nor sold, soonest expiry first, locked (those another pass holds are skipped). */
const claimDue = (trx: Knex.Transaction, limit: number) =>
  trx('listings').select('id').whereNull('expired_at').whereNull('sold_at').orderBy('expires_at').limit(limit).forUpdate().skipLocked();

/**
 * Takes up to `limit` listings whose time is up out of the catalogue, and returns them. SKIP LOCKED: replicas
 * running the job at once each take different rows, and a row an owner is renewing right now is left to the
 * next pass. A listing a moderator holds expires too, and stays out when the hold is lifted.
 */
export async function expireDue(trx: Knex.Transaction, now: Date, limit: number): Promise<ListingRow[]> {
  const due = claimDue(trx, limit).where('expires_at', '<=', now);
  return trx('listings')
    .whereIn('id', due)
    .update({
      is_active: false,
      expired_at: now,
      active_before_moderation: trx.raw('case when moderation_state is null then active_before_moderation else false end'),
      ...bumped(trx, now),
    })
    .returning('*');
}

/**
 * Marks up to `limit` shown listings that expire within LISTING_EXPIRY_NOTICE_DAYS as told, and returns
 * them: one notice per expiry period (a renewal moves expires_at, so the next period is told again).
 */
export async function claimExpiryNotices(
  trx: Knex.Transaction,
  now: Date,
  limit: number,
): Promise<Pick<ListingRow, 'id' | 'user_id' | 'title' | 'expires_at'>[]> {
  const due = claimDue(trx, limit)
    .where('is_active', true)
    .where('expires_at', '>', now)
    .where('expires_at', '<=', new Date(now.getTime() + LISTING_EXPIRY_NOTICE_DAYS * DAY_MS))
    .whereRaw('expiring_notice_for is distinct from expires_at');
  return trx('listings')
    .whereIn('id', due)
    .update({ expiring_notice_for: trx.ref('expires_at') })
    .returning(['id', 'user_id', 'title', 'expires_at']);
}

/** Another LISTING_LIFETIME_DAYS from now, back in the catalogue. */
export async function renewListing(trx: Knex.Transaction, id: string, now: Date): Promise<ListingRow> {
  const [row] = await trx('listings')
    .where({ id })
    .update({ expires_at: expiryFrom(now), expired_at: null, is_active: true, ...bumped(trx, now) })
    .returning('*');
  return row;
}

/** Out of the catalogue as sold, to the named buyer or to someone else (null). */
export async function markListingSold(trx: Knex.Transaction, id: string, buyerId: string | null, now: Date): Promise<ListingRow> {
  const [row] = await trx('listings')
    .where({ id })
    .update({ is_active: false, sold_at: now, buyer_id: buyerId, ...bumped(trx, now) })
    .returning('*');
  return row;
}

/** A sold listing's page is open to everyone for SOLD_SHOWN_DAYS after the sale. */
export function soldRecently(listing: Pick<Listing, 'soldAt' | 'moderationStatus'>, now: Date): boolean {
  if (!listing.soldAt || listing.moderationStatus) return false;
  return now.getTime() - new Date(listing.soldAt).getTime() < SOLD_SHOWN_DAYS * DAY_MS;
}
