import { broadcastSubscription, eventSubscription, serviceQueueName, type BroadcastSubscription, type Knex, type Subscription } from '@vnmarket/shared';
import { tombstoneListing, tombstoneUser, upsertListing, upsertUser } from '../db/read-copies';
import type { LivePush } from '../realtime/live-push';
import type { SocketHub } from '../realtime/socket-hub';

/**
 * State: read copies of users and listings. A deletion keeps the other party's messages: the
 * conversation stays, with a former member or a removed listing shown (tombstones).
 */
export function messagingSubscription(deps: { db: Knex; exchange: string }): Subscription {
  return eventSubscription(deps.db, serviceQueueName(deps.exchange, 'messaging'), {
    'user.registered': (trx, event) => upsertUser(trx, event.data),
    'user.updated': (trx, event) => upsertUser(trx, event.data),
    'user.deleted': (trx, event) => tombstoneUser(trx, event.data),
    'listing.created': (trx, event) => upsertListing(trx, event.data),
    'listing.updated': (trx, event) => upsertListing(trx, event.data),
    'listing.deleted': (trx, event) => tombstoneListing(trx, event.data),
  });
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
