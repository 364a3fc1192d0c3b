import type { Knex } from '@vnmarket/shared';

/**
 * Every number "Show number" gives out (once per member and listing a day): who saw which seller's number,
 * on which listing, when. Kept when the listing goes (the record is of the member's reveals, not of the
 * listing); a member's own rows go with their account. The index answers "has this member revealed this
 * listing lately" and a member's reveals by time.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('phone_reveals', (table) => {
    table.bigIncrements('id').primary();
    table.uuid('viewer_id').notNullable();
    table.uuid('listing_id').notNullable();
    table.uuid('seller_id').notNullable();
    table.timestamp('revealed_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.index(['viewer_id', 'listing_id', 'revealed_at'], 'phone_reveals_viewer_listing');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('phone_reveals');
}
