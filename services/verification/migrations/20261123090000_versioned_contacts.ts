import { addVersionColumns, dropVersionColumns, type Knex } from '@vnmarket/shared';

/** Contacts applied by event version; a deleted user leaves a tombstone without their number. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('contacts', addVersionColumns);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('contacts', dropVersionColumns);
}
