import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('sessions', (table) => {
    table.string('sid', 64).primary();
    table.jsonb('sess').notNullable();
    table.timestamp('expire', { useTz: true }).notNullable().index();
    table.uuid('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('sessions');
}
