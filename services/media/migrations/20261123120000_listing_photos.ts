import { addVersionColumns, type Knex } from '@vnmarket/shared';

/** Which photos each listing uses (from listing events), so photos go when their listing does. */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('listing_photos', (table) => {
    table.uuid('listing_id').primary();
    table.uuid('user_id').notNullable();
    table.jsonb('images').notNullable().defaultTo('[]');
    addVersionColumns(table as unknown as Knex.AlterTableBuilder);
  });
  await db.raw('create index listing_photos_images on listing_photos using gin (images jsonb_path_ops) where not deleted');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('listing_photos');
}
