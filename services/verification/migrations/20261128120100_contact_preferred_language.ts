import type { Knex } from '@vnmarket/shared';

/**
 * The language of the account (from auth's user events), so the code is texted in it; null (never chosen,
 * or not yet carried by an event) means English. Nullable: the previous release's upserts do not notice it.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('contacts', (table) => {
    table.string('preferred_language', 8);
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('contacts', (table) => {
    table.dropColumn('preferred_language');
  });
}
