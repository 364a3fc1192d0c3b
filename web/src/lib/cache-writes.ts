/**
 * What each kind of write refetches in SWR's cache (the reads are ./queries.ts). Apart from the reads: only
 * the screens that write load it, so it stays out of the first page's JS.
 */
import type { PublicUser, User } from '@vnmarket/proto/auth';
import type { Listing, Seller } from '@vnmarket/proto/listings';
import type { Message } from '@vnmarket/proto/messaging';
import type { NotificationSocketMessage } from '@vnmarket/proto/notifications';
import { mutate } from 'swr';
import { isConversationKey, isInboxKey, isListingKey, isReviewsKey, keys } from './cache-keys';

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
  void mutate(keys.notificationCount);
  void mutate(keys.notifications);
}

/** The bell's count pushed over the socket (a notification arrived, or was read in another tab); a new one refetches the list. */
export function applyNotificationPush(push: NotificationSocketMessage): void {
  void mutate(keys.notificationCount, { unreadCount: push.unreadCount }, { revalidate: false });
  if (push.notification) void mutate(keys.notifications);
}

/** After marking notifications read here: the count as the server answered it. */
export function setNotificationCount(unreadCount: number): Promise<unknown> {
  return mutate(keys.notificationCount, { unreadCount }, { revalidate: false });
}

/** After blocking or unblocking a member: the blocked list, the inbox (the conversation leaves or comes back) and the unread badge. */
export function revalidateAfterBlockChange(): Promise<unknown> {
  return Promise.all([mutate(keys.blockedMembers), mutate(isInboxKey), mutate(keys.unreadCount)]);
}
