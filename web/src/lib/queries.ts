/**
 * Every API read the screens cache. Each hook owns its SWR key (./cache-keys.ts) and parses the answer
 * with its proto schema (lib/api.ts), so no screen writes a key or sees an answer that breaks the
 * contract; what each write refetches is ./cache-writes.ts, kept apart so that the first page's JS does
 * not carry it. (Browsing listings page by page is lib/browse.ts, outside SWR, on the same fetch layer.)
 */
import type { User } from '@vnmarket/proto/src/auth';
import type { Message } from '@vnmarket/proto/src/messaging';
import useSWR, { preload, type SWRConfiguration } from 'swr';
import { fetchListOrEmptyWhenMissing, fetchParsed, fetchParsedOrNullWhenSignedOut, lazyContract, listOf, type Contract, type ContractSource } from './api';
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
      : { success: false, error: { issues: [{ path: ['count'], message: 'Expected a whole number' }] } };
  },
};

// proto's schemas, loaded with the first answer they check (lib/contracts.ts): a signed-out visitor's
// current-user read is a 401 and checks nothing, so the landing page renders without zod.
const userSchema = lazyContract((schemas) => schemas.userSchema);
const listingSchema = lazyContract((schemas) => schemas.listingSchema);
const listingListSchema = lazyContract((schemas) => listOf(schemas.listingSchema));
const savedListSchema = lazyContract((schemas) => listOf(schemas.savedListingSchema));
const conversationListSchema = lazyContract((schemas) => listOf(schemas.conversationSummarySchema));
const messageSchema = lazyContract((schemas) => schemas.messageSchema);
const publicUserSchema = lazyContract((schemas) => schemas.publicUserSchema);
const reviewListSchema = lazyContract((schemas) => listOf(schemas.reviewSchema));
const reviewEligibilitySchema = lazyContract((schemas) => schemas.reviewEligibilitySchema);

/** SWR read of `key` (null: not yet) parsed with `schema`. */
function useParsed<T>(key: string | null, schema: ContractSource<T>, options?: SWRConfiguration<T>) {
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

/** One listing; `id` undefined: not yet (auth still loading, or signed out). */
export function useListing(id: string | undefined) {
  return useParsed(id ? keys.listing(id) : null, listingSchema);
}

/** The newest listings, at most `limit` (the landing page's featured listings). */
export function useLatestListings(limit: number) {
  return useParsed(keys.latestListings(limit), listingListSchema);
}

/** The signed-in user's saved listings, newest first, each with its listing. */
export function useSaved(enabled: boolean) {
  return useParsed(enabled ? keys.saved : null, savedListSchema);
}

/** The signed-in user's own listings, active and inactive. */
export function useOwnListings(enabled: boolean) {
  return useParsed(enabled ? keys.ownListings : null, listingListSchema);
}

/** The signed-in user's inbox. */
export function useConversations(enabled: boolean) {
  return useParsed(enabled ? keys.conversations : null, conversationListSchema);
}

/** One conversation's messages, oldest first; none yet (404) is an empty list. */
export function useMessages(conversationId: string | undefined) {
  return useSWR<Message[]>(conversationId ? keys.messages(conversationId) : null, (url: string) => fetchListOrEmptyWhenMissing(url, messageSchema));
}

/** What anyone may see of a member. */
export function usePublicUser(userId: string | undefined) {
  return useParsed(userId ? keys.publicUser(userId) : null, publicUserSchema);
}

/** A seller's reviews, newest first. */
export function useReviews(userId: string | undefined) {
  return useParsed(userId ? keys.reviews(userId) : null, reviewListSchema);
}

/** Whether the signed-in user may review this seller (and why not). */
export function useReviewEligibility(userId: string | undefined) {
  return useParsed(userId ? keys.reviewEligibility(userId) : null, reviewEligibilitySchema);
}
