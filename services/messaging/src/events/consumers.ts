import { broadcastSubscription, eventSubscription, serviceQueueName, type BroadcastSubscription, type Knex, type Subscription } from '@vnmarket/shared';
import { forgetMember } from '../db/notifications';
import { tombstoneListing, tombstoneUser, upsertListing, upsertUser } from '../db/read-copies';
import type { Notifier } from '../notifications/notifier';
import type { LivePush } from '../realtime/live-push';
import type { SocketHub } from '../realtime/socket-hub';

const MODERATION_KINDS = { held: 'listing_held', restored: 'listing_restored', removed: 'listing_removed' } as const;

/**
 * State: read copies of users and listings. A deletion keeps the other party's messages: the
 * conversation stays, with a former member or a removed listing shown (tombstones); the deleted member's
 * notifications and push subscriptions go.
 * Notifications: the other services' events become what each member chose to hear (notifications/notifier.ts),
 * and a stored message becomes a push for a receiver with no tab open.
 */
export function messagingSubscription(deps: { db: Knex; exchange: string; notifier: Notifier }): Subscription {
  const { notifier } = deps;
  return eventSubscription(
    deps.db,
    serviceQueueName(deps.exchange, 'messaging'),
    {
      'user.registered': (trx, event) => upsertUser(trx, event.data),
      'user.updated': (trx, event) => upsertUser(trx, event.data),
      'user.deleted': async (trx, event) => {
        await tombstoneUser(trx, event.data);
        await forgetMember(trx, event.data.id);
      },
      'listing.created': (trx, event) => upsertListing(trx, event.data),
      'listing.updated': (trx, event) => upsertListing(trx, event.data),
      'listing.deleted': (trx, event) => tombstoneListing(trx, event.data),
      'message.created': (trx, event) => notifier.message(trx, event.data),
      'saved_search.matched': (trx, { id, data }) =>
        notifier.notify(trx, id, {
          userId: data.userId,
          kind: 'saved_search_match',
          data: {
            savedSearchName: data.savedSearchName,
            listingId: data.listingId,
            listingTitle: data.listingTitle,
            listingPrice: data.listingPrice,
            listingImage: data.listingImage,
          },
          link: `/listing/${data.listingId}`,
        }),
      'listing.expiring': (trx, { id, data }) =>
        notifier.notify(trx, id, {
          userId: data.userId,
          kind: 'listing_expiring',
          data: { listingId: data.listingId, listingTitle: data.listingTitle, expiresAt: data.expiresAt },
          link: '/dashboard',
        }),
      'listing.moderated': (trx, { id, data }) =>
        notifier.notify(trx, id, {
          userId: data.userId,
          kind: MODERATION_KINDS[data.state],
          data: { listingId: data.listingId, listingTitle: data.listingTitle },
          link: `/listing/${data.listingId}`,
        }),
      'review.created': (trx, { id, data }) =>
        notifier.notify(trx, id, {
          userId: data.sellerId,
          kind: 'review_received',
          data: { reviewerName: data.reviewerName, rating: data.rating },
          link: `/users/${data.sellerId}`,
        }),
      // Both sides are asked to review the other; with no buyer named there is no one to review.
      'listing.sold': async (trx, { id, data }) => {
        if (!data.buyerId) return;
        const sold = { listingId: data.listingId, listingTitle: data.listingTitle };
        await notifier.notify(trx, id, {
          userId: data.sellerId,
          kind: 'review_prompt',
          data: { ...sold, otherUserId: data.buyerId, asSeller: true },
          link: `/users/${data.buyerId}`,
        });
        await notifier.notify(trx, id, {
          userId: data.buyerId,
          kind: 'review_prompt',
          data: { ...sold, otherUserId: data.sellerId, asSeller: false },
          link: `/users/${data.sellerId}`,
        });
      },
    },
    // A busy chat sends one message.created per message; only a receiver with a browser subscribed has a push to get.
    { withWork: { 'message.created': (event) => notifier.mayPushMessageTo(event.data.receiverId) } },
  );
}

/**
 * Real time, on every replica: a stored message goes to all sockets of sender and receiver wherever
 * they are connected (unless its live push got here first); a signed-out session or deleted user loses
 * its sockets.
 */
export function pushSubscription(hub: SocketHub, livePush: LivePush): BroadcastSubscription {
  return broadcastSubscription({
    'message.created': (event) => livePush.fromRelay(event.data),
    'session.revoked': (event) => hub.closeSession(event.data.sessionId),
    'user.deleted': (event) => hub.closeUser(event.data.id),
  });
}
