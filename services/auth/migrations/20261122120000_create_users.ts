import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('users', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.string('email', 255).unique();
    table.string('phone', 20).notNullable().unique();
    table.string('password', 255).notNullable();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.text('profile_image_url');
    table.text('bio');
    table.boolean('phone_verified').notNullable().defaultTo(false);
    table.string('location', 255);
    table.string('website', 255);
    table.boolean('is_verified').notNullable().defaultTo(false);
    table.decimal('average_rating', 2, 1).notNullable().defaultTo(0);
    table.integer('review_count').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('users');
}
