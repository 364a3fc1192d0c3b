/**
 * Browsing GET /api/listings page by page: a category page's filters to and from the address's query
 * string (shareable, the back button works), and the pages fetched so far with the match count of the
 * X-Total-Count header, for "Load more".
 */
import { listingSchema, parseTotalCount, TOTAL_COUNT_HEADER, type Category, type Listing } from '@vnmarket/proto/listings';
import { RADIUS_MILES } from '@vnmarket/proto/places';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest, listOf, parseResponse, queryString } from './api';
import { CATEGORY_PAGES, sortOptionsFor, type CategoryFilterKey } from './category-pages';

const listingList = listOf(listingSchema);

/** Listings per "Load more". */
const PAGE_SIZE = 24;
/** The API pages no further than this offset. */
const MAX_OFFSET = 10_000;
/** The longest text filter the API takes. */
const MAX_TEXT = 200;

/** X-Total-Count read: the number, and whether it is the API's cap ("1000+"). */
export type TotalCount = NonNullable<ReturnType<typeof parseTotalCount>>;

/** "137", or "1000+" past the API's cap. */
export function formatTotal(total: TotalCount): string {
  return `${total.count}${total.capped ? '+' : ''}`;
}

/** The filters a category page reads from the address: its own keys plus search; "" = not set. */
export type CategoryFilters = Partial<Record<CategoryFilterKey | 'search' | 'radius', string>>;

const text = (value: string | null) => (value ?? '').trim().slice(0, MAX_TEXT);
/**
 * A price bound: a non-negative number in plain digits (the API takes no other form, so a number box's
 * "1e3" goes as "1000"), else not set.
 */
export function priceBound(value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  if (trimmed === '') return '';
  const number = Number(trimmed);
  // To the cent, as prices are kept: also keeps String() from writing a tiny number as "1e-7".
  return Number.isFinite(number) && number >= 0 && number <= 1e9 ? String(Math.round(number * 100) / 100) : '';
}

/**
 * The category page's filters and sort from a query string. Only the page's own keys, and only values
 * its controls offer: a hand-edited address cannot turn into a request the API refuses.
 */
export function categoryStateFromParams(category: Category, params: URLSearchParams): { filters: CategoryFilters; sort: string } {
  const page = CATEGORY_PAGES[category];
  const filters: CategoryFilters = {
    search: text(params.get('search')),
    location: text(params.get('location')),
    minPrice: priceBound(params.get('minPrice')),
    maxPrice: priceBound(params.get('maxPrice')),
    radius: (RADIUS_MILES as readonly number[]).includes(Number(params.get('radius'))) ? String(Number(params.get('radius'))) : '',
  };
  for (const filter of page.filters) {
    const value = params.get(filter.key) ?? '';
    const allowed = filter.kind === 'check' ? value === filter.value : filter.options.some((option) => option.value === value);
    filters[filter.key] = allowed ? value : '';
  }
  const sortParam = params.get('sort');
  const options = sortOptionsFor(page, filters.search !== '');
  const sort = options.some((option) => option.value === sortParam) ? sortParam! : options[0]!.value;
  return { filters, sort };
}

/** Whether any filter (search included) is set: "Clear all" shows then. */
export function hasCategoryFilters(filters: CategoryFilters): boolean {
  return Object.values(filters).some((value) => Boolean(value));
}

/** How many filters are set, search excepted (the phone's "Filters" button says it). */
export function countCategoryFilters(filters: CategoryFilters): number {
  return Object.entries(filters).filter(([key, value]) => key !== 'search' && Boolean(value)).length;
}

/** The address after changing some filters: the changed keys set (or dropped when empty or "all"), every other parameter kept. */
export function withParams(params: URLSearchParams, changes: Record<string, string>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value === '' || value === 'all') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/**
 * GET /api/listings parameters of a category page: its category, set filters, and the chosen sort. A location
 * that is a place of the list (`placeLabel` says which) is searched by distance (near=, within the radius
 * chosen or 25 miles); any other is matched as text, and the radius waits for a place.
 */
export function categoryApiParams(
  category: Category,
  filters: CategoryFilters,
  sort: string,
  placeLabel: (location: string) => string | undefined = () => undefined,
): Record<string, string> {
  const { radius, ...rest } = filters;
  const set = Object.fromEntries(Object.entries(rest).filter(([, value]) => Boolean(value))) as Record<string, string>;
  const place = set.location ? placeLabel(set.location) : undefined;
  if (place) {
    delete set.location;
    return { category, ...set, near: place, ...(radius ? { radius } : {}), sort };
  }
  return { category, ...set, sort: sort === 'distance' ? 'recent' : sort };
}

