import type { Knex } from '@vnmarket/shared';

/**
 * The language an account prefers (proto's LANGUAGES), null until it chooses: English. An expand step: the
 * column is nullable without a default, so the previous release's inserts and reads do not notice it. The
 * check is added `not valid` (every existing row is null, so there is nothing to validate, and no scan of
 * users under the table lock); it still holds for every new write.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.string('preferred_language', 8);
  });
  await db.raw("alter table users add constraint users_preferred_language_check check (preferred_language in ('en', 'vi')) not valid");
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.dropColumn('preferred_language');
  });
}
