/**
 * Search as a Vietnamese speaker types it, and browse: the listings service's search engine. One search runs
 * these steps in order, each in its own file and each calling only the steps after it:
 *
 * 1. parse.ts: the text typed as folded words and units, the longest phrase of the bilingual dictionary
 *    (synonyms.ts) first.
 * 2. vocabulary.ts: which words the catalogue knows, and the alternatives of those it does not (a typo, two
 *    words run together); known-words.ts remembers the known ones per replica.
 * 3. text-query.ts: the tsqueries that select and rank the matches, and the shorter query that follows when a
 *    search finds less than a page.
 * 4. rank.ts: the page by relevance (score.ts is the rank; best-scored.ts finds the newest best-scored
 *    listings without ranking every match, helped by title-words.ts).
 * 5. page.ts: one page in its order and the capped match count (count-memory.ts skips counts past the cap).
 *
 * pipeline.ts runs them; browse-cache.ts keeps the pages as they go out. This file is the public entry: the
 * routes and the benchmarks import from here (`@vnmarket/listings/search`).
 */
export type { ListingRow } from '../db/listings';
export { BrowseCache, cachedPage, cacheKeyOf, encodedBody } from './browse-cache';
export { CountMemory } from './count-memory';
export { KnownWords } from './known-words';
export type { SearchOptions } from './options';
export type { ListingPage } from './page';
export { fold } from './fold';
export { parseSearch } from './parse';
export { searchListings } from './pipeline';
export { buildTextQuery } from './text-query';
export { TitleWords } from './title-words';