interface Page {
  listings: Listing[];
  total?: TotalCount;
}

/** One page of GET /api/listings with the header's count (absent while the API does not send it). */
async function fetchListingsPage(params: Record<string, string | number | undefined>, offset: number, limit = PAGE_SIZE): Promise<Page> {
  const url = `/api/listings${queryString({ ...params, limit, offset })}`;
  const response = await apiRequest('GET', url);
  const listings = await parseResponse(response, listingList, `GET ${url}`);
  return { listings, total: parseTotalCount(response.headers.get(TOTAL_COUNT_HEADER)) };
}

export interface ListingPages {
  /** Every listing loaded so far, in the API's order, each once. */
  listings: Listing[];
  /** The number of matches (X-Total-Count); undefined until the first page arrives. */
  total?: TotalCount;
  /** The first page of this query is on its way. */
  loading: boolean;
  /** The first page failed. */
  error?: unknown;
  /** "Load more" is on its way. */
  loadingMore: boolean;
  /** The last "Load more" failed (the loaded listings stay; it can be tried again). */
  loadMoreFailed: boolean;
  /** Whether "Load more" has more to load. */
  hasMore: boolean;
  loadMore: () => void;
}

interface PagesState {
  key: string | null;
  listings: Listing[];
  total?: TotalCount;
  lastPageFull: boolean;
  error?: unknown;
  loadingMore: boolean;
  loadMoreFailed: boolean;
}

const EMPTY_STATE: PagesState = { key: null, listings: [], lastPageFull: false, loadingMore: false, loadMoreFailed: false };

/**
 * The listings matching `params`, PAGE_SIZE at a time: a new query starts over from the first page
 * (an answer to an older query is dropped); loadMore appends the next page until the count is reached.
 * Every mount asks the API afresh. `params` null means do not fetch yet (auth still loading).
 */
export function useListingPages(params: Record<string, string | undefined> | null): ListingPages {
  const key = params === null ? null : queryString(params);
  const [state, setState] = useState<PagesState>(EMPTY_STATE);
  /** Grows with every new query (and unmount): answers to an older one are dropped. */
  const generation = useRef(0);

  const load = useCallback((pageKey: string, offset: number) => {
    const asked = generation.current;
    const query = Object.fromEntries(new URLSearchParams(pageKey));
    fetchListingsPage(query, offset).then(
      (page) => {
        if (generation.current !== asked) return;
        setState((previous) => {
          const kept = offset === 0 || previous.key !== pageKey ? [] : previous.listings;
          const seen = new Set(kept.map((listing) => listing.id));
          // A listing posted while paging shifts the offsets: one already shown may come again.
          const fresh = page.listings.filter((listing) => !seen.has(listing.id));
          return {
            key: pageKey,
            listings: [...kept, ...fresh],
            total: page.total ?? (kept.length > 0 ? previous.total : undefined),
            lastPageFull: page.listings.length === PAGE_SIZE,
            loadingMore: false,
            loadMoreFailed: false,
          };
        });
      },
      (error: unknown) => {
        if (generation.current !== asked) return;
        setState((previous) =>
          offset === 0 || previous.key !== pageKey ? { ...EMPTY_STATE, key: pageKey, error } : { ...previous, loadingMore: false, loadMoreFailed: true },
        );
      },
    );
  }, []);

  useEffect(() => {
    generation.current += 1;
    if (key !== null) load(key, 0);
    return () => {
      generation.current += 1;
    };
  }, [key, load]);

  const ready = key !== null && state.key === key;
  const listings = ready ? state.listings : [];
  const total = ready ? state.total : undefined;
  const nextOffset = listings.length;
  const hasMore = ready && !state.error && state.lastPageFull && nextOffset <= MAX_OFFSET && (total === undefined || total.capped || nextOffset < total.count);
  const busy = ready && state.loadingMore;

  const loadMore = useCallback(() => {
    if (key === null || !hasMore || busy) return;
    setState((previous) => ({ ...previous, loadingMore: true, loadMoreFailed: false }));
    load(key, nextOffset);
  }, [key, hasMore, busy, nextOffset, load]);

  return {
    listings,
    total,
    loading: key !== null && !ready,
    error: ready ? state.error : undefined,
    loadingMore: busy,
    loadMoreFailed: ready && state.loadMoreFailed,
    hasMore,
    loadMore,
  };
}
