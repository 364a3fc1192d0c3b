import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  // Read copies kept from events: names and avatars of users, titles and prices of listings.
  await db.schema.createTable('users', (table) => {
    table.uuid('id').primary();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.text('profile_image_url');
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });
  await db.schema.createTable('listings', (table) => {
    table.uuid('id').primary();
    table.uuid('user_id').notNullable();
    table.string('title', 255).notNullable();
    table.decimal('price', 10, 2).notNullable();
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await db.schema.createTable('messages', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.string('conversation_id', 73).notNullable();
    table.uuid('sender_id').notNullable();
    table.uuid('receiver_id').notNullable();
    table.uuid('listing_id');
    table.text('content').notNullable();
    table.boolean('is_read').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('create index messages_thread on messages (conversation_id, created_at desc, id desc)');
  await db.raw('create index messages_by_sender on messages (sender_id, created_at desc)');
  await db.raw('create index messages_by_receiver on messages (receiver_id, created_at desc)');
  await db.raw('create index messages_unread on messages (receiver_id, conversation_id) where not is_read');
  await db.raw('create index messages_by_listing on messages (listing_id) where listing_id is not null');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('messages');
  await db.schema.dropTable('listings');
  await db.schema.dropTable('users');
}
