import type { EventData } from '@vnmarket/proto';
import { OUTBOX_TABLE, type Knex, type Outbox } from '@vnmarket/shared';
import { PASSES_EVERY_FILTER } from './match-tests';

export type SavedSearchMatch = EventData<'saved_search.matched'>;

interface MatchRow {
  id: string;
  user_id: string;
  name: string;
  listing_id: string;
  title: string;
  price: string;
  images: string[];
}

/**
 * The saved searches a listing matches, one per member (their oldest matching search), never its seller's
 * own. One statement over the one listing: each saved search of its category or of every category (the
 * category index), tested filter by filter (match-tests.ts). Nothing when the listing is out of the
 * catalogue (deactivated or held before its event arrived).
 */
export async function matchingSearches(db: Knex | Knex.Transaction, listingId: string): Promise<SavedSearchMatch[]> {
  const { rows } = await db.raw<{ rows: MatchRow[] }>(
    `select distinct on (s.user_id) s.id, s.user_id, s.name, l.id as listing_id, l.title, l.price, l.images
     from listings l
     join saved_searches s on (s.category = l.category or s.category is null) and s.user_id <> l.user_id
       and ${PASSES_EVERY_FILTER}
     where l.id = ? and l.is_active
     order by s.user_id, s.created_at, s.id`,
    [listingId],
  );
  return rows.map((row) => ({
    userId: row.user_id,
    savedSearchId: row.id,
    savedSearchName: row.name,
    listingId: row.listing_id,
    listingTitle: row.title,
    listingPrice: row.price,
    listingImage: row.images[0] ?? null,
  }));
}

/** Rows per insert: a listing that matches thousands of searches writes its events in a few statements. */
const OUTBOX_INSERT_CHUNK = 500;

/** Writes one saved_search.matched per match in the consumer's transaction; the outbox sends them after commit. */
export async function publishMatches(outbox: Outbox, trx: Knex.Transaction, matches: SavedSearchMatch[]): Promise<void> {
  if (matches.length === 0) return;
  const rows = matches.map((match) => outbox.row('saved_search.matched', match));
  for (let start = 0; start < rows.length; start += OUTBOX_INSERT_CHUNK) {
    await trx(OUTBOX_TABLE).insert(rows.slice(start, start + OUTBOX_INSERT_CHUNK));
  }
  trx.executionPromise.then(
    () => outbox.nudge(),
    () => undefined,
  );
}
