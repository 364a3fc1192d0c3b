/**
 * Every API read the screens cache, and what each kind of write refetches. Each hook owns its SWR key
 * and parses the answer with its proto schema (lib/api.ts), so no screen writes a key or sees an answer
 * that breaks the contract; the revalidate… helpers are the one place that knows which cached reads a
 * write changes. (Browsing listings page by page is lib/browse.ts, outside SWR, on the same fetch layer.)
 */
import { publicUserSchema, reviewEligibilitySchema, reviewSchema, userSchema, type PublicUser, type User } from '@vnmarket/proto/src/auth';
import { listingSchema, savedListingSchema, type Listing, type Seller } from '@vnmarket/proto/src/listings';
import { conversationSummarySchema, messageSchema, type Message } from '@vnmarket/proto/src/messaging';
import useSWR, { mutate, type SWRConfiguration } from 'swr';
import { fetchListOrEmptyWhenMissing, fetchParsed, fetchParsedOrNullWhenSignedOut, listOf, queryString, type Contract } from './api';

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

/** The cache keys: each is the URL it reads. Nothing outside this module names one. */
const keys = {
  currentUser: '/api/auth/user',
  unreadCount: '/api/messages/unread-count',
  saved: '/api/saved-listings',
  /** The signed-in user's own listings, active and inactive (profile and dashboard). */
  ownListings: '/api/users/listings',
  conversations: '/api/conversations',
  listing: (id: string) => `/api/listings/${id}`,
  latestListings: (limit: number) => `/api/listings${queryString({ limit })}`,
  messages: (conversationId: string) => `/api/conversations/${conversationId}/messages`,
  publicUser: (userId: string) => `/api/users/${userId}`,
  reviews: (userId: string) => `/api/users/${userId}/reviews`,
  reviewEligibility: (userId: string) => `/api/users/${userId}/reviews/eligibility`,
};

/** Every listing read: browse pages, one listing, own listings and saved items (which embed theirs). */
const isListingKey = (key: unknown) => typeof key === 'string' && /^\/api\/(listings|saved-listings|users\/listings)/.test(key);
/** Any user's reviews (they embed their reviewer's name and photo). */
const isReviewsKey = (key: unknown) => typeof key === 'string' && /^\/api\/users\/[^/]+\/reviews$/.test(key);
/** The inbox, with or without a query string. */
const isInboxKey = (key: unknown) => typeof key === 'string' && (key === keys.conversations || key.startsWith(`${keys.conversations}?`));
/** The inbox and every conversation's messages. */
const isConversationKey = (key: unknown) => typeof key === 'string' && key.startsWith(keys.conversations);

/** GET /api/messages/unread-count: `{ count }`, a whole number (proto has no schema for it). */
const unreadCountSchema: Contract<{ count: number }> = {
  safeParse(value) {
    const count = value && typeof value === 'object' ? (value as { count?: unknown }).count : undefined;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0
      ? { success: true, data: { count } }
      : { success: false, error: { issues: [{ path: ['count'], message: 'Expected a whole number' }] } };
  },
};

const listingListSchema = listOf(listingSchema);

/** SWR read of `key` (null: not yet) parsed with `schema`. */
function useParsed<T>(key: string | null, schema: Contract<T>, options?: SWRConfiguration<T>) {
  return useSWR<T>(key, (url: string) => fetchParsed(url, schema), options);
}

// ---------------------------------------------------------------------------------------------------
// Reads

/** The signed-in user (GET /api/auth/user); null when signed out. */
export function useCurrentUser() {
  return useSWR<User | null>(keys.currentUser, (url: string) => fetchParsedOrNullWhenSignedOut(url, userSchema));
}

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
  return useParsed(enabled ? keys.saved : null, listOf(savedListingSchema));
}

/** The signed-in user's own listings, active and inactive. */
export function useOwnListings(enabled: boolean) {
  return useParsed(enabled ? keys.ownListings : null, listingListSchema);
}

/** The signed-in user's inbox. */
export function useConversations(enabled: boolean) {
  return useParsed(enabled ? keys.conversations : null, listOf(conversationSummarySchema));
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
  return useParsed(userId ? keys.reviews(userId) : null, listOf(reviewSchema));
}

