/**
 * SWR's settings and the reads of the first page besides who is signed in (./session.ts): the unread
 * badge and the landing page's listings. Each hook owns its SWR key (./cache-keys.ts) and parses the answer
 * with its proto schema (lib/api.ts), so no screen writes a key or sees an answer that breaks the contract.
 * Every other read sits with its writes in its resource's module (./listings.ts, ./messages.ts, ./saved.ts,
 * ./reviews.ts, ./members.ts, ./moderation.ts, ./notifications.ts, ./saved-searches.ts), which only the
 * screens that use them load, so the first page's JS does not carry them. (Browsing listings page by page
 * is lib/browse.ts, outside SWR, on the same fetch layer.)
 */
import useSWR, { type SWRConfiguration } from 'swr';
import { fetchParsed, lazyContract, listOf, type Contract, type ContractSource } from './api';
import { keys } from './cache-keys';

/**
 * Reads never retry, never refetch on focus or reconnect, never go stale and never poll unless their
 * hook says so: a screen shows what it fetched until a write or a pushed message refetches it.
 */
export const swrConfig: SWRConfiguration = {
  shouldRetryOnError: false,
  errorRetryCount: 0,
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  refreshInterval: 0,
  dedupingInterval: 0,
};

/** The unread badge polls every 10 s while signed in. */
const UNREAD_POLL_MS = 10_000;

/** GET /api/messages/unread-count: `{ count }`, a whole number (proto has no schema for it). */
const unreadCountSchema: Contract<{ count: number }> = {
  safeParse(value) {
    const count = value && typeof value === 'object' ? (value as { count?: unknown }).count : undefined;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0
      ? { success: true, data: { count } }
      : // eslint-disable-next-line lingui/no-unlocalized-strings -- a contract issue, for the developer
        { success: false, error: { issues: [{ path: ['count'], message: 'Expected a whole number' }] } };
  },
};

// proto's schema, loaded with the first answer it checks (lib/contracts.ts).
export const listingListSchema = lazyContract((schemas) => listOf(schemas.listingSchema));

/** SWR read of `key` (null: not yet) parsed with `schema`. */
export function useParsed<T>(key: string | null, schema: ContractSource<T>, options?: SWRConfiguration<T>) {
  return useSWR<T>(key, (url: string) => fetchParsed(url, schema), options);
}

/** The unread badge: polled every 10 s while signed in. */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useParsed(signedIn ? keys.unreadCount : null, unreadCountSchema, { refreshInterval: UNREAD_POLL_MS });
  return data?.count ?? 0;
}

/** The newest listings, at most `limit` (the landing page's featured listings). */
export function useLatestListings(limit: number) {
  return useParsed(keys.latestListings(limit), listingListSchema);
}
