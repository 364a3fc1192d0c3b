/**
 * Profiles and reviews: the cache keys and reads of the profile screens (own and public), and the one
 * place that refreshes everything a profile edit or a new review changes.
 */
import { type Listing, type PublicUser, type Review, type ReviewEligibility, type Seller, type User } from '@vnmarket/proto';
import useSWR, { mutate as globalMutate } from 'swr';
import { AUTH_USER_KEY } from './hooks';

/** The signed-in user's own listings, active and inactive (the dashboard reads the same key). */
export const OWN_LISTINGS_KEY = '/api/users/listings';
export const publicUserKey = (userId: string) => `/api/users/${userId}`;
export const reviewsKey = (userId: string) => `/api/users/${userId}/reviews`;
export const eligibilityKey = (userId: string) => `/api/users/${userId}/reviews/eligibility`;
/** Where a visitor goes to see a seller, and the part of that page with the reviews and the review form. */
export const profilePath = (userId: string) => `/users/${userId}`;
export const REVIEWS_ANCHOR = 'reviews';

export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || 'Member';
}

/** "Member since 2024": the year of the real account date (nothing when the date is missing or bad). */
export function memberSinceYear(createdAt: string | null | undefined): number | undefined {
  if (!createdAt) return undefined;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? undefined : date.getFullYear();
}

/** The numeric-string average ("4.5") as a number, 0 when absent. */
export function ratingOf(averageRating: string | null | undefined): number {
  const value = Number(averageRating);
  return Number.isFinite(value) ? value : 0;
}

/** A website as typed ("vnmarket.com") made into a link target; only http(s) links are ever followed. */
export function websiteHref(website: string): string | undefined {
  const text = website.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function usePublicUser(userId: string | undefined) {
  return useSWR<PublicUser>(userId ? publicUserKey(userId) : null);
}

export function useReviews(userId: string | undefined) {
  return useSWR<Review[]>(userId ? reviewsKey(userId) : null);
}

export function useReviewEligibility(userId: string | undefined) {
  return useSWR<ReviewEligibility>(userId ? eligibilityKey(userId) : null);
}

export function useOwnListings(enabled: boolean) {
  return useSWR<Listing[]>(enabled ? OWN_LISTINGS_KEY : null);
}

/**
 * Puts the seller's new public fields into every cached listing read (arrays of listings, one listing,
 * saved items) without refetching them: the listings service copies seller
 * profiles from events, so a refetch right after the change could still answer the old name or rating
 * and undo it. The next real fetch agrees.
 */
export function patchCachedSeller(sellerId: string, fields: Partial<Seller>): Promise<unknown> {
  const patch = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(patch);
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if ('listing' in record && record.listing && typeof record.listing === 'object') return { ...record, listing: patch(record.listing) };
    const listing = record as Partial<Listing>;
    if (listing.userId === sellerId && listing.user) return { ...listing, user: { ...listing.user, ...fields } };
    return value;
  };
  return globalMutate((key) => typeof key === 'string' && /^\/api\/(listings|saved-listings|users\/listings)/.test(key), (data: unknown) => patch(data), { revalidate: false });
}

/** After a profile edit (the PATCH answer in hand): the current user, their public profile, reviews they wrote, and the seller shown on listings. */
export function revalidateAfterProfileEdit(updated: User): Promise<unknown> {
  return Promise.all([
    globalMutate(AUTH_USER_KEY, updated, { revalidate: false }),
    globalMutate(publicUserKey(updated.id)).catch(() => undefined),
    // Reviews embed their reviewer's name and photo.
    globalMutate((key) => typeof key === 'string' && /^\/api\/users\/[^/]+\/reviews$/.test(key)).catch(() => undefined),
    patchCachedSeller(updated.id, { firstName: updated.firstName, lastName: updated.lastName, profileImageUrl: updated.profileImageUrl, isVerified: updated.isVerified }),
  ]);
}

/** After a review: the seller's reviews, whether one may review again, and their rating (public profile and the seller shown on listings). */
export async function revalidateAfterReview(sellerId: string): Promise<void> {
  // A failed refetch leaves its screen's own error state; it does not make the review itself fail.
  const [, , seller] = await Promise.all([
    globalMutate(reviewsKey(sellerId)).catch(() => undefined),
    globalMutate(eligibilityKey(sellerId)).catch(() => undefined),
    globalMutate<PublicUser>(publicUserKey(sellerId)).catch(() => undefined),
  ]);
  if (seller) await patchCachedSeller(sellerId, { averageRating: seller.averageRating, reviewCount: seller.reviewCount });
}

const day = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A calendar date: "Mar 4, 2025" (review and posting dates). */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : day.format(date);
}
