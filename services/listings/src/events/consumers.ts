import { idempotentHandler, serviceQueueName, type Knex, type Outbox, type Subscription } from '@vnmarket/shared';
import type { DomainEvent } from '@vnmarket/proto';
import { deleteListings, listingIdsOfOwner } from '../db/listings';
import { deleteReportsBy } from '../db/reports';
import { unsaveAllOfUser } from '../db/saved';
import { deleteSeller, upsertSeller } from '../db/sellers';
import { publishDeleted } from './publish';

/** listings keeps a read copy of sellers, and removes a deleted user's listings, saves and reports. */
export function listingsSubscription(deps: { db: Knex; outbox: Outbox; exchange: string }): Subscription {
  const apply = async (trx: Knex.Transaction, event: DomainEvent) => {
    switch (event.type) {
      case 'user.registered':
      case 'user.updated':
        await upsertSeller(trx, event.data);
        return;
      case 'user.deleted': {
        const userId = event.data.id;
        await unsaveAllOfUser(trx, userId);
        await deleteReportsBy(trx, userId);
        const deleted = await deleteListings(trx, await listingIdsOfOwner(trx, userId));
        await publishDeleted(deps.outbox, trx, deleted);
        await deleteSeller(trx, userId, event.data.version);
        return;
      }
      default:
        return;
    }
  };
  return {
    queue: serviceQueueName(deps.exchange, 'listings'),
    eventTypes: ['user.registered', 'user.updated', 'user.deleted'],
    handle: idempotentHandler(deps.db, apply),
  };
}
