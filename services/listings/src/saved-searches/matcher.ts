import type { EventData } from '@vnmarket/proto';
import { currentRequestId, currentTraceCarrier, OUTBOX_TABLE, type Knex, type Outbox } from '@vnmarket/shared';
import { PASSES_EVERY_FILTER } from './match-tests';
import { LISTING_KEYS } from './search-keys';

export type SavedSearchMatch = EventData<'saved_search.matched'>;

/** The longest the match and its events may take: far above its cost at 100,000 saved searches (bench/README.md). */
const MATCH_STATEMENT_TIMEOUT_MS = 30_000;

/**
 * The saved searches a listing matches, one per member (their oldest matching search), never its seller's
 * own: one statement over the one listing (its id bound twice), the searches that share a key with it (the
 * GIN index, search-keys.ts: of its category or of any, needing a word it has or none) tested filter by
 * filter (match-tests.ts). Nothing when the listing is out of the catalogue (deactivated or held before its
 * event arrived).
 */
export const MATCHES = `
  select distinct on (s.user_id) s.id, s.user_id, s.name, l.id as listing_id, l.title, l.price::text as price, l.images[1] as image
  from listings l
  join saved_searches s on s.match_keys && ${LISTING_KEYS} and s.user_id <> l.user_id
    and ${PASSES_EVERY_FILTER}
  where l.id = ? and l.is_active
  order by s.user_id, s.created_at, s.id`;

interface MatchRow {
  id: string;
  user_id: string;
  name: string;
  listing_id: string;
  title: string;
  price: string;
  image: string | null;
}

/** The matches as the events will carry them (tests, the benchmark). */
export async function matchingSearches(db: Knex | Knex.Transaction, listingId: string): Promise<SavedSearchMatch[]> {
  const { rows } = await db.raw<{ rows: MatchRow[] }>(MATCHES, [listingId, listingId]);
  return rows.map((row) => ({
    userId: row.user_id,
    savedSearchId: row.id,
    savedSearchName: row.name,
    listingId: row.listing_id,
    listingTitle: row.title,
    listingPrice: row.price,
    listingImage: row.image,
  }));
}

/**
 * Writes one saved_search.matched per match into the outbox, in the consumer's transaction and in the same
 * statement as the match: a listing that thousands of saved searches match costs one round trip, and its
 * events never pass through this process. The envelope is proto's (buildEvent's), from columns whose types
 * the contract's are (uuid, text, the price as numeric text, the first photo or null); the outbox sends
 * the rows after commit. Answers how many members were told.
 */
export async function publishMatchingSearches(outbox: Outbox, trx: Knex.Transaction, listingId: string, now: Date): Promise<number> {
  // Background work, not a request: a listing that thousands of searches match may take longer than the
  // requests' statement timeout (DATABASE_STATEMENT_TIMEOUT_MS), and would then fail on every redelivery.
  await trx.raw(`set local statement_timeout = ${MATCH_STATEMENT_TIMEOUT_MS}`);
  const { rowCount } = await trx.raw<{ rowCount: number }>(
    `insert into ${OUTBOX_TABLE} (id, type, envelope, request_id, trace_context)
     select m.event_id, 'saved_search.matched',
       jsonb_build_object('id', m.event_id, 'type', 'saved_search.matched', 'occurredAt', cast(? as text), 'data', jsonb_build_object(
         'userId', m.user_id, 'savedSearchId', m.id, 'savedSearchName', m.name, 'listingId', m.listing_id,
         'listingTitle', m.title, 'listingPrice', m.price, 'listingImage', m.image)),
       cast(? as text), cast(? as jsonb)
     from (select gen_random_uuid() as event_id, matches.* from (${MATCHES}) as matches) as m`,
    // In the order of the statement's placeholders: the envelope's, then the match's listing.
    [now.toISOString(), currentRequestId() ?? null, JSON.stringify(currentTraceCarrier()), listingId, listingId],
  );
  if (rowCount > 0) {
    trx.executionPromise.then(
      () => outbox.nudge(),
      () => undefined,
    );
  }
  return rowCount;
}
