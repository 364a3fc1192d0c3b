import { z } from 'zod';
import { idSchema, memberSummarySchema } from './primitives';

/**
 * A listing's life after it is posted: it expires LISTING_LIFETIME_DAYS after it is posted or renewed,
 * its owner hears LISTING_EXPIRY_NOTICE_DAYS before, and a sold one shows "Sold" on its page for
 * SOLD_SHOWN_DAYS before it is gone for everyone but its owner.
 */
export const LISTING_LIFETIME_DAYS = 30;
export const LISTING_EXPIRY_NOTICE_DAYS = 3;
export const SOLD_SHOWN_DAYS = 7;

/** POST /api/listings/{id}/sold: the buyer, one of the members who wrote about the listing, or none ("someone else"). */
export const markSoldBody = z.object({
  buyerId: z.preprocess((value) => (value === '' ? null : value), idSchema('Choose a buyer from the list').nullable().optional()),
});
export type MarkSoldBody = z.input<typeof markSoldBody>;

/** GET /api/listings/{id}/buyers (its owner only): the members who wrote about the listing, latest first. */
export const listingBuyerSchema = memberSummarySchema;
export type ListingBuyer = z.infer<typeof listingBuyerSchema>;

/** Why a renewal or a sale is refused (the web shows these by code). */
export const LIFECYCLE_REFUSALS = {
  listing_sold: 'This listing has been sold',
  listing_expired: 'This listing has expired. Renew it to show it again.',
  not_a_buyer: 'Choose a buyer from the people who messaged you about this listing',
} as const;
