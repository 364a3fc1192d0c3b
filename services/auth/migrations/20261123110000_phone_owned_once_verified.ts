import type { Knex } from '@vnmarket/shared';

/**
 * A number belongs to whoever proves it by SMS. Anyone can type someone else's number at sign-up, so
 * uniqueness holds only among verified numbers: the owner can still sign up, verify, and take the
 * number back from an unverified account (which then has none: the column becomes nullable).
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('users', (table) => {
    table.dropUnique(['phone'], 'users_phone_unique');
    table.setNullable('phone');
  });
  await db.raw('create unique index users_verified_phone_unique on users (phone) where phone_verified');
  await db.raw('create index users_phone_idx on users (phone)');
}

export async function down(db: Knex): Promise<void> {
  await db.raw('drop index users_phone_idx');
  await db.raw('drop index users_verified_phone_unique');
  await db.raw(
    'delete from users where phone is null or id in (select id from (select id, row_number() over (partition by phone order by phone_verified desc, created_at) as n from users) ranked where n > 1)',
  );
  await db.schema.alterTable('users', (table) => {
    table.dropNullable('phone');
    table.unique(['phone'], { indexName: 'users_phone_unique' });
  });
}
