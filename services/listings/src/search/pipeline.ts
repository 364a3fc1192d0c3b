import type { ListingQuery } from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';
import { applyRowFilters, indexedScope } from '../db/listings';
import type { SearchOptions } from './options';
import { orderedPage, type ListingPage } from './page';
import { parseSearch } from './parse';
import { rankedSearch } from './rank';
import { buildSearchQuery, MATCHES } from './text-query';
import { findVocabulary } from './vocabulary';

/**
 * Browse and search over active listings: every filter, the chosen order, one page, and the match count. A
 * search runs its steps in order: parse the text, look up the vocabulary, build the query, rank, page.
 */
export async function searchListings(db: Knex, query: ListingQuery, options: SearchOptions = {}): Promise<ListingPage> {
  const terms = query.search ? parseSearch(query.search) : undefined;
  if (query.search && !terms) return { listings: [], total: 0 }; // only punctuation: nothing can match
  const vocabulary = terms && (await findVocabulary(db, terms, options.knownWords));
  const search = terms && vocabulary && buildSearchQuery(terms, vocabulary);

  const filtered = applyRowFilters(indexedScope(db, query), query);
  const sort = query.sort ?? (search ? 'relevance' : 'recent');
  if (search && sort === 'relevance') return rankedSearch(db, filtered, search, query, options);
  // match_vector: title, description and the listing's city ("pho oakland"); GIN-indexed.
  if (search) filtered.whereRaw(MATCHES, [search.text.match]);
  return orderedPage(db, filtered, sort, query, search !== undefined, options.counts);
}
