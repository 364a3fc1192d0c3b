/**
 * The API reads the app caches, with SWR's settings. Each hook owns its SWR key (./cache-keys.ts) and
 * parses the answer with its proto schema (lib/api.ts), so no screen writes a key or sees an answer that
 * breaks the contract. Here the reads of the first page (who is signed in, the unread badge, the landing
 * page's listings); the other screens' are ./screen-reads.ts, and what each write refetches is
 * ./cache-writes.ts, both kept apart so that the first page's JS does not carry them. (Browsing listings
 * page by page is lib/browse.ts, outside SWR, on the same fetch layer.)
 */
import type { User } from '@vnmarket/proto/auth';
import useSWR, { preload, type SWRConfiguration } from 'swr';
import { fetchParsed, fetchParsedOrNullWhenSignedOut, lazyContract, listOf, type Contract, type ContractSource } from './api';
import { keys } from './cache-keys';
import { mayBeSignedIn, rememberSignedIn } from './signed-in-hint';

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
export const UNREAD_POLL_MS = 10_000;

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

// proto's schemas, loaded with the first answer they check (lib/contracts.ts): a signed-out visitor's
// current-user read is a 401 and checks nothing, so the landing page renders without zod.
const userSchema = lazyContract((schemas) => schemas.userSchema);
export const listingListSchema = lazyContract((schemas) => listOf(schemas.listingSchema));

/** SWR read of `key` (null: not yet) parsed with `schema`. */
export function useParsed<T>(key: string | null, schema: ContractSource<T>, options?: SWRConfiguration<T>) {
  return useSWR<T>(key, (url: string) => fetchParsed(url, schema), options);
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** GET /api/auth/user; null when signed out, without asking when this browser cannot hold a session (see mayBeSignedIn). Each answer updates the signed-in hint. */
async function fetchCurrentUser(url: string): Promise<User | null> {
  if (!mayBeSignedIn()) return null;
  const user = await fetchParsedOrNullWhenSignedOut(url, userSchema);
  rememberSignedIn(user !== null);
  return user;
}

/** The signed-in user (null when signed out). */
export function useCurrentUser() {
  return useSWR<User | null>(keys.currentUser, fetchCurrentUser);
}

/** Asks who is signed in before the first render; useCurrentUser takes that answer (SWR's preload). */
export const preloadCurrentUser = () => preload(keys.currentUser, fetchCurrentUser);

/** The unread badge: polled every 10 s while signed in. */
export function useUnreadCount(signedIn: boolean): number {
  const { data } = useParsed(signedIn ? keys.unreadCount : null, unreadCountSchema, { refreshInterval: UNREAD_POLL_MS });
  return data?.count ?? 0;
}

/** The newest listings, at most `limit` (the landing page's featured listings). */
export function useLatestListings(limit: number) {
  return useParsed(keys.latestListings(limit), listingListSchema);
}
