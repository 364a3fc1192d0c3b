import type { Knex } from '@vnmarket/shared';

/** The seller copy keeps when each phone was verified: the seller card says the month. Null until an event says. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('sellers', (table) => {
    table.timestamp('phone_verified_at', { useTz: true });
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('sellers', (table) => {
    table.dropColumn('phone_verified_at');
  });
}
