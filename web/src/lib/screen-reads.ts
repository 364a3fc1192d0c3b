/**
 * The API reads of the screens that load on demand: each hook owns its SWR key (./cache-keys.ts) and
 * parses the answer with its proto schema, as ./queries.ts's do. Apart from those (the reads of the
 * first page, with the SWR settings), so that a visitor's first page does not carry them.
 */
import type { Message } from '@vnmarket/proto/messaging';
import useSWR from 'swr';
import { fetchListOrEmptyWhenMissing, lazyContract, listOf } from './api';
import { keys } from './cache-keys';
import { listingListSchema, useParsed } from './queries';

const listingSchema = lazyContract((schemas) => schemas.listingSchema);
const savedListSchema = lazyContract((schemas) => listOf(schemas.savedListingSchema));
const conversationListSchema = lazyContract((schemas) => listOf(schemas.conversationSummarySchema));
const blockedListSchema = lazyContract((schemas) => listOf(schemas.blockedMemberSchema));
const messageSchema = lazyContract((schemas) => schemas.messageSchema);
const publicUserSchema = lazyContract((schemas) => schemas.publicUserSchema);
const reviewListSchema = lazyContract((schemas) => listOf(schemas.reviewSchema));
const reviewEligibilitySchema = lazyContract((schemas) => schemas.reviewEligibilitySchema);
const replyTimeSchema = lazyContract((schemas) => schemas.replyTimeSchema);

/** One listing; `id` undefined: not yet (auth still loading, or signed out). */
export function useListing(id: string | undefined) {
  return useParsed(id ? keys.listing(id) : null, listingSchema);
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

/** How soon a member typically replies to messages (messaging's figure; the seller card says it). */
export function useReplyTime(userId: string | undefined) {
  return useParsed(userId ? keys.replyTime(userId) : null, replyTimeSchema);
}

/** Whether the signed-in user may review this seller (and why not). */
export function useReviewEligibility(userId: string | undefined) {
  return useParsed(userId ? keys.reviewEligibility(userId) : null, reviewEligibilitySchema);
}

/** The members the signed-in member has blocked, newest first. */
export function useBlockedMembers(enabled: boolean) {
  return useParsed(enabled ? keys.blockedMembers : null, blockedListSchema);
}
