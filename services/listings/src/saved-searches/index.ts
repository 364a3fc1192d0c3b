/** What the saved-search benchmark measures of the matcher: its SQL, its filter tests and the keys it narrows by. */
export { matchColumns, PASSES_EVERY_FILTER } from './match-tests';
export { MATCHES, matchingSearches, publishMatchingSearches } from './matcher';
export { LISTING_KEYS } from './search-keys';
