import type { Knex } from '@vnmarket/shared';

/**
 * Notifications (the bell), each member's choices per kind, their browsers' push subscriptions, and the
 * members' language in the users copy (a push is written in it).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    // Null: the account never chose (English); kept from user.registered and user.updated.
    table.string('preferred_language', 5);
  });
  await db.schema.createTable('notifications', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable();
    table.string('kind', 40).notNullable();
    table.jsonb('data').notNullable();
    table.text('link').notNullable();
    table.boolean('is_read').notNullable().defaultTo(false);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    // The event it came from: a redelivered event adds nothing (one per member per event).
    table.uuid('event_id').notNullable();
    table.unique(['event_id', 'user_id'], { indexName: 'notifications_once_per_event' });
  });
  // The bell's page (newest first) and its unread count.
  await db.raw('create index notifications_by_user on notifications (user_id, created_at desc, id desc)');
  await db.raw('create index notifications_unread on notifications (user_id) where not is_read');

  await db.schema.createTable('notification_preferences', (table) => {
    table.uuid('user_id').notNullable();
    table.string('kind', 40).notNullable();
    table.boolean('in_app').notNullable();
    table.boolean('push').notNullable();
    table.boolean('sms_digest').notNullable();
    table.primary(['user_id', 'kind']);
  });

  await db.schema.createTable('push_subscriptions', (table) => {
    // One browser, one endpoint: a browser subscribed again by another member moves to them.
    table.text('endpoint').primary();
    table.uuid('user_id').notNullable();
    table.text('p256dh').notNullable();
    table.text('auth').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw('create index push_subscriptions_by_user on push_subscriptions (user_id)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('push_subscriptions');
  await db.schema.dropTable('notification_preferences');
  await db.schema.dropTable('notifications');
  await db.schema.alterTable('users', (table) => table.dropColumn('preferred_language'));
}
