/**
 * The cache updates that more than one resource makes, and those of the socket's pushes: every listing read
 * refetched, a seller's new fields put into cached listings, a pushed message or notification. A resource's
 * own cache updates sit with its writes in its module (./listings.ts, ./messages.ts...). Only the screens
 * that write and the socket load it, so it stays out of the first page's JS.
 */
import type { Listing, Seller } from '@vnmarket/proto/listings';
import type { Message } from '@vnmarket/proto/messaging';
import type { NotificationSocketMessage } from '@vnmarket/proto/notifications';
import { mutate } from 'swr';
import { isConversationKey, isInboxKey, isListingKey, keys } from './cache-keys';

/** After any listing write (create, edit, activate, delete): every cached listing read. */
export function revalidateListings(): Promise<unknown> {
  return mutate(isListingKey);
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
