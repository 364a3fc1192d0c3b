import { addVersionColumns, dropVersionColumns, type Knex } from '@vnmarket/shared';

/**
 * Read copies applied by event version; a deleted user or listing leaves a tombstone, so a late update
 * cannot restore it and the other party keeps the conversation (shown as a former member / removed listing).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', addVersionColumns);
  await db.schema.alterTable('listings', addVersionColumns);
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('listings', dropVersionColumns);
  await db.schema.alterTable('users', dropVersionColumns);
}
