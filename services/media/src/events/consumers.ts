import { idempotentHandler, serviceQueueName, type Knex, type Logger, type Subscription } from '@vnmarket/shared';
import { applyListingPhotos, forgetListingPhotos, keysOfPhoto } from '../db/listing-photos';
import { deleteObjectsOf, deleteObjectsWithKeys, deleteUploadsOf } from '../db/objects';
import type { ObjectStore } from '../storage/object-store';

/**
 * Photos go with what they belonged to: a deleted user's photos, a deleted listing's photos, and photos
 * a listing stopped using. Rows go in the event's transaction, the stored bytes once it commits.
 */
export function mediaSubscription(deps: { db: Knex; store: ObjectStore; logger: Logger; exchange: string }): Subscription {
  const apply = idempotentHandler(deps.db, async (trx, event) => {
    let keys: string[] = [];
    switch (event.type) {
      case 'user.deleted':
        keys = [...(await deleteObjectsOf(trx, event.data.id)), ...(await deleteUploadsOf(trx, event.data.id))];
        break;
      case 'listing.created':
      case 'listing.updated':
        keys = await deleteObjectsWithKeys(trx, (await applyListingPhotos(trx, event.data)).flatMap(keysOfPhoto));
        break;
      case 'listing.deleted':
        keys = await deleteObjectsWithKeys(trx, (await forgetListingPhotos(trx, event.data)).flatMap(keysOfPhoto));
        break;
      default:
        return;
    }
    if (keys.length === 0) return;
    trx.executionPromise.then(
      () => deps.store.delete(...keys).catch((error: Error) => deps.logger.warn({ err: error.message }, 'deleting stored objects failed')),
      () => undefined,
    );
  });
  return {
    queue: serviceQueueName(deps.exchange, 'media'),
    eventTypes: ['user.deleted', 'listing.created', 'listing.updated', 'listing.deleted'],
    handle: apply,
  };
}
