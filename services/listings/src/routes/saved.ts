import { Router } from 'express';
import { notFound, pathId } from '@vnmarket/shared';
import { savedOfUser, saveListing, unsaveListing } from '../db/saved';
import type { ListingsContext } from '../service-context';

/** Saved listings: save and unsave are idempotent; the count always equals the saves. */
export function savedRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/saved-listings', requireAuth, async (req, res) => {
    res.json(await savedOfUser(ctx.db, req.session!.userId));
  });

  router.post('/api/listings/:id/save', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, 'Listing not found');
    const saved = await ctx.db.transaction(async (trx) => {
      // Locking the listing serialises concurrent saves of it and proves it exists.
      const listing = await trx('listings').select('id', 'is_active', 'user_id').where({ id }).forUpdate().first();
      if (!listing || (!listing.is_active && listing.user_id !== req.session!.userId)) throw notFound('Listing not found');
      return saveListing(trx, req.session!.userId, id);
    });
    res.status(saved ? 201 : 200).json({ listingId: id, saved: true });
  });

  router.delete('/api/listings/:id/save', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, 'Listing not found');
    await ctx.db.transaction((trx) => unsaveListing(trx, req.session!.userId, id));
    res.json({ listingId: id, saved: false });
  });

  return router;
}
