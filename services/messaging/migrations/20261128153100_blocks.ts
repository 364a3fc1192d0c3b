import type { Knex } from '@vnmarket/shared';

/**
 * Who blocked whom: neither may message the other, and the blocked member's conversation leaves the
 * blocker's inbox and unread count. One row per pair and direction (blocking again changes nothing).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('blocks', (table) => {
    table.uuid('blocker_id').notNullable();
    table.uuid('blocked_id').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.primary(['blocker_id', 'blocked_id']);
  });
  // "Has either of these two blocked the other?" is asked by every send, from the blocked side too.
  await db.raw('create index blocks_by_blocked on blocks (blocked_id, blocker_id)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('blocks');
}
