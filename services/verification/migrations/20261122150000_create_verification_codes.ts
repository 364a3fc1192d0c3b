import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  // Read copy kept from user.registered / user.updated: where to send a code, and whether it is needed.
  await db.schema.createTable('contacts', (table) => {
    table.uuid('user_id').primary();
    table.string('phone', 20).notNullable();
    table.boolean('phone_verified').notNullable().defaultTo(false);
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });

  // Codes are stored as HMAC-SHA256 (hex), never in clear; one row per code sent.
  await db.schema.createTable('verification_codes', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable();
    table.string('phone', 20).notNullable();
    table.string('code_hash', 64).notNullable();
    table.integer('attempts').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('expires_at', { useTz: true }).notNullable();
    table.timestamp('consumed_at', { useTz: true });
    /** Set when the code can no longer be used: superseded, too many attempts, phone changed, undelivered. */
    table.timestamp('dead_at', { useTz: true });
    table.string('dead_reason', 20);
  });
  await db.raw('create index verification_codes_by_user on verification_codes (user_id, created_at desc)');
  // At most one live code per user: sending a new one retires the old in the same transaction.
  await db.raw('create unique index verification_codes_one_active on verification_codes (user_id) where consumed_at is null and dead_at is null');
  await db.raw('create index verification_codes_by_age on verification_codes (created_at)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('verification_codes');
  await db.schema.dropTable('contacts');
}
