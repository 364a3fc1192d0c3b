import { eventSubscription, serviceQueueName, type Knex, type Logger, type Subscription } from '@vnmarket/shared';
import { applyListingPhotos, forgetListingPhotos, keysOfPhoto } from '../db/listing-photos';
import { deleteObjectsOf, deleteObjectsWithKeys, deleteUploadsOf } from '../db/objects';
import type { ObjectStore } from '../storage/object-store';

/**
 * Photos go with what they belonged to: a deleted user's photos, a deleted listing's photos, and photos
 * a listing stopped using. Rows go in the event's transaction, the stored bytes once it commits.
 */
export function mediaSubscription(deps: { db: Knex; store: ObjectStore; logger: Logger; exchange: string }): Subscription {
  const deleteAfterCommit = (trx: Knex.Transaction, keys: string[]) => {
    if (keys.length === 0) return;
    trx.executionPromise.then(
      () => deps.store.delete(...keys).catch((error: Error) => deps.logger.warn({ err: error.message }, 'deleting stored objects failed')),
      () => undefined,
    );
  };
  const photosChanged = async (trx: Knex.Transaction, event: { data: Parameters<typeof applyListingPhotos>[1] }) =>
    deleteAfterCommit(trx, await deleteObjectsWithKeys(trx, (await applyListingPhotos(trx, event.data)).flatMap(keysOfPhoto)));
  return eventSubscription(deps.db, serviceQueueName(deps.exchange, 'media'), {
    'user.deleted': async (trx, event) =>
      deleteAfterCommit(trx, [...(await deleteObjectsOf(trx, event.data.id)), ...(await deleteUploadsOf(trx, event.data.id))]),
    'listing.created': photosChanged,
    'listing.updated': photosChanged,
    'listing.deleted': async (trx, event) =>
      deleteAfterCommit(trx, await deleteObjectsWithKeys(trx, (await forgetListingPhotos(trx, event.data)).flatMap(keysOfPhoto))),
  });
}
