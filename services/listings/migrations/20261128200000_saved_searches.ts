import type { Knex } from '@vnmarket/shared';

/**
 * Saved searches: a member's name for a set of GET /api/listings filters (`filters`, as the query reads them),
 * and the same filters in the columns the matcher tests a new listing against (saved-searches/match-tests.ts
 * fills them; a null column is a filter not given). One row per member and filter set.
 *
 * The matcher reads the searches of the new listing's category and those of every category: the index on
 * (category) keeps the others unread. `text_query` is the search's match tsquery, tested against the one new
 * listing's match_vector.
 */
export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('saved_searches', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('user_id').notNullable().index('saved_searches_user');
    table.string('name', 80).notNullable();
    table.jsonb('filters').notNullable();
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    // What the matcher tests (match-tests.ts).
    table.text('category');
    table.uuid('seller_id');
    table.decimal('min_price', 14, 2);
    table.decimal('max_price', 14, 2);
    table.text('condition');
    table.text('price_type');
    table.text('location_pattern');
    // Within a distance of a place: its point on the unit sphere and the radius's chord (distance/near.ts).
    table.specificType('near_point', 'float8[]');
    table.double('near_chord');
    table.jsonb('metadata_contains');
    table.integer('bedrooms');
    table.decimal('bathrooms', 6, 1);
    table.boolean('verified_sellers').notNullable().defaultTo(false);
    table.specificType('text_query', 'tsquery');
  });
  await db.raw('create unique index saved_searches_once_per_member on saved_searches (user_id, md5(filters::text))');
  await db.raw('create index saved_searches_category on saved_searches (category)');
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTableIfExists('saved_searches');
}
