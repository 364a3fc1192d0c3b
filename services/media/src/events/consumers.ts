import { idempotentHandler, serviceQueueName, type Knex, type Logger, type Subscription } from '@vnmarket/shared';
import { deleteObjectsOf, deleteUploadsOf } from '../db/objects';
import type { ObjectStore } from '../storage/object-store';

/** A deleted user's photos go with them: rows in the event's transaction, then the stored bytes. */
export function mediaSubscription(deps: { db: Knex; store: ObjectStore; logger: Logger; exchange: string }): Subscription {
  const forgetRows = idempotentHandler(deps.db, async (trx, event) => {
    if (event.type !== 'user.deleted') return;
    const keys = [...(await deleteObjectsOf(trx, event.data.id)), ...(await deleteUploadsOf(trx, event.data.id))];
    trx.executionPromise.then(
      () => deps.store.delete(...keys).catch((error: Error) => deps.logger.warn({ err: error.message }, 'deleting stored objects failed')),
      () => undefined,
    );
  });
  return {
    queue: serviceQueueName(deps.exchange, 'media'),
    eventTypes: ['user.deleted'],
    handle: forgetRows,
  };
}
