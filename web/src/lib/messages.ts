/**
 * Conversations and their messages: the inbox, one conversation, sending (the one place that posts a
 * message) and marking a conversation read. The unread badge is ./queries.ts's (the first page shows it);
 * pushed messages refresh these reads from ./cache-writes.ts.
 */
import { conversationIdFor, type Message, type SendMessageBody } from '@vnmarket/proto/messaging';
import useSWR, { mutate } from 'swr';
import { apiRequest, fetchListOrEmptyWhenMissing, lazyContract, listOf } from './api';
import { keys } from './cache-keys';
import { useParsed } from './queries';

const conversationListSchema = lazyContract((schemas) => listOf(schemas.conversationSummarySchema));
const messageSchema = lazyContract((schemas) => schemas.messageSchema);

/** The signed-in user's inbox. */
export function useConversations(enabled: boolean) {
  return useParsed(enabled ? keys.conversations : null, conversationListSchema);
}

/** One conversation's messages, oldest first; none yet (404) is an empty list. */
export function useMessages(conversationId: string | undefined) {
  return useSWR<Message[]>(conversationId ? keys.messages(conversationId) : null, (url: string) => fetchListOrEmptyWhenMissing(url, messageSchema));
}

/** One conversation's messages fetched again (a message pushed into an open conversation). */
export function refreshMessages(conversationId: string): Promise<unknown> {
  return mutate(keys.messages(conversationId));
}

/** Sends `content` from `senderId` to `receiverId` (about a listing, if given); the conversation's messages, then (not awaited) the inbox follow. */
export async function sendMessage(senderId: string, message: Omit<SendMessageBody, 'conversationId'>): Promise<void> {
  const conversationId = conversationIdFor(senderId, message.receiverId);
  const body: SendMessageBody = { conversationId, ...message };
  await apiRequest('POST', '/api/messages', body);
  await refreshMessages(conversationId);
  void mutate(keys.conversations);
}

/** Marks a conversation read: the unread badge and the inbox follow. */
export async function markConversationRead(conversationId: string): Promise<void> {
  await apiRequest('PUT', `/api/conversations/${conversationId}/read`);
  await Promise.all([mutate(keys.unreadCount), mutate(keys.conversations)]);
}
