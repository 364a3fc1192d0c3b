import { addOutboxLease, dropOutboxLease, type Knex } from '@vnmarket/shared';

export const up = (db: Knex) => addOutboxLease(db);
export const down = (db: Knex) => dropOutboxLease(db);
