import { orderUnpublishedIndexForRelay, unorderUnpublishedIndex, type Knex } from '@vnmarket/shared';

/** The relay's claim reads the unpublished rows in index order (shared: orderUnpublishedIndexForRelay). */
export const up = (db: Knex) => orderUnpublishedIndexForRelay(db);
export const down = (db: Knex) => unorderUnpublishedIndex(db);
/** Concurrent index builds cannot run in a transaction. */
export const config = { transaction: false };
