import type { Knex } from '@vnmarket/shared';

/**
 * Listings expire, renew and sell (see proto's listing-lifecycle.ts). An expired or sold listing has
 * `is_active` false, like one its owner hid, so every catalogue query, index and cache stays as it is;
 * `expired_at` and `sold_at` say why. Rows that exist when this runs get 30 days from now (the column's
 * default is evaluated once for them), so nobody's listing disappears on the day of the release.
 * `expiring_notice_for` is the expiry a "three days left" notice went out for: once per expiry period.
 * `listing_contacts` is who wrote about each listing (from message.created): the buyers a seller can name.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('listings', (table) => {
    table.timestamp('expires_at', { useTz: true }).notNullable().defaultTo(db.raw("now() + interval '30 days'"));
    table.timestamp('expired_at', { useTz: true });
    table.timestamp('expiring_notice_for', { useTz: true });
    table.timestamp('sold_at', { useTz: true });
    table.uuid('buyer_id');
  });
  // The expiry job's walk: listings still running, soonest expiry first.
  await db.raw('create index listings_expiry_due on listings (expires_at) where expired_at is null and sold_at is null');

  await db.schema.createTable('listing_contacts', (table) => {
    table.uuid('listing_id').notNullable().references('id').inTable('listings').onDelete('CASCADE');
    table.uuid('member_id').notNullable().index();
    table.timestamp('last_message_at', { useTz: true }).notNullable();
    table.primary(['listing_id', 'member_id']);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('listing_contacts');
  await db.raw('drop index if exists listings_expiry_due');
  await db.schema.alterTable('listings', (table) => {
    table.dropColumn('expires_at');
    table.dropColumn('expired_at');
    table.dropColumn('expiring_notice_for');
    table.dropColumn('sold_at');
    table.dropColumn('buyer_id');
  });
}
