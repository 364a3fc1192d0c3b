/**
 * A seller's reviews: the list, whether the signed-in member may write one, writing one, and the seller's
 * one answer. After a review the seller's rating follows everywhere it shows (public profile, listings).
 */
import type { PublicUser, Review, ReviewBody } from '@vnmarket/proto/auth';
import type { ReviewAnswerBody } from '@vnmarket/proto/seller-trust';
import { mutate } from 'swr';
import { ApiError, apiRequest, lazyContract, listOf } from './api';
import { keys } from './cache-keys';
import { patchCachedSeller } from './cache-writes';
import { keyedRead } from './keyed-read';

/** A seller's reviews, newest first. */
export const useReviews = keyedRead(
  keys.reviews,
  lazyContract((schemas) => listOf(schemas.reviewSchema)),
);

/** Whether the signed-in user may review this seller (and why not). */
export const useReviewEligibility = keyedRead(
  keys.reviewEligibility,
  lazyContract((schemas) => schemas.reviewEligibilitySchema),
);

/** The seller's reviews, whether one may review again, and their rating (public profile and the seller shown on listings). */
async function refreshAfterReview(sellerId: string): Promise<void> {
  // A failed refetch leaves its screen's own error state; it does not make the review itself fail.
  const [, , seller] = await Promise.all([
    mutate(keys.reviews(sellerId)).catch(() => undefined),
    mutate(keys.reviewEligibility(sellerId)).catch(() => undefined),
    mutate<PublicUser>(keys.publicUser(sellerId)).catch(() => undefined),
  ]);
  if (seller) await patchCachedSeller(sellerId, { averageRating: seller.averageRating, reviewCount: seller.reviewCount });
}

/** Reviews a seller. A refusal because the server's answer changed (a 403 or 409: already reviewed, no conversation) refetches it. */
export async function submitReview(sellerId: string, body: ReviewBody): Promise<void> {
  try {
    await apiRequest('POST', `/api/users/${sellerId}/reviews`, body);
  } catch (cause) {
    if (cause instanceof ApiError && (cause.status === 403 || cause.status === 409)) await refreshAfterReview(sellerId);
    throw cause;
  }
  await refreshAfterReview(sellerId);
}

/** The seller's one answer to a review. The reviews refetch either way: a failure may mean it was answered meanwhile (another tab). */
export async function answerReview(review: Pick<Review, 'id' | 'sellerId'>, body: ReviewAnswerBody): Promise<void> {
  try {
    await apiRequest('POST', `/api/users/${review.sellerId}/reviews/${review.id}/answer`, body);
  } finally {
    await mutate(keys.reviews(review.sellerId)).catch(() => undefined);
  }
}
