import { LISTING_PREVIEW_DESCRIPTION, type ListingPreview, type SitemapBatch, type SitemapQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { soldRecently } from './lifecycle';
import { contentOf, type ListingRow } from './listings';

type PreviewRow = Pick<
  ListingRow,
  | 'id'
  | 'title'
  | 'description'
  | 'category'
  | 'price'
  | 'price_type'
  | 'condition'
  | 'location'
  | 'images'
  | 'metadata'
  | 'is_active'
  | 'sold_at'
  | 'created_at'
  | 'updated_at'
>;

/**
 * A listing's link preview (see listingPreviewSchema): its content when anyone may see it; only that it is
 * hidden otherwise; undefined when there is no such listing. One row by its key, the description cut in SQL.
 */
export async function findListingPreview(db: Knex, id: string): Promise<ListingPreview | undefined> {
  const row: PreviewRow | undefined = await db('listings')
    .select(
      'id',
      'title',
      db.raw('left(description, ?) as description', [LISTING_PREVIEW_DESCRIPTION]),
      'category',
      'price',
      'price_type',
      'condition',
      'location',
      'images',
      'metadata',
      'is_active',
      'sold_at',
      'created_at',
      'updated_at',
    )
    .where({ id })
    .first();
  if (!row) return undefined;
  // A sold listing's page says "Sold" to everyone for a week (see soldRecently).
  if (!row.is_active && !soldRecently({ soldAt: row.sold_at?.toISOString() }, new Date())) return { id: row.id, visible: false };
  return {
    id: row.id,
    visible: true,
    ...contentOf(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * The next `limit` listings anyone may see, by id, between the cursors: a walk of the primary key from
 * `after` (no offset, no sort), so every batch costs the same wherever it starts.
 */
export async function sitemapBatch(db: Knex, { after, before, limit }: SitemapQuery): Promise<SitemapBatch> {
  const query = db('listings').select('id', 'updated_at').where('is_active', true).orderBy('id').limit(limit);
  if (after !== undefined) query.where('id', '>', after);
  if (before !== undefined) query.where('id', '<', before);
  const rows: Pick<ListingRow, 'id' | 'updated_at'>[] = await query;
  return {
    listings: rows.map((row) => ({ id: row.id, updatedAt: row.updated_at.toISOString() })),
    next: rows.length === limit ? rows[rows.length - 1]!.id : null,
  };
}

/** How many listings anyone may see: read from the partial recency index alone. */
export async function countVisibleListings(db: Knex): Promise<number> {
  const [row] = await db('listings').where('is_active', true).count<{ count: string }[]>({ count: '*' });
  return Number(row?.count ?? 0);
}
