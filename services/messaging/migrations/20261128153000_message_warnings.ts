import type { Knex } from '@vnmarket/shared';

/**
 * The scam guard's finding on each message (src/safety), decided when it is written. Expand only: a
 * nullable column without a default is a catalogue change, and the previous release ignores it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('messages', (table) => {
    table.string('warning', 32);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('messages', (table) => {
    table.dropColumn('warning');
  });
}