/** Whether the signed-in user may review this seller (and why not). */
export function useReviewEligibility(userId: string | undefined) {
  return useParsed(userId ? keys.reviewEligibility(userId) : null, reviewEligibilitySchema);
}

// ---------------------------------------------------------------------------------------------------
// What a write refetches

/** After signing in or registering: the current user (everything gated on it follows). */
export function revalidateAfterSignIn(): Promise<unknown> {
  return mutate(keys.currentUser);
}

/** After any listing write (create, edit, activate, delete): every cached listing read. */
export function revalidateListings(): Promise<unknown> {
  return mutate(isListingKey);
}

/** After save or unsave: the saved list (so the heart follows the server) and the listings' save counts. */
export function revalidateAfterSaveToggle(): Promise<unknown> {
  return Promise.all([mutate(keys.saved), revalidateListings()]);
}

/**
 * Puts the seller's new public fields into every cached listing read (arrays of listings, one listing,
 * saved items) without refetching them: the listings service copies seller profiles from events, so a
 * refetch right after the change could still answer the old name or rating and undo it. The next real
 * fetch agrees.
 */
export function patchCachedSeller(sellerId: string, fields: Partial<Seller>): Promise<unknown> {
  const patch = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(patch);
    if (!value || typeof value !== 'object') return value;
    const record = value as Record<string, unknown>;
    if ('listing' in record && record.listing && typeof record.listing === 'object') return { ...record, listing: patch(record.listing) };
    const listing = record as Partial<Listing>;
    if (listing.userId === sellerId && listing.user) return { ...listing, user: { ...listing.user, ...fields } };
    return value;
  };
  return mutate(isListingKey, (data: unknown) => patch(data), { revalidate: false });
}

/** After a profile edit (the PATCH answer in hand): the current user, their public profile, reviews they wrote, and the seller shown on listings. */
export function revalidateAfterProfileEdit(updated: User): Promise<unknown> {
  return Promise.all([
    mutate(keys.currentUser, updated, { revalidate: false }),
    mutate(keys.publicUser(updated.id)).catch(() => undefined),
    mutate(isReviewsKey).catch(() => undefined),
    patchCachedSeller(updated.id, {
      firstName: updated.firstName,
      lastName: updated.lastName,
      profileImageUrl: updated.profileImageUrl,
      isVerified: updated.isVerified,
    }),
  ]);
}

/** After a review: the seller's reviews, whether one may review again, and their rating (public profile and the seller shown on listings). */
export async function revalidateAfterReview(sellerId: string): Promise<void> {
  // A failed refetch leaves its screen's own error state; it does not make the review itself fail.
  const [, , seller] = await Promise.all([
    mutate(keys.reviews(sellerId)).catch(() => undefined),
    mutate(keys.reviewEligibility(sellerId)).catch(() => undefined),
    mutate<PublicUser>(keys.publicUser(sellerId)).catch(() => undefined),
  ]);
  if (seller) await patchCachedSeller(sellerId, { averageRating: seller.averageRating, reviewCount: seller.reviewCount });
}

/** After sending a message: the conversation's messages, then (not awaited) the inbox. */
export async function revalidateAfterMessageSent(conversationId: string): Promise<void> {
  await mutate(keys.messages(conversationId));
  void mutate(keys.conversations);
}

/** After marking a conversation read: the unread badge and the inbox. */
export function revalidateAfterConversationRead(): Promise<unknown> {
  return Promise.all([mutate(keys.unreadCount), mutate(keys.conversations)]);
}

/** One conversation's messages (a message pushed into an open conversation). */
export function revalidateMessages(conversationId: string): Promise<unknown> {
  return mutate(keys.messages(conversationId));
}

/** A message pushed over the socket: the unread badge, the inbox and that conversation's messages. */
export function revalidateAfterPushedMessage(message: Message): void {
  void mutate(keys.unreadCount);
  void mutate(isInboxKey);
  void mutate(keys.messages(message.conversationId));
}

/** The socket is back after a drop: the badge, the inbox and every conversation, so nothing sent meanwhile is missed. */
export function revalidateAfterReconnect(): void {
  void mutate(keys.unreadCount);
  void mutate(isConversationKey);
}
