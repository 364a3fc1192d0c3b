import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  // Upload slots handed to browsers; a slot is used once, then its raw file is deleted.
  await db.schema.createTable('uploads', (table) => {
    table.uuid('id').primary();
    table.uuid('owner_id').notNullable().index();
    table.string('key', 300).notNullable();
    table.string('status', 20).notNullable().defaultTo('pending');
    table.string('object_path', 300);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('expires_at', { useTz: true }).notNullable();
  });
  // Stored, checked images (web copy and thumbnail), served under /objects/<key>.
  await db.schema.createTable('objects', (table) => {
    table.string('key', 300).primary();
    table.uuid('owner_id').notNullable().index();
    table.string('content_type', 100).notNullable();
    table.integer('size').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('objects');
  await db.schema.dropTable('uploads');
}
