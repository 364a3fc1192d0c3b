import { Router } from 'express';
import { ANSWER_REFUSALS, pageQuery, REVIEW_REFUSALS, reviewAnswerBody, reviewBody, type ReviewRefusal } from '@vnmarket/proto';
import { conflict, forbidden, HttpError, isUniqueViolation, notFound, parseInput, pathId, type Knex } from '@vnmarket/shared';
import { conversationBetween } from '../db/conversation-partners';
import { isListingOf } from '../db/listing-owners';
import { answerReview, hasReviewed, insertReview, lockReviewOfSeller, REVIEW_UNIQUE_CONSTRAINT, reviewsOfSeller } from '../db/reviews';
import { findUserById, lockUserById, refreshRating } from '../db/users';
import { publishProfile } from '../events/publish';
import type { AuthContext } from '../service-context';

/** Each refusal's status: bad input is a 400, a review not yet earned a 403, a second one a 409. */
const REFUSAL_STATUS: Record<ReviewRefusal, number> = {
  self_review: 400,
  already_reviewed: 409,
  phone_not_verified: 403,
  no_conversation: 403,
  no_reply: 403,
  listing_not_sellers: 400,
};

const refusal = (code: ReviewRefusal) =>
  new HttpError(REFUSAL_STATUS[code], REVIEW_REFUSALS[code], code, code === 'listing_not_sellers' ? { listingId: [REVIEW_REFUSALS[code]] } : undefined);

/**
 * Why the reviewer may not review the seller yet, or undefined. A review is earned: a verified phone, and
 * a conversation in which both wrote (one unsolicited message is not a dealing); one per seller.
 */
async function whyNot(db: Knex, reviewerId: string, sellerId: string): Promise<ReviewRefusal | undefined> {
  if (reviewerId === sellerId) return 'self_review';
  if (await hasReviewed(db, reviewerId, sellerId)) return 'already_reviewed';
  // The dealing first: a stranger is told to talk to the seller before being told to verify.
  const { wrote, replied } = await conversationBetween(db, reviewerId, sellerId);
  if (!wrote) return 'no_conversation';
  if (!replied) return 'no_reply';
  const reviewer = await findUserById(db, reviewerId);
  if (!reviewer?.phone_verified) return 'phone_not_verified';
  return undefined;
}

/** Seller reviews: one per reviewer per seller, earned; the seller's average and count move with them; one answer each. */
export function reviewsRoutes(ctx: AuthContext): Router {
  const router = Router();

  router.get('/api/users/:userId/reviews', async (req, res) => {
    const userId = pathId(req.params.userId, 'User not found');
    const page = parseInput(pageQuery(), req.query);
    if (!(await findUserById(ctx.db, userId))) throw notFound('User not found');
    res.json(await reviewsOfSeller(ctx.db, userId, page));
  });

  // Whether the signed-in user may review this seller, and if not why (the web app shows the reason).
  router.get('/api/users/:userId/reviews/eligibility', ctx.authenticator.requireAuth, async (req, res) => {
    const sellerId = pathId(req.params.userId, 'User not found');
    if (!(await findUserById(ctx.db, sellerId))) throw notFound('User not found');
    const code = await whyNot(ctx.db, req.session!.userId, sellerId);
    res.json(code ? { canReview: false, reason: REVIEW_REFUSALS[code], code } : { canReview: true });
  });

  router.post('/api/users/:userId/reviews', ctx.authenticator.requireAuth, async (req, res) => {
    const sellerId = pathId(req.params.userId, 'User not found');
    const body = parseInput(reviewBody, req.body);
    const reviewerId = req.session!.userId;
    if (sellerId === reviewerId) throw refusal('self_review');
    if (!(await findUserById(ctx.db, sellerId))) throw notFound('User not found');
    const code = await whyNot(ctx.db, reviewerId, sellerId);
    if (code) throw refusal(code);
    if (body.listingId && !(await isListingOf(ctx.db, body.listingId, sellerId))) throw refusal('listing_not_sellers');
    const review = await ctx.db
      .transaction(async (trx) => {
        // Lock the seller so concurrent reviews recompute the average one after another.
        if (!(await lockUserById(trx, sellerId))) throw notFound('User not found');
        const created = await insertReview(trx, {
          seller_id: sellerId,
          reviewer_id: reviewerId,
          listing_id: body.listingId ?? null,
          rating: body.rating,
          comment: body.comment ?? null,
        });
        const seller = await refreshRating(trx, sellerId);
        if (seller) await publishProfile(ctx.outbox, trx, 'user.updated', seller);
        // The seller is told (messaging's notifications), with the name the review shows.
        const reviewer = await findUserById(trx, reviewerId);
        await ctx.outbox.add(trx, 'review.created', {
          sellerId,
          reviewerId,
          reviewerName: reviewer ? `${reviewer.first_name} ${reviewer.last_name}`.trim() : '',
          rating: body.rating,
          reviewId: created.id,
        });
        return created;
      })
      .catch((error) => {
        throw isUniqueViolation(error, REVIEW_UNIQUE_CONSTRAINT) ? refusal('already_reviewed') : error;
      });
    res.status(201).json(review);
  });

  // The reviewed seller answers a review once; the answer shows beneath it.
  router.post('/api/users/:userId/reviews/:reviewId/answer', ctx.authenticator.requireAuth, async (req, res) => {
    const sellerId = pathId(req.params.userId, 'User not found');
    const reviewId = pathId(req.params.reviewId, ANSWER_REFUSALS.review_not_found);
    if (sellerId !== req.session!.userId) throw forbidden(ANSWER_REFUSALS.not_reviewed_seller, 'not_reviewed_seller');
    const { text } = parseInput(reviewAnswerBody, req.body);
    const answered = await ctx.db.transaction(async (trx) => {
      const review = await lockReviewOfSeller(trx, reviewId, sellerId);
      if (!review) throw new HttpError(404, ANSWER_REFUSALS.review_not_found, 'review_not_found');
      if (review.answer !== null) throw conflict(ANSWER_REFUSALS.already_answered, 'already_answered');
      return answerReview(trx, reviewId, text);
    });
    res.status(201).json(answered);
  });

  return router;
}
