import { TOTAL_COUNT_CAP, type ListingQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { listingsWithSellers, toListing, type ListingWithSellerRow } from '../db/listings';
import { bestScoredPage, type PageOfMatches } from './best-scored';
import type { SearchOptions } from './options';
import { cappedCount, RECENT, type ListingPage } from './page';
import { rankScore } from './score';
import { MATCHES, type SearchQuery } from './text-query';

/**
 * The fourth step of a search by relevance: its page. When the query finds less than the page asks for, the
 * shorter query's matches follow, ranked the same way below them (see withoutLastUnit), and count too.
 */
export async function rankedSearch(
  db: Knex,
  base: Knex.QueryBuilder,
  { text, words, shorter }: SearchQuery,
  query: ListingQuery,
  options: SearchOptions,
): Promise<ListingPage> {
  const everyMatch = (countPastCap?: number) => rankedPage(db, { filtered: base.clone().whereRaw(MATCHES, [text.match]), text, query }, options, countPastCap);
  // Only the listings with every unit whole (as typed, or by a synonym or alternative) stay ahead of the shorter
  // query's: "Phở cuốn" for "phở bò" is a better answer than a room whose text has "phở" and "bò" far apart.
  const strictly = text.meaning ?? text.whole;
  const strictMatches = base.clone().whereRaw(MATCHES, [strictly]);
  const needed = query.offset + query.limit;
  // Enough of them for the page (the usual case): that takes only their count, capped as the header's is. Counted
  // first also for a phrase with no shorter query ("banh mi"): its matches take the last word as a prefix, and the
  // text index reads every word starting with "mi" (Milpitas, a city of many listings) where the whole words
  // cost much less. Not for one word: a common word's count stops early in a plain scan, and its whole-word
  // matches, being fewer, take longer to reach the cap ("pho").
  if (needed <= TOTAL_COUNT_CAP && (shorter || (strictly !== text.match && words > 1))) {
    const strictCount = await cappedCount(db, strictMatches, options.counts);
    // Every strict match is a match: past the cap, so are all the matches ("1000+"), without counting them again.
    if (strictCount >= needed || !shorter) return everyMatch(strictCount > TOTAL_COUNT_CAP ? strictCount : undefined);
  }
  if (!shorter) return everyMatch();
  const strict = await rankedPage(db, { filtered: strictMatches, text, query }, options);
  if (strict.total >= needed) return everyMatch();
  const others = base.clone().whereNot((builder) => {
    builder.whereRaw(MATCHES, [strictly]);
  });
  const rest = await rankedSearch(
    db,
    others,
    shorter,
    { ...query, offset: Math.max(0, query.offset - strict.total), limit: query.limit - strict.listings.length },
    options,
  );
  return { listings: [...strict.listings, ...rest.listings], total: strict.total + rest.total };
}

/**
 * A search page by relevance. A listing with the best score a search allows (every flag: each unit whole,
 * the accents as typed, together in the title…) cannot be outranked, and among those the newest come first:
 * when the newest listings already hold enough of them for the page, the page is theirs (bestScoredPage).
 * Otherwise (a rare best score, a deep page) every match is ranked (everyMatchRanked).
 */
async function rankedPage(db: Knex, matches: PageOfMatches, options: SearchOptions, countPastCap?: number): Promise<ListingPage> {
  const shortcut = options.rankEveryMatch ? undefined : await bestScoredPage(db, matches, options, countPastCap);
  return shortcut ?? everyMatchRanked(db, matches);
}

/**
 * A search page by relevance, over every match. Ranking must look at every match, so the same pass counts
 * them; it sorts only (id, score, date), and the page's 24 rows are read in full, with their sellers, after.
 */
async function everyMatchRanked(db: Knex, { filtered, text, query }: PageOfMatches): Promise<ListingPage> {
  const rank = rankScore(text);
  const ranked = filtered
    .clone()
    .select('l.id', 'l.created_at', db.raw(`${rank.sql} as score`, rank.bindings), db.raw('count(*) over () as total'))
    .orderByRaw('score desc')
    .orderBy([...RECENT])
    .limit(query.limit)
    .offset(query.offset)
    .as('ranked');
  const rows = (await listingsWithSellers(db)
    .select('ranked.total')
    .join(ranked, 'ranked.id', 'l.id')
    .orderBy([
      { column: 'ranked.score', order: 'desc' },
      { column: 'ranked.created_at', order: 'desc' },
      { column: 'ranked.id', order: 'desc' },
    ])) as (ListingWithSellerRow & { total: string })[];
  // Past the last page there is no row to carry the count: count on its own then.
  const total =
    rows.length > 0 || query.offset === 0
      ? Number(rows[0]?.total ?? 0)
      : Number((await db.from(filtered.clone().select(db.raw('1')).as('matches')).count<{ count: string }[]>({ count: '*' }))[0]?.count ?? 0);
  return { listings: rows.map((row) => toListing(row)), total };
}
