import { z } from 'zod';
import { messageEventData } from './events';

/** Messages, conversations and the /ws protocol (spec sections 3, 4, 5 and 7). */

export const MAX_MESSAGE_LENGTH = 5000;

/** The two participants' ids, sorted and joined with "-" (the client computes it the same way). */
export function conversationIdFor(userA: string, userB: string): string {
  return [userA, userB].sort().join('-');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The participants named by a conversation id, or null when it is not two sorted user ids. */
export function participantsOf(conversationId: string): [string, string] | null {
  if (conversationId.length !== 73 || conversationId[36] !== '-') return null;
  const first = conversationId.slice(0, 36);
  const second = conversationId.slice(37);
  if (!UUID.test(first) || !UUID.test(second) || first === second) return null;
  return conversationIdFor(first, second) === conversationId ? [first, second] : null;
}

export const sendMessageBody = z.object({
  conversationId: z.string().max(100).optional(),
  receiverId: z.uuid({ error: 'Choose who to message' }),
  content: z
    .string({ error: 'Message cannot be empty' })
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MAX_MESSAGE_LENGTH, `Messages can be at most ${MAX_MESSAGE_LENGTH} characters`),
  listingId: z.preprocess((value) => (value === '' || value === null ? undefined : value), z.uuid({ error: 'Invalid listing id' }).optional()),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const messageSchema = messageEventData;
export type Message = z.infer<typeof messageSchema>;

export const conversationSummarySchema = z.object({
  conversationId: z.string(),
  otherUser: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    profileImageUrl: z.string().nullable(),
  }),
  listing: z.object({ id: z.uuid(), title: z.string(), price: z.string() }).optional(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }),
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const messagesPageQuery = z.object({
  limit: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100)),
  /** A message id: return the messages before it (older), for scrolling back. */
  before: z.uuid({ error: 'before must be a message id' }).optional(),
});

/** What a browser may send over /ws. */
export const clientSocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string() }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessage>;

/** What the server pushes over /ws. */
export type ServerSocketMessage =
  | { type: 'authenticated'; userId: string }
  | { type: 'new_message'; message: Message }
  | { type: 'pong' }
  | { type: 'error'; message: string };
