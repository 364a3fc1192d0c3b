import { Router } from 'express';
import { conflict, forbidden, notFound, pathId } from '@vnmarket/shared';
import { recordReveal, revealedSince, revealSubject } from '../db/phone-reveals';
import type { ListingsContext } from '../service-context';

const LISTING_NOT_FOUND = 'Listing not found';
const DAY_MS = 24 * 3600 * 1000;
const TOO_MANY_REVEALS = 'You have seen as many phone numbers as allowed today. Please message sellers instead, or try again tomorrow.';

/**
 * "Show number": a phone-contact seller's number leaves the server only here, one listing at a time, to a
 * member who proved their own number, a bounded number of listings a day, and every number given out is
 * recorded. So paging through browse collects no numbers, and an account made a minute ago collects none.
 */
export function phoneRoutes(ctx: ListingsContext): Router {
  const router = Router();

  router.post('/api/listings/:id/phone', ctx.authenticator.requireAuth, async (req, res) => {
    const viewerId = req.session!.userId;
    const listingId = pathId(req.params.id, LISTING_NOT_FOUND);
    const subject = await revealSubject(ctx.db, listingId, viewerId);
    // A hidden listing (deactivated, or held) answers as one that never existed.
    if (!subject || !subject.isActive) throw notFound(LISTING_NOT_FOUND);
    if (subject.contactPreference !== 'phone') throw conflict('This seller asks to be contacted by message', 'not_phone_contact');
    if (subject.sellerId !== viewerId && !subject.viewerPhoneVerified) {
      throw forbidden("Verify your phone number to see sellers' numbers", 'phone_verification_required');
    }
    if (!subject.sellerPhone) throw conflict("This seller's phone number is not available. Please send a message instead.", 'phone_unavailable');
    const now = ctx.clock();
    // The same listing again within a day gives out no new number: neither counted nor recorded again, so
    // pressing it twice costs nothing and a loop of repeats cannot grow the record.
    if (subject.sellerId !== viewerId && !(await revealedSince(ctx.db, viewerId, listingId, new Date(now.getTime() - DAY_MS)))) {
      await ctx.limits.phoneReveals.consume(viewerId, TOO_MANY_REVEALS);
      await recordReveal(ctx.db, { viewerId, listingId, sellerId: subject.sellerId, at: now });
    }
    res.json({ phone: subject.sellerPhone });
  });

  return router;
}
