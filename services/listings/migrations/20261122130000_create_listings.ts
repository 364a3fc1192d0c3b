import type { Knex } from '@vnmarket/shared';

/**
 * Listings with accent-insensitive search for Vietnamese: `fold()` lowercases and strips accents
 * ("Phở Bò" → "pho bo"), feeding a weighted full-text vector (title A, description B) used for matching;
 * an accent-keeping vector lets typed accents rank exact matches first ("phở" above "phố").
 */
export async function up(db: Knex): Promise<void> {
  await db.raw('create extension if not exists unaccent with schema public');
  await db.raw('create extension if not exists pg_trgm with schema public');
  await db.raw(`
    create or replace function fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`);

  await db.schema.createTable('sellers', (table) => {
    // Read copy of the public profile, kept from auth's user.* events.
    table.uuid('id').primary();
    table.string('first_name', 100).notNullable();
    table.string('last_name', 100).notNullable();
    table.text('profile_image_url');
    table.string('phone', 20);
    table.boolean('is_verified').notNullable().defaultTo(false);
    table.decimal('average_rating', 2, 1).notNullable().defaultTo(0);
    table.integer('review_count').notNullable().defaultTo(0);
    table.timestamp('member_since', { useTz: true });
    table.timestamp('updated_at', { useTz: true }).notNullable();
  });

  await db.schema.createTable('listings', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable();
    table.string('title', 255).notNullable();
    table.text('description').notNullable();
    table.string('category', 50).notNullable();
    table.decimal('price', 10, 2).notNullable();
    table.string('price_type', 20).notNullable().defaultTo('fixed');
    table.string('condition', 20);
    table.string('location', 255).notNullable();
    table.specificType('images', 'text[]').notNullable().defaultTo('{}');
    table.jsonb('metadata').notNullable().defaultTo('{}');
    table.string('contact_preference', 20).notNullable().defaultTo('message');
    table.boolean('is_active').notNullable().defaultTo(true);
    table.integer('view_count').notNullable().defaultTo(0);
    table.integer('save_count').notNullable().defaultTo(0);
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.check("category in ('rent', 'food', 'sale', 'jobs', 'service', 'event')", [], 'listings_category_known');
    table.check('price >= 0', [], 'listings_price_not_negative');
    table.check('save_count >= 0 and view_count >= 0', [], 'listings_counts_not_negative');
  });
  await db.raw(`
    alter table listings
      add column search_vector tsvector generated always as (
        setweight(to_tsvector('simple', fold(title)), 'A') || setweight(to_tsvector('simple', fold(description)), 'B')
      ) stored,
      add column exact_vector tsvector generated always as (
        to_tsvector('simple', lower(title) || ' ' || lower(description))
      ) stored`);

  // Browse orders over active listings, overall and per category.
  await db.raw('create index listings_active_recent on listings (created_at desc, id desc) where is_active');
  await db.raw('create index listings_active_category_recent on listings (category, created_at desc, id desc) where is_active');
  await db.raw('create index listings_active_price on listings (price, created_at desc) where is_active');
  await db.raw('create index listings_active_category_price on listings (category, price) where is_active');
  await db.raw('create index listings_search on listings using gin (search_vector)');
  await db.raw('create index listings_metadata on listings using gin (metadata jsonb_path_ops)');
  await db.raw('create index listings_location_trgm on listings using gin (fold(location) public.gin_trgm_ops)');
  await db.raw('create index listings_owner on listings (user_id, created_at desc)');

  await db.schema.createTable('saved_listings', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable();
    table.uuid('listing_id').notNullable().references('id').inTable('listings').onDelete('CASCADE').index();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.unique(['user_id', 'listing_id'], { indexName: 'saved_listings_once_per_user' });
  });

  await db.schema.createTable('reports', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('listing_id').notNullable().references('id').inTable('listings').onDelete('CASCADE');
    table.uuid('reporter_id').notNullable().index();
    table.string('reason', 100).notNullable();
    table.text('description');
    table.string('status', 20).notNullable().defaultTo('pending');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
  });
  await db.raw("create unique index reports_one_open_per_reporter on reports (listing_id, reporter_id) where status = 'pending'");
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('reports');
  await db.schema.dropTable('saved_listings');
  await db.schema.dropTable('listings');
  await db.schema.dropTable('sellers');
  await db.raw('drop function if exists fold(text)');
}
