/**
 * Saved searches as the web app reads and writes them: a member names the filters of a browse page
 * (home's or a category's, the names GET /api/listings takes) and hears when a new listing matches. Loaded
 * only by the screens that use them.
 */
import type { SavedSearch } from '@vnmarket/proto/saved-searches';
import { mutate } from 'swr';
import { apiRequest, apiRequestParsed, lazyContract, listOf } from './api';
import { useParsed } from './queries';

const SAVED_SEARCHES_KEY = '/api/saved-searches';

const savedSearchContract = lazyContract((schemas) => schemas.savedSearchSchema);
const savedSearchListContract = lazyContract((schemas) => listOf(schemas.savedSearchSchema));

/** The filter names a saved search keeps: everything but the page. */
const PAGE_NAMES = new Set(['limit', 'offset']);

/** A browse page's query as a saved search's filters: set values only ("" and "all" mean no filter), no page. */
export function filtersToSave(params: Record<string, string | number | boolean | undefined | null>): Record<string, string> {
  const filters: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || PAGE_NAMES.has(name)) continue;
    const text = String(value).trim();
    if (text !== '' && text !== 'all') filters[name] = text;
  }
  return filters;
}

/** The page a saved search opens: its category's page with the filters in the address, or home's search. */
export function savedSearchAddress(search: SavedSearch): string {
  const { category, ...rest } = search.filters;
  const query = new URLSearchParams(Object.entries(rest).map(([name, value]) => [name, String(value)]));
  const text = query.toString();
  if (typeof category === 'string') return `/category/${category}${text ? `?${text}` : ''}`;
  return `/${text ? `?${text}` : ''}`;
}

/** The member's saved searches, newest first. */
export function useSavedSearches(enabled: boolean) {
  return useParsed(enabled ? SAVED_SEARCHES_KEY : null, savedSearchListContract);
}

export async function saveSearch(name: string, filters: Record<string, string>): Promise<SavedSearch> {
  const saved = await apiRequestParsed('POST', SAVED_SEARCHES_KEY, savedSearchContract, { name, filters });
  await mutate(SAVED_SEARCHES_KEY);
  return saved;
}

export async function deleteSavedSearch(id: string): Promise<void> {
  await apiRequest('DELETE', `${SAVED_SEARCHES_KEY}/${id}`);
  await mutate(SAVED_SEARCHES_KEY);
}
