import { addVersionColumns, type Knex } from '@vnmarket/shared';

/**
 * Reviews are earned: who wrote in each conversation pair (a review needs both sides), when a phone was
 * verified (the seller card says the month), the seller's one answer to a review, and a copy of which
 * member owns which listing (from listings' events: a review's listing must be the seller's). Expands
 * only: a release before this one inserts pairs without the flags and never reads the new columns.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('conversation_partners', (table) => {
    // user_a (the lower id) has written to user_b, and the other way round. Pairs recorded before these
    // columns are not known to have both written: both flags start false.
    table.boolean('a_wrote').notNullable().defaultTo(false);
    table.boolean('b_wrote').notNullable().defaultTo(false);
  });
  await db.schema.alterTable('users', (table) => {
    table.timestamp('phone_verified_at', { useTz: true });
  });
  await db.schema.alterTable('reviews', (table) => {
    table.text('answer');
    table.timestamp('answered_at', { useTz: true });
  });
  await db.schema.createTable('listing_owners', (table) => {
    table.uuid('id').primary();
    table.uuid('user_id').notNullable();
    addVersionColumns(table);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('listing_owners');
  await db.schema.alterTable('reviews', (table) => {
    table.dropColumn('answered_at');
    table.dropColumn('answer');
  });
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('phone_verified_at');
  });
  await db.schema.alterTable('conversation_partners', (table) => {
    table.dropColumn('b_wrote');
    table.dropColumn('a_wrote');
  });
}
