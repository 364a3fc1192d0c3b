import { addVersionColumns, dropVersionColumns, type Knex } from '@vnmarket/shared';

/** Sellers are applied by event version, deletions leave tombstones, and phones show once verified. */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('sellers', (table) => {
    addVersionColumns(table);
    table.boolean('phone_verified').notNullable().defaultTo(false);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('sellers', (table) => {
    table.dropColumn('phone_verified');
    dropVersionColumns(table);
  });
}
