import type { Knex } from '@vnmarket/shared';

export async function up(db: Knex): Promise<void> {
  await db.schema.createTable('reviews', (table) => {
    table.uuid('id').primary().defaultTo(db.raw('gen_random_uuid()'));
    table.uuid('seller_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    table.uuid('reviewer_id').notNullable().references('id').inTable('users').onDelete('CASCADE').index();
    // Listings live in another service: no foreign key; listing.deleted sets it to null.
    table.uuid('listing_id').index();
    table.smallint('rating').notNullable();
    table.text('comment');
    table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(db.fn.now());
    table.unique(['seller_id', 'reviewer_id'], { indexName: 'reviews_one_per_reviewer_per_seller' });
    table.check('rating between 1 and 5', [], 'reviews_rating_range');
  });
}

export async function down(db: Knex): Promise<void> {
  await db.schema.dropTable('reviews');
}
