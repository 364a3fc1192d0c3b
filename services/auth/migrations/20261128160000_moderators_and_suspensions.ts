import type { Knex } from '@vnmarket/shared';

/**
 * Moderators (granted by an operator's command, never by the API) and suspended members (by a moderator's
 * decision in listings, carried here by member.suspended). Both are expand steps the previous release
 * ignores: a boolean with a default and a nullable timestamp.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.boolean('is_moderator').notNullable().defaultTo(false);
    table.timestamp('suspended_at', { useTz: true });
    table.text('suspension_reason');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('is_moderator');
    table.dropColumn('suspended_at');
    table.dropColumn('suspension_reason');
  });
}
