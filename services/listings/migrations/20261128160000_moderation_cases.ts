import type { Knex } from '@vnmarket/shared';

/**
 * Reports become cases (see proto's moderation.ts). A listing a moderator's hand keeps out of the
 * catalogue has `is_active` false (so every catalogue query, index and cache stays as it is) and says why
 * in `moderation_state`; `active_before_moderation` is what its owner had chosen, given back when the case
 * is dismissed. The sellers copy learns who moderates and who is suspended from user.updated.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.alterTable('listings', (table) => {
    table.string('moderation_state', 20);
    table.boolean('active_before_moderation');
  });
  await db.raw("alter table listings add constraint listings_moderation_state_check check (moderation_state in ('held', 'removed', 'suspended')) not valid");
  await db.schema.alterTable('sellers', (table) => {
    table.boolean('is_moderator').notNullable().defaultTo(false);
    table.boolean('suspended').notNullable().defaultTo(false);
  });

  await db.schema.createTable('moderation_cases', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('listing_id').notNullable().references('id').inTable('listings').onDelete('CASCADE');
    table.uuid('owner_id').notNullable().index();
    table.string('kind', 20).notNullable().defaultTo('reports');
    table.string('status', 20).notNullable().defaultTo('open');
    table.text('appeal_text');
    table.timestamp('opened_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.uuid('decided_by');
    table.timestamp('decided_at', { useTz: true });
    table.text('decision_reason');
  });
  await db.raw("alter table moderation_cases add constraint moderation_cases_kind_check check (kind in ('reports', 'appeal'))");
  await db.raw("alter table moderation_cases add constraint moderation_cases_status_check check (status in ('open', 'dismissed', 'removed', 'suspended'))");
  await db.raw("create unique index moderation_cases_one_open_per_listing on moderation_cases (listing_id) where status = 'open'");
  await db.raw("create unique index moderation_cases_one_appeal_per_listing on moderation_cases (listing_id) where kind = 'appeal'");
  await db.raw("create index moderation_cases_open on moderation_cases (opened_at) where status = 'open'");

  await db.schema.createTable('moderation_actions', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('case_id').notNullable().references('id').inTable('moderation_cases').onDelete('CASCADE').index();
    table.uuid('moderator_id').notNullable();
    table.string('action', 20).notNullable();
    table.text('reason').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });

  await db.schema.alterTable('reports', (table) => {
    table.uuid('case_id').references('id').inTable('moderation_cases').onDelete('SET NULL').index();
    table.timestamp('decided_at', { useTz: true });
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.alterTable('reports', (table) => {
    table.dropColumn('case_id');
    table.dropColumn('decided_at');
  });
  await db.schema.dropTable('moderation_actions');
  await db.schema.dropTable('moderation_cases');
  await db.schema.alterTable('sellers', (table) => {
    table.dropColumn('is_moderator');
    table.dropColumn('suspended');
  });
  await db.schema.alterTable('listings', (table) => {
    table.dropColumn('moderation_state');
    table.dropColumn('active_before_moderation');
  });
}
