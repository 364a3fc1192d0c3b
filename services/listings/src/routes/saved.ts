import { Router } from 'express';
import { notFound, ownList, pathId } from '@vnmarket/shared';
import { savedOfUser, saveListing, unsaveListing } from '../db/saved';
import type { ListingsContext } from '../service-context';

/** Saved listings: save and unsave are idempotent; the count always equals the saves. */
export function savedRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/saved-listings', requireAuth, ownList(ctx.db, savedOfUser));

  router.post('/api/listings/:id/save', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, 'Listing not found');
    const outcome = await saveListing(ctx.db, req.session!.userId, id);
    if (outcome === 'not_found') throw notFound('Listing not found');
    res.status(outcome === 'saved' ? 201 : 200).json({ listingId: id, saved: true });
  });

  router.delete('/api/listings/:id/save', requireAuth, async (req, res) => {
    const id = pathId(req.params.id, 'Listing not found');
    await unsaveListing(ctx.db, req.session!.userId, id);
    res.json({ listingId: id, saved: false });
  });

  return router;
}
