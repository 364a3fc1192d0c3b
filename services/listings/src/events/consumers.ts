import type { EventEnvelope } from '@vnmarket/proto';
import {
  broadcastSubscription,
  eventSubscription,
  serviceQueueName,
  type BroadcastSubscription,
  type Knex,
  type Logger,
  type Outbox,
  type Subscription,
} from '@vnmarket/shared';
import type { BrowseCache } from '../search';
import { forgetContactsOf, recordListingContact } from '../db/contacts';
import { deleteListings, listingIdsOfOwner } from '../db/listings';
import { deleteRevealsBy } from '../db/phone-reveals';
import { deleteReportsBy } from '../db/reports';
import { unsaveAllOfUser } from '../db/saved';
import { deleteSavedSearchesOf } from '../db/saved-searches';
import { deleteSeller, upsertSeller } from '../db/sellers';
import { publishMatchingSearches } from '../saved-searches/matcher';
import type { SellerCopyWatch } from './seller-copy-watch';
import { publishDeleted } from './publish';

/**
 * listings keeps a read copy of sellers, removes a deleted user's listings, saves, saved searches and
 * reports, and tells members whose saved searches a new listing matches (its own listing.created).
 */
export function listingsSubscription(deps: { db: Knex; outbox: Outbox; exchange: string }): Subscription {
  return eventSubscription(
    deps.db,
    serviceQueueName(deps.exchange, 'listings'),
    {
      'listing.created': (trx, event) => publishMatchingSearches(deps.outbox, trx, event.data.id, new Date()),
      'user.registered': (trx, event) => upsertSeller(trx, event.data),
      'user.updated': (trx, event) => upsertSeller(trx, event.data),
      'user.deleted': async (trx, event) => {
        const userId = event.data.id;
        await unsaveAllOfUser(trx, userId);
        await deleteSavedSearchesOf(trx, userId);
        await deleteReportsBy(trx, userId);
        await deleteRevealsBy(trx, userId);
        await forgetContactsOf(trx, userId);
        const deleted = await deleteListings(trx, await listingIdsOfOwner(trx, userId));
        await publishDeleted(deps.outbox, trx, deleted);
        await deleteSeller(trx, userId, event.data.version);
      },
      // Who wrote about which listing: the buyers its owner can name when it sells.
      'message.created': async (trx, event) => {
        const { listingId, senderId, receiverId, createdAt } = event.data;
        if (listingId) await recordListingContact(trx, { listingId, senderId, receiverId, createdAt });
      },
    },
    // A busy chat sends one message.created per message: one about no listing records nothing.
    { withWork: { 'message.created': (event) => Boolean(event.data.listingId) } },
  );
}

/**
 * On every replica: a listing or seller changed somewhere, so no cached browse page may show it as it was.
 * A listing change is in the database when its event arrives. A user change is not: the queue above copies
 * it into `sellers`, on one replica, perhaps after this event reached this one; emptying the cache now could
 * let the next browse cache the old copy again (or a new seller's listing without their name). So the cache
 * is emptied once the read copy holds the change, and only if the user has listings a page could show.
 */
export function browseCacheSubscription(deps: { cache: BrowseCache; sellerCopies: SellerCopyWatch; logger: Logger }): BroadcastSubscription {
  // Coalesced: a burst of listing writes anywhere empties each replica's cache once (bounded, see invalidateSoon).
  const invalidate = () => deps.cache.invalidateSoon();
  // Not awaited: the listing events behind it must not wait for the copy.
  const onceSellerCopied = (event: EventEnvelope<'user.registered' | 'user.updated' | 'user.deleted'>) => {
    const { id, version } = event.data;
    deps.cache
      .invalidateWhen(() => deps.sellerCopies.shownOnceCopied(id, version))
      .catch((error: unknown) => {
        deps.logger.warn({ err: error, userId: id }, 'browse cache: the seller read copy could not be checked; emptied at once');
      });
  };
  return broadcastSubscription({
    'listing.created': invalidate,
    'listing.updated': invalidate,
    'listing.deleted': invalidate,
    'user.registered': onceSellerCopied,
    'user.updated': onceSellerCopied,
    'user.deleted': onceSellerCopied,
  });
}
