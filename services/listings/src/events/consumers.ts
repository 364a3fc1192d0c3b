import { eventSubscription, serviceQueueName, type Knex, type Outbox, type Subscription } from '@vnmarket/shared';
import { deleteListings, listingIdsOfOwner } from '../db/listings';
import { deleteReportsBy } from '../db/reports';
import { unsaveAllOfUser } from '../db/saved';
import { deleteSeller, upsertSeller } from '../db/sellers';
import { publishDeleted } from './publish';

/** listings keeps a read copy of sellers, and removes a deleted user's listings, saves and reports. */
export function listingsSubscription(deps: { db: Knex; outbox: Outbox; exchange: string }): Subscription {
  return eventSubscription(deps.db, serviceQueueName(deps.exchange, 'listings'), {
    'user.registered': (trx, event) => upsertSeller(trx, event.data),
    'user.updated': (trx, event) => upsertSeller(trx, event.data),
    'user.deleted': async (trx, event) => {
      const userId = event.data.id;
      await unsaveAllOfUser(trx, userId);
      await deleteReportsBy(trx, userId);
      const deleted = await deleteListings(trx, await listingIdsOfOwner(trx, userId));
      await publishDeleted(deps.outbox, trx, deleted);
      await deleteSeller(trx, userId, event.data.version);
    },
  });
}
