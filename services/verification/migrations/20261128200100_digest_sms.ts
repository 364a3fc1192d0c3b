import type { Knex } from '@vnmarket/shared';

/**
 * The daily SMS digests sent (messaging's digest.ready): one per member and Bay Area day, so a redelivered
 * or repeated event texts nobody twice. No number or text is kept: only that the day's digest went out.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('digest_sms', (table) => {
    table.uuid('user_id').notNullable();
    table.date('digest_date').notNullable();
    table.uuid('event_id').notNullable();
    table.timestamp('sent_at', { useTz: true }).notNullable();
    table.primary(['user_id', 'digest_date']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('digest_sms');
}
