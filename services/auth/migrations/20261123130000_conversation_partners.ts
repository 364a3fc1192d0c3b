import type { Knex } from '@vnmarket/shared';

/**
 * Who has exchanged messages with whom (from messaging's message.created), one row per pair, the lower
 * id first: a review may only come from someone the seller has talked to.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('conversation_partners', (table) => {
    table.uuid('user_a').notNullable();
    table.uuid('user_b').notNullable();
    table.primary(['user_a', 'user_b']);
  });
  await db.raw('create index conversation_partners_b on conversation_partners (user_b)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('conversation_partners');
}
