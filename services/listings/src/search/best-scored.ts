import { TOTAL_COUNT_CAP, type ListingQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import type { SearchOptions } from './options';
import { cappedCount, listingsInOrder, RECENT, type ListingPage } from './page';
import { rankScore } from './score';
import type { TextQuery } from './text-query';
import { titleShareBound, type TitleWords } from './title-words';

/**
 * How many of the newest matches a search scores first: a multiple of the rows its page reaches, at least
 * FIRST_WINDOW_MIN. Small, so that even a two-word search is read newest first through the index rather than
 * all its matches through the text index (the planner's choice, by the window's size).
 */
const FIRST_WINDOW_FACTOR = 5;
const FIRST_WINDOW_MIN = 120;
/** The further looks are sized from the first one's share of best-scored listings, with this margin, up to MAX_WINDOW matches in all. */
const SECOND_WINDOW_MARGIN = 1.5;
const MAX_WINDOW = 4000;
/** The most matches one look reads: a walk of the recency index the planner keeps to (see bestScoredPage). */
export const LOOK_STEP = 480;
/**
 * The titles of how many of the newest listings a search tests first (newestBestScoredByTitle), read from
 * the recency index alone. What share of them holds a best-scored listing says whether
 * reading on by titles pays (up to TITLE_WALK_MAX listings, sized with SECOND_WINDOW_MARGIN), or whether the
 * best-scored listings are too rare among titles and the matches are the cheaper way on.
 */
export const TITLE_PROBE = 4_000;
const TITLE_WALK_MAX = 80_000;
/**
 * The least share of titles a search's title phrase must be able to reach (titleShareBound, from PostgreSQL's
 * statistics) for its titles to be tested first: below it the probe would find too few to be worth its time.
 */
const TITLE_SHARE_MIN = 0.001;

/** A page of a search's matches to rank: the filtered listings that match, the search's queries, the page asked for. */
export interface PageOfMatches {
  filtered: Knex.QueryBuilder;
  text: TextQuery;
  query: ListingQuery;
}

/**
 * The page from the newest best-scored listings, or undefined when they are too rare among the newest to find
 * cheaply (see newestBestScoredIds). The count is the capped count browse uses ("1000+"), run beside the page,
 * or `countPastCap` when the caller already knows more than the cap match. Only for pages within the cap: past
 * it the capped count would understate the matches the page is taken from.
 */
export async function bestScoredPage(
  db: Knex,
  { filtered, text, query }: PageOfMatches,
  options: SearchOptions,
  countPastCap?: number,
): Promise<ListingPage | undefined> {
  const needed = query.offset + query.limit;
  if (needed > TOTAL_COUNT_CAP) return undefined;
  const titles = await options.titleWords?.get(db);
  const titlesFirst = !titles || titleShareBound(text.titlePhrase, titles) >= TITLE_SHARE_MIN;
  const probes = titlesFirst ? probeMemoryOf(options.titleWords, filtered, text) : undefined;
  const best = await newestBestScoredIds(db, filtered, text, needed, titlesFirst, probes);
  if (!best) return undefined;
  const [listings, total] = await Promise.all([
    listingsInOrder(db, best.slice(query.offset, needed)),
    countPastCap ?? cappedCount(db, filtered, options.counts),
  ]);
  return { listings, total };
}

/** How many best-scored listings a search's last probe of the newest titles found (TitleWords.probeFound), and where to keep what this one finds. */
interface ProbeMemory {
  found: number | undefined;
  remember(found: number): void;
}

/** The probe memory of this search (its filters, matches and title tests), where `titleWords` keeps them; none without it. */
function probeMemoryOf(titleWords: TitleWords | undefined, filtered: Knex.QueryBuilder, text: TextQuery): ProbeMemory | undefined {
  if (!titleWords) return undefined;
  const search = `${filtered.toString()}\n${text.titleUnordered}\n${text.titlePhrase}`;
  return { found: titleWords.probeFound(search), remember: (found) => titleWords.rememberProbeFound(search, found) };
}

/**
 * The ids of the `needed` newest best-scored listings, newest first; undefined when fewer are found. Sound
 * because best-scored listings rank above every other and, among themselves, newest first. Every look goes
 * newest first and finds every best-scored listing on its way:
 *
 * 1. The titles of the newest TITLE_PROBE listings, when PostgreSQL's statistics say the title phrase can be
 *    common enough (`titlesFirst`, see bestScoredPage): a best-scored listing has the units together in its
 *    title, and the recency index carries every title's vector, so this reads a row only for a title that
 *    passes. A common word's or a common phrase's page is found here. How many best-scored listings it found
 *    is remembered (`probes`): the same search asked again within minutes skips the probe and goes
 *    on as if it had found them again (a figure grown stale costs time, never a listing).
 * 2. Some found, but too few: a walk of titles again from the newest, as far as their share says is enough,
 *    when that is at most TITLE_WALK_MAX listings ("apartment san jose": a walk of titles costs less than reading
 *    the rows themselves).
 * 3. Rarer among titles: by the matches themselves (newestBestScored), from where the walk of titles stopped
 *    (or the newest), a first window of them and then further looks sized from their share of best-scored
 *    ones, each reading on from the last; where matches are sparse the text index's
 *    bitmap gives them more cheaply than any walk ("market", a rare word in titles). None in the first
 *    window: ranking every match is the cheaper way.
 */
async function newestBestScoredIds(
  db: Knex,
  filtered: Knex.QueryBuilder,
  text: TextQuery,
  needed: number,
  titlesFirst: boolean,
  probes?: ProbeMemory,
): Promise<string[] | undefined> {
  const rank = rankScore(text);
  let best: string[] = [];
  let end: LookEnd | undefined;
  if (titlesFirst) {
    let found = probes?.found;
    if (found === undefined) {
      const probe = await newestBestScoredByTitle(db, filtered, rank, text, TITLE_PROBE, needed);
      // With the page found, the probe stopped early: there are at least that many.
      found = probe.length;
      probes?.remember(found);
      if (probe.length >= needed) return probe;
    }
    // Some: walk again from the newest, as far as their share says is enough (reading the probe's titles again
    // costs less than finding where it stopped). None, or too rare: by the matches, from the newest.
    const walk = found > 0 ? Math.ceil((needed / found) * TITLE_PROBE * SECOND_WINDOW_MARGIN) : Number.POSITIVE_INFINITY;
    if (walk <= TITLE_WALK_MAX) {
      best = await newestBestScoredByTitle(db, filtered, rank, text, walk, needed);
      if (best.length >= needed) return best;
      end = await nthNewest(db, walk);
      // Fewer listings than the walk: every best-scored listing is found, and too few for the page.
      if (!end) return undefined;
    }
  }
  const wanted = needed - best.length;
  const firstWindow = Math.max(FIRST_WINDOW_MIN, wanted * FIRST_WINDOW_FACTOR);
  let look = await newestBestScored(db, filtered, rank, firstWindow, wanted, end);
  const fromFirst = look.best.length;
  best = [...best, ...look.best];
  // Fewer best-scored listings than the page needs: look further, as far as their share among the first
  // window says is enough. A window that held every match (no end) has nothing further.
  if (best.length < needed && fromFirst > 0 && look.end) {
    const secondWindow = Math.ceil((wanted / fromFirst) * firstWindow * SECOND_WINDOW_MARGIN);
    if (secondWindow > MAX_WINDOW) return undefined;
    // In steps of at most LOOK_STEP matches: the planner walks a few hundred newest first, but for a larger
    // look it may take every match from the text index's bitmap and sort them (a second page of "apartment
    // san jose").
    for (let read = firstWindow; best.length < needed && look.end && read < secondWindow; read += LOOK_STEP) {
      look = await newestBestScored(db, filtered, rank, Math.min(LOOK_STEP, secondWindow - read), needed - best.length, look.end);
      best = [...best, ...look.best];
    }
  }
  return best.length >= needed ? best : undefined;
}

/** The last listing a look read (the window's last match, or the title walk's last listing): its time as PostgreSQL writes it (to the microsecond) and id. */
interface LookEnd {
  createdAt: string;
  id: string;
}

/**
 * The ids of the newest best-scored listings among the newest `window` matches (older than `after`, when
 * given), at most `wanted` of them, newest first; and, when the window was read to its `window`-th match, that
 * match, to read on from. One statement: the matches are read newest first through the recency index, each
 * scored as it comes with the vectors it carries, and reading stops at the `wanted`-th best-scored one, so a
 * common word's page costs the few dozen rows before it rather than the whole window.
 */
async function newestBestScored(
  db: Knex,
  filtered: Knex.QueryBuilder,
  rank: ReturnType<typeof rankScore>,
  window: number,
  wanted: number,
  after?: LookEnd,
): Promise<{ best: string[]; end?: LookEnd }> {
  const matches = filtered.clone();
  if (after) matches.whereRaw('(l.created_at, l.id) < (?::timestamptz, ?::uuid)', [after.createdAt, after.id]);
  // Named `l` like the table, so the rank's `l.match_vector`, `l.title_vector` and `l.exact_vector` read the window's columns.
  const newest = matches
    .select('l.id', 'l.created_at', 'l.match_vector', 'l.title_vector', 'l.exact_vector')
    .orderBy([...RECENT])
    .limit(window)
    .as('l');
  const scored = db
    .from(newest)
    .select(
      'l.id',
      'l.created_at',
      db.raw(`(${rank.sql}) = ? as best`, [...rank.bindings, rank.best]),
      db.raw('row_number() over (order by l.created_at desc, l.id desc) as place'),
    )
    .as('scored');
  // The best-scored matches, and the window's last one (whatever its score) when reading gets that far.
  const rows = (await db
    .from(scored)
    .select('scored.id', db.raw('scored.created_at::text as created_at'), 'scored.best', 'scored.place')
    .where((kept) => {
      kept.where('scored.best', true).orWhere('scored.place', window);
    })
    .orderBy([
      { column: 'scored.created_at', order: 'desc' },
      { column: 'scored.id', order: 'desc' },
    ])
    .limit(wanted)) as { id: string; created_at: string; best: boolean; place: string }[];
  const last = rows[rows.length - 1];
  return {
    best: rows.filter((row) => row.best).map((row) => row.id),
    ...(last && Number(last.place) === window ? { end: { createdAt: last.created_at, id: last.id } } : {}),
  };
}

/**
 * The ids of the newest best-scored listings among the newest `walk` active listings, at most `wanted` of them,
 * newest first. A best-scored listing has the units together in its title (`titlePhrase`, a flag of every
 * rank), and the recency index carries each listing's title vector, so the walk tests titles in the index
 * alone (an index-only scan) and reads a row only for a title that passes: the search's
 * own filters and the score are tested there, in a subplan the title tests guard. Reading stops at the
 * `wanted`-th best-scored listing.
 */
async function newestBestScoredByTitle(
  db: Knex,
  filtered: Knex.QueryBuilder,
  rank: ReturnType<typeof rankScore>,
  { titlePhrase, titleUnordered }: Pick<TextQuery, 'titlePhrase' | 'titleUnordered'>,
  walk: number,
  wanted: number,
): Promise<string[]> {
  const bestRow = filtered
    .clone()
    .select(db.raw('true'))
    .whereRaw('l.id = w.id')
    .whereRaw(`(${rank.sql}) = ?`, [...rank.bindings, rank.best]);
  // The words in any order first (cheaper, and most titles fail it), then the phrase, then the row: a scalar
  // subplan in a case, so it runs only for the titles that pass, one row by its key. (An exists there the planner
  // may turn into one hashed pass over every match, far dearer for "apartment san jose".)
  const titleTests = titleUnordered === titlePhrase ? [titlePhrase] : [titleUnordered, titlePhrase];
  const passes = titleTests.map(() => "w.title_vector @@ to_tsquery('simple', ?)").join(' and ');
  const rows = (await db
    .from(newestActive(db).select('w.id', 'w.created_at', 'w.title_vector').limit(walk).as('w'))
    .select('w.id')
    .whereRaw(`case when ${passes} then coalesce((?), false) else false end`, [...titleTests, bestRow])
    .orderBy([...NEWEST_WALKED])
    .limit(wanted)) as { id: string }[];
  return rows.map((row) => row.id);
}

/** RECENT, of the listings a walk of titles reads (named `w`). */
const NEWEST_WALKED = [
  { column: 'w.created_at', order: 'desc' },
  { column: 'w.id', order: 'desc' },
] as const;

/** Active listings newest first, as the recency index holds them (named `w`). */
const newestActive = (db: Knex) =>
  db('listings as w')
    .where('w.is_active', true)
    .orderBy([...NEWEST_WALKED]);

/**
 * The `n`-th newest active listing, where a walk of `n` titles stopped, to read on from; undefined when there are
 * fewer. Read from the index alone (numbering the walk's rows in the walk itself cost more than the walk).
 */
async function nthNewest(db: Knex, n: number): Promise<LookEnd | undefined> {
  const row = (await newestActive(db)
    .select('w.id', db.raw('w.created_at::text as created_at'))
    .offset(n - 1)
    .first()) as { id: string; created_at: string } | undefined;
  return row && { createdAt: row.created_at, id: row.id };
}
