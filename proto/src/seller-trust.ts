import { z } from 'zod';
import { textSchema } from './primitives';

/**
 * What a buyer can check about a seller, and what a review must have earned: the refusals of
 * POST /api/users/{id}/reviews (and the reasons of its eligibility), the seller's one answer to a review,
 * and messaging's typical reply time.
 */

/** Why a member may not review a seller: each code with the English text the API answers it with. */
export const REVIEW_REFUSALS = {
  self_review: 'You cannot review yourself',
  already_reviewed: 'You have already reviewed this seller',
  phone_not_verified: 'Verify your phone number before you write a review',
  no_conversation: 'You can review a seller after you have exchanged messages with them',
  no_reply: 'You can review this seller after they have replied to your messages',
  listing_not_sellers: "The listing must be one of this seller's listings",
} as const;
export type ReviewRefusal = keyof typeof REVIEW_REFUSALS;

/** Why a review's answer is refused: each code with its English text. */
export const ANSWER_REFUSALS = {
  review_not_found: 'Review not found',
  not_reviewed_seller: 'Only the seller who was reviewed can answer this review',
  already_answered: 'You have already answered this review',
} as const;

/** POST /api/users/{sellerId}/reviews/{reviewId}/answer: the seller's one answer, shown beneath the review. */
export const reviewAnswerBody = z.object({
  text: textSchema({ error: 'Answer is required' }).min(1, 'Answer is required').max(2000, 'Answer must be at most 2000 characters'),
});
export type ReviewAnswerBody = z.input<typeof reviewAnswerBody>;

/** A review's answer as reviews carry it (null until the seller answers). */
export const reviewAnswerSchema = z.object({ text: z.string(), createdAt: z.string() });
export type ReviewAnswer = z.infer<typeof reviewAnswerSchema>;

/**
 * GET /api/users/{userId}/reply-time (messaging): the median delay, in minutes, between a message the user
 * received and their next reply, over their recent conversations; null while there are too few replies to say.
 */
export const replyTimeSchema = z.object({
  userId: z.uuid(),
  typicalReplyMinutes: z.number().int().nonnegative().nullable(),
  /** How many replies the figure is the median of. */
  replies: z.number().int().nonnegative(),
});
export type ReplyTime = z.infer<typeof replyTimeSchema>;
