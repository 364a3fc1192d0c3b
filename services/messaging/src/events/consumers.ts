import { idempotentHandler, serviceQueueName, type BroadcastSubscription, type Knex, type Subscription } from '@vnmarket/shared';
import type { DomainEvent } from '@vnmarket/proto';
import { tombstoneListing, tombstoneUser, upsertListing, upsertUser } from '../db/read-copies';
import type { SocketHub } from '../realtime/socket-hub';

/**
 * State: read copies of users and listings. A deletion keeps the other party's messages: the
 * conversation stays, with a former member or a removed listing shown (tombstones).
 */
export function messagingSubscription(deps: { db: Knex; exchange: string }): Subscription {
  const apply = async (trx: Knex.Transaction, event: DomainEvent) => {
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
        return upsertUser(trx, event.data);
      case 'user.deleted':
        return tombstoneUser(trx, event.data);
      case 'listing.created':
      case 'listing.updated':
        return upsertListing(trx, event.data);
      case 'listing.deleted':
        return tombstoneListing(trx, event.data);
      default:
        return;
    }
  };
  return {
    queue: serviceQueueName(deps.exchange, 'messaging'),
    eventTypes: ['user.registered', 'user.updated', 'user.deleted', 'listing.created', 'listing.updated', 'listing.deleted'],
    handle: idempotentHandler(deps.db, apply),
  };
}

/**
 * Real time, on every replica: a stored message goes to all sockets of sender and receiver wherever
 * they are connected; a signed-out session or deleted user loses its sockets.
 */
export function pushSubscription(hub: SocketHub): BroadcastSubscription {
  return {
    eventTypes: ['message.created', 'session.revoked', 'user.deleted'],
    handle(event) {
      switch (event.type) {
        case 'message.created':
          hub.push([event.data.senderId, event.data.receiverId], { type: 'new_message', message: event.data });
          return;
        case 'session.revoked':
          hub.closeSession(event.data.sessionId);
          return;
        case 'user.deleted':
          hub.closeUser(event.data.id);
          return;
        default:
          return;
      }
    },
  };
}
