import { Router, type Request, type Response } from 'express';
import {
  GATEWAY_CACHE_HEADER,
  LIFECYCLE_REFUSALS,
  listingBody,
  listingQuery,
  listingStatusBody,
  TOTAL_COUNT_CAP,
  TOTAL_COUNT_HEADER,
  type Listing,
} from '@vnmarket/proto';
import { conflict, forbidden, markPersonal, notFound, ownList, parseInput, pathId, requireOwnPhotos, type Knex } from '@vnmarket/shared';
import {
  deleteListings,
  findListing,
  incrementViews,
  insertListing,
  listingsOfOwner,
  lockListing,
  replaceListing,
  setListingActive,
  toListing,
  type ListingRow,
  type LockedListing,
} from '../db/listings';
import { soldRecently } from '../db/lifecycle';
import { isModerator } from '../db/sellers';
import { nearOf } from '../distance/near';
import { cachedPage, cacheKeyOf, encodedBody, searchListings } from '../search';
import { publishDeleted, publishListing } from '../events/publish';
import type { ListingsContext } from '../service-context';

const LISTING_NOT_FOUND = 'Listing not found';
const TOO_MANY_LISTINGS = 'You have posted as many listings as allowed today. Please try again tomorrow.';

/** Locks a listing for a write by its owner: 404 if absent (or a malformed id), 403 if not theirs. */
export async function lockOwnListing(trx: Knex.Transaction, id: string, userId: string): Promise<LockedListing> {
  const listing = await lockListing(trx, id);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  if (listing.user_id !== userId) throw forbidden('You can only change your own listings', 'not_owner');
  return listing;
}

/** Whether this viewer may open a listing that is out of the catalogue. */
async function mayOpenHidden(ctx: ListingsContext, listing: Listing, viewerId: string | undefined): Promise<boolean> {
  if (!viewerId) return false;
  return listing.userId === viewerId || (listing.moderationStatus !== undefined && (await isModerator(ctx.db, viewerId)));
}

/** The catalogue: browse and search, one listing, and an owner's writes. */
export function listingsRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const { requireAuth, optionalAuth } = ctx.authenticator;

  router.get('/api/listings', async (req, res) => {
    const query = parseInput(listingQuery, req.query);
    // A place the list does not hold, or a radius or the Distance order without a place: 400 before any cache.
    nearOf(query);
    const page = await ctx.browseCache.get(cacheKeyOf(query), async () => {
      const { listings, total } = await searchListings(ctx.db, query, { counts: ctx.countMemory, titleWords: ctx.titleWords, knownWords: ctx.knownWords });
      // The body stays the spec's array; the count of all matches rides in a header.
      return cachedPage(JSON.stringify(listings), total > TOTAL_COUNT_CAP ? `${TOTAL_COUNT_CAP}+` : String(total));
    });
    const accepted = req.acceptsEncodings('br', 'gzip');
    const { body, encoding } = encodedBody(page, accepted === 'br' || accepted === 'gzip' ? accepted : undefined);
    res.set(TOTAL_COUNT_HEADER, page.total);
    // Always asked again (no stale page from the browser's cache), answered 304 when unchanged.
    res.set('Cache-Control', 'no-cache');
    // The same page for everyone who asks: the gateway may give it again for a moment (see GATEWAY_CACHE_HEADER).
    res.set(GATEWAY_CACHE_HEADER, 'max-age=1');
    res.vary('Accept-Encoding');
    res.set('ETag', encoding ? page.etag.replace(/"$/, `-${encoding}"`) : page.etag);
    if (encoding) res.set('Content-Encoding', encoding);
    res.type('json').send(body);
  });

  router.get('/api/users/listings', requireAuth, ownList(ctx.db, listingsOfOwner));

  router.get('/api/listings/:id', optionalAuth, async (req, res) => {
    const id = pathId(req.params.id, LISTING_NOT_FOUND);
    // No seller's number here, for anyone: it leaves only through "Show number" (routes/phone.ts).
    let listing = await findListing(ctx.db, id);
    // A deactivated listing is hidden from everyone but its owner (and, when a moderator's hand hid it, the
    // moderators): the same 404 as one that never existed. A sold one says "Sold" to everyone for a week.
    const openToAll = listing && (listing.isActive || soldRecently(listing, ctx.clock()));
    if (!listing || (!openToAll && !(await mayOpenHidden(ctx, listing, req.session?.userId)))) throw notFound(LISTING_NOT_FOUND);
    const viewer = req.session?.userId ?? `ip:${req.ip}`;
    if (viewer !== listing.userId && (await ctx.views.shouldCount(id, viewer))) {
      await incrementViews(ctx.db, id);
      listing = { ...listing, viewCount: listing.viewCount + 1 };
    }
    // A hidden listing is shown only to its owner (or a moderator): an answer for them alone.
    if (!openToAll) markPersonal(res);
    res.json(listing);
  });

  router.post('/api/listings', requireAuth, async (req, res) => {
    const input = parseInput(listingBody, req.body);
    requireOwnPhotos(input.images, req.session!.userId);
    await ctx.limits.listingsCreated.consume(req.session!.userId, TOO_MANY_LISTINGS);
    const row = await ctx.db.transaction(async (trx) => {
      const created = await insertListing(trx, req.session!.userId, input);
      await publishListing(ctx.outbox, trx, 'listing.created', created);
      return created;
    });
    ctx.browseCache.invalidateSoon();
    res.status(201).json(toListing(row));
  });

  /** An owner's change to their listing: locked, changed, published as listing.updated, answered in full. */
  const ownerChange = (change: (trx: Knex.Transaction, listing: LockedListing, req: Request) => Promise<ListingRow>) => async (req: Request, res: Response) => {
    const row = await ctx.db.transaction(async (trx) => {
      const listing = await lockOwnListing(trx, pathId(req.params.id, LISTING_NOT_FOUND), req.session!.userId);
      const updated = await change(trx, listing, req);
      await publishListing(ctx.outbox, trx, 'listing.updated', updated);
      return updated;
    });
    ctx.browseCache.invalidateSoon();
    res.json(toListing(row));
  };

  router.put(
    '/api/listings/:id',
    requireAuth,
    ownerChange((trx, listing, req) => {
      const input = parseInput(listingBody, req.body);
      requireOwnPhotos(input.images, req.session!.userId);
      return replaceListing(trx, listing.id, input);
    }),
  );

  router.patch(
    '/api/listings/:id',
    requireAuth,
    ownerChange((trx, listing, req) => {
      const { isActive } = parseInput(listingStatusBody, req.body);
      // Only a moderator's decision brings a held or removed listing back.
      if (listing.moderation_state) throw conflict('This listing is under review', 'under_review');
      // Sold stays sold; an expired listing comes back by a renewal, which gives it a new expiry.
      if (isActive && listing.sold_at) throw conflict(LIFECYCLE_REFUSALS.listing_sold, 'listing_sold');
      if (isActive && listing.expired_at) throw conflict(LIFECYCLE_REFUSALS.listing_expired, 'listing_expired');
      return setListingActive(trx, listing.id, isActive);
    }),
  );

  router.delete('/api/listings/:id', requireAuth, async (req, res) => {
    await ctx.db.transaction(async (trx) => {
      const listing = await lockOwnListing(trx, pathId(req.params.id, LISTING_NOT_FOUND), req.session!.userId);
      await publishDeleted(ctx.outbox, trx, await deleteListings(trx, [listing.id]));
    });
    ctx.browseCache.invalidateSoon();
    res.json({ message: 'Listing deleted' });
  });

  return router;
}
