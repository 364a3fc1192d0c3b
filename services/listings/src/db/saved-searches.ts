import { MAX_SAVED_SEARCHES_PER_MEMBER, type SavedSearch, type SavedSearchFilters } from '@vnmarket/proto';
import { isUniqueViolation, type Knex } from '@vnmarket/shared';
import { matchColumns } from '../saved-searches/match-tests';

interface SavedSearchRow {
  id: string;
  name: string;
  filters: SavedSearch['filters'];
  created_at: Date;
}

const toSavedSearch = (row: SavedSearchRow): SavedSearch => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  createdAt: row.created_at.toISOString(),
});

/** What saving did: saved, the member holds as many as allowed, or holds this filter set already. */
export type SaveSearchOutcome = { saved: SavedSearch } | { refused: 'too_many' | 'duplicate' };

/**
 * Saves a member's search. Counted under a per-member lock, so parallel saves cannot pass the allowance
 * together; the same filter set twice is refused by the unique index.
 */
export async function saveSearch(db: Knex, userId: string, name: string, filters: SavedSearchFilters): Promise<SaveSearchOutcome> {
  // Only the filters given: the stored set is what the web rebuilds the page's address from.
  const given = JSON.parse(JSON.stringify(filters)) as SavedSearch['filters'];
  try {
    return await db.transaction(async (trx) => {
      await trx.raw("select pg_advisory_xact_lock(hashtext('saved_searches:' || ?))", [userId]);
      const counted = await trx('saved_searches').where({ user_id: userId }).count<{ count: string }[]>({ count: '*' });
      if (Number(counted[0]!.count) >= MAX_SAVED_SEARCHES_PER_MEMBER) return { refused: 'too_many' as const };
      const [row] = await trx('saved_searches')
        .insert({ user_id: userId, name, filters: JSON.stringify(given), ...matchColumns(filters, trx) })
        .returning<SavedSearchRow[]>(['id', 'name', 'filters', 'created_at']);
      return { saved: toSavedSearch(row!) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'saved_searches_once_per_member')) return { refused: 'duplicate' };
    throw error;
  }
}

/** A member's saved searches, newest first. */
export async function savedSearchesOf(db: Knex, userId: string): Promise<SavedSearch[]> {
  const rows = await db('saved_searches')
    .select<SavedSearchRow[]>('id', 'name', 'filters', 'created_at')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ]);
  return rows.map(toSavedSearch);
}

/** Deletes one of the member's own saved searches; false when they have none by that id. */
export async function deleteSavedSearch(db: Knex, userId: string, id: string): Promise<boolean> {
  return (await db('saved_searches').where({ id, user_id: userId }).delete()) > 0;
}

/** A deleted member's saved searches go with them. */
export async function deleteSavedSearchesOf(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('saved_searches').where({ user_id: userId }).delete();
}
