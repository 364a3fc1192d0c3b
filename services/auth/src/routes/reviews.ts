import { Router } from 'express';
import { pageQuery, reviewBody } from '@vnmarket/proto';
import { badRequest, conflict, isUniqueViolation, notFound, parseInput, pathId } from '@vnmarket/shared';
import { REVIEW_UNIQUE_CONSTRAINT, insertReview, reviewsOfSeller } from '../db/reviews';
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

  router.post('/api/users/:userId/reviews', ctx.authenticator.requireAuth, async (req, res) => {
    const sellerId = pathId(req.params.userId, 'User not found');
    const body = parseInput(reviewBody, req.body);
    const reviewerId = req.session!.userId;
    if (sellerId === reviewerId) throw badRequest('You cannot review yourself');
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
