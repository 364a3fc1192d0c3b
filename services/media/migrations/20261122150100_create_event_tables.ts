import { createEventTables, dropEventTables, type Knex } from '@vnmarket/shared';

export const up = (db: Knex) => createEventTables(db);
export const down = (db: Knex) => dropEventTables(db);
