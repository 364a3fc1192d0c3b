import { Router } from 'express';
import { LIFECYCLE_REFUSALS, markSoldBody } from '@vnmarket/proto';
import { conflict, HttpError, parseInput, pathId } from '@vnmarket/shared';
import { buyersOf, isContactOf } from '../db/contacts';
import { markListingSold, renewListing } from '../db/lifecycle';
import { publishListing } from '../events/publish';
import { toListing } from '../db/listings';
import type { ListingsContext } from '../service-context';
import { lockOwnListing } from './listings';

const LISTING_NOT_FOUND = 'Listing not found';

/** An owner's renewal and sale of a listing, and the buyers they can name (who wrote about it). */
export function lifecycleRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.post('/api/listings/:id/renew', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, LISTING_NOT_FOUND);
    const row = await ctx.db.transaction(async (trx) => {
      const listing = await lockOwnListing(trx, id, req.session!.userId);
      // Only a moderator's decision brings a held or removed listing back; a renewal does not.
      if (listing.moderation_state) throw conflict('This listing is under review', 'under_review');
      if (listing.sold_at) throw conflict(LIFECYCLE_REFUSALS.listing_sold, 'listing_sold');
      const renewed = await renewListing(trx, listing.id, ctx.clock());
      await publishListing(ctx.outbox, trx, 'listing.updated', renewed);
      return renewed;
    });
    ctx.browseCache.invalidateSoon();
    res.json(toListing(row));
  });

  router.get('/api/listings/:id/buyers', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, LISTING_NOT_FOUND);
    await ctx.db.transaction((trx) => lockOwnListing(trx, id, req.session!.userId));
    res.json(await buyersOf(ctx.db, id));
  });

  router.post('/api/listings/:id/sold', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, LISTING_NOT_FOUND);
    const { buyerId = null } = parseInput(markSoldBody, req.body ?? {});
    const row = await ctx.db.transaction(async (trx) => {
      const listing = await lockOwnListing(trx, id, req.session!.userId);
      if (listing.moderation_state) throw conflict('This listing is under review', 'under_review');
      if (listing.sold_at) throw conflict('This listing is already marked as sold', 'already_sold');
      if (buyerId && !(await isContactOf(trx, listing.id, buyerId))) {
        throw new HttpError(400, LIFECYCLE_REFUSALS.not_a_buyer, 'not_a_buyer', { buyerId: [LIFECYCLE_REFUSALS.not_a_buyer] });
      }
      const sold = await markListingSold(trx, listing.id, buyerId, ctx.clock());
      await publishListing(ctx.outbox, trx, 'listing.updated', sold);
      await ctx.outbox.add(trx, 'listing.sold', { listingId: sold.id, listingTitle: sold.title, sellerId: sold.user_id, buyerId });
      return sold;
    });
    ctx.browseCache.invalidateSoon();
    res.json(toListing(row));
  });

  return router;
}
