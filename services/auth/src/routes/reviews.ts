import { Router } from 'express';
import { pageQuery, reviewBody } from '@vnmarket/proto';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound, parseInput, pathId } from '@vnmarket/shared';
import { haveConversed } from '../db/conversation-partners';
import { REVIEW_UNIQUE_CONSTRAINT, hasReviewed, insertReview, reviewsOfSeller } from '../db/reviews';

/** Reviews come only from people the seller has dealt with: a message exchanged, either way. */
export const NOT_CONVERSED = 'You can review a seller after you have exchanged messages with them';
import { findUserById, lockUserById, refreshRating } from '../db/users';
import { publishProfile } from '../events/publish';
import type { AuthContext } from '../service-context';

/** Seller reviews: one per reviewer per seller; the seller's average and count move with them. */
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
    const reviewerId = req.session!.userId;
    if (!(await findUserById(ctx.db, sellerId))) throw notFound('User not found');
    const reason =
      sellerId === reviewerId
        ? 'You cannot review yourself'
        : (await hasReviewed(ctx.db, reviewerId, sellerId))
          ? 'You have already reviewed this seller'
          : !(await haveConversed(ctx.db, reviewerId, sellerId))
            ? NOT_CONVERSED
            : undefined;
    res.json(reason ? { canReview: false, reason } : { canReview: true });
  });

  router.post('/api/users/:userId/reviews', ctx.authenticator.requireAuth, async (req, res) => {
    const sellerId = pathId(req.params.userId, 'User not found');
    const body = parseInput(reviewBody, req.body);
    const reviewerId = req.session!.userId;
    if (sellerId === reviewerId) throw badRequest('You cannot review yourself');
    if (!(await findUserById(ctx.db, sellerId))) throw notFound('User not found');
    if (!(await haveConversed(ctx.db, reviewerId, sellerId))) throw forbidden(NOT_CONVERSED, 'no_conversation');
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
        return created;
      })
      .catch((error) => {
        throw isUniqueViolation(error, REVIEW_UNIQUE_CONSTRAINT) ? conflict('You have already reviewed this seller', 'already_reviewed') : error;
      });
    res.status(201).json(review);
  });

  return router;
}
