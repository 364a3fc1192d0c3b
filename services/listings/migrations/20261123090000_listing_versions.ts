import type { Knex } from '@vnmarket/shared';

/** A per-listing counter that every published change increments, so consumers can ignore stale events. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('listings', (table) => {
    table.bigInteger('version').notNullable().defaultTo(1);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('listings', (table) => {
    table.dropColumn('version');
  });
}
