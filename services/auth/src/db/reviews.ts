import type { Review, PageQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

interface ReviewWithReviewerRow {
  id: string;
  seller_id: string;
  reviewer_id: string;
  listing_id: string | null;
  rating: number;
  comment: string | null;
  created_at: Date;
  answer: string | null;
  answered_at: Date | null;
  reviewer_first_name: string;
  reviewer_last_name: string;
  reviewer_profile_image_url: string | null;
}

function toReview(row: ReviewWithReviewerRow): Review {
  return {
    id: row.id,
    sellerId: row.seller_id,
    reviewerId: row.reviewer_id,
    listingId: row.listing_id,
    rating: row.rating,
    comment: row.comment,
    createdAt: row.created_at.toISOString(),
    reviewer: {
      id: row.reviewer_id,
      firstName: row.reviewer_first_name,
      lastName: row.reviewer_last_name,
      profileImageUrl: row.reviewer_profile_image_url,
    },
    answer: row.answer !== null && row.answered_at ? { text: row.answer, createdAt: row.answered_at.toISOString() } : null,
  };
}

function reviewsWithReviewer(db: Knex) {
  return db('reviews as r')
    .join('users as u', 'u.id', 'r.reviewer_id')
    .select('r.*', 'u.first_name as reviewer_first_name', 'u.last_name as reviewer_last_name', 'u.profile_image_url as reviewer_profile_image_url');
}

/** One page of a seller's reviews, newest first. */
export async function reviewsOfSeller(db: Knex, sellerId: string, page: PageQuery = { limit: 50, offset: 0 }): Promise<Review[]> {
  const rows: ReviewWithReviewerRow[] = await reviewsWithReviewer(db)
    .where('r.seller_id', sellerId)
    .orderBy([
      { column: 'r.created_at', order: 'desc' },
      { column: 'r.id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(toReview);
}

export async function insertReview(
  trx: Knex.Transaction,
  review: { seller_id: string; reviewer_id: string; listing_id: string | null; rating: number; comment: string | null },
): Promise<Review> {
  const [inserted] = await trx('reviews').insert(review).returning('id');
  const row: ReviewWithReviewerRow = await reviewsWithReviewer(trx).where('r.id', inserted.id).first();
  return toReview(row);
}

export const REVIEW_UNIQUE_CONSTRAINT = 'reviews_one_per_reviewer_per_seller';

export function sellersReviewedBy(db: Knex, reviewerId: string): Promise<string[]> {
  return db('reviews').where({ reviewer_id: reviewerId }).distinct().pluck('seller_id');
}

export async function detachListing(db: Knex, listingId: string): Promise<number> {
  return db('reviews').where({ listing_id: listingId }).update({ listing_id: null });
}

export async function hasReviewed(db: Knex, reviewerId: string, sellerId: string): Promise<boolean> {
  return (await db('reviews').where({ reviewer_id: reviewerId, seller_id: sellerId }).first('id')) !== undefined;
}

/** The review, locked for its seller's answer; undefined if there is none with this id for this seller. */
export function lockReviewOfSeller(trx: Knex.Transaction, reviewId: string, sellerId: string): Promise<{ id: string; answer: string | null } | undefined> {
  return trx('reviews').where({ id: reviewId, seller_id: sellerId }).forUpdate().first('id', 'answer');
}

/** Sets the seller's answer once; the review as the API answers it. */
export async function answerReview(trx: Knex.Transaction, reviewId: string, text: string): Promise<Review> {
  await trx('reviews').where({ id: reviewId }).whereNull('answer').update({ answer: text, answered_at: trx.fn.now() });
  const row: ReviewWithReviewerRow = await reviewsWithReviewer(trx).where('r.id', reviewId).first();
  return toReview(row);
}
