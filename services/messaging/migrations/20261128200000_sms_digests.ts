import type { Knex } from '@vnmarket/shared';

/**
 * The daily SMS digest: one row per member and Bay Area day it went out (the key keeps it to one a day,
 * whichever replica runs), and the lease that lets one replica at a time run the day's pass.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('sms_digests', (table) => {
    table.uuid('user_id').notNullable();
    // The day in America/Los_Angeles.
    table.date('digest_date').notNullable();
    // The next digest counts what arrived after this.
    table.timestamp('covered_until', { useTz: true }).notNullable();
    table.integer('item_count').notNullable();
    table.primary(['user_id', 'digest_date']);
  });
  await db.schema.createTable('job_leases', (table) => {
    table.string('name', 40).primary();
    table.string('holder', 80).notNullable();
    table.timestamp('leased_until', { useTz: true }).notNullable();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('job_leases');
  await db.schema.dropTable('sms_digests');
}
