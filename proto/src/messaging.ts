import { z } from 'zod';
import { idSchema, normalizeId, queryNumberInput, textSchema } from './primitives';
import { messageEventData } from './events';
import type { NotificationSocketMessage } from './notifications';

/** Messages (1 to 5000 characters, between two members, optionally about a listing), conversations and the /ws protocol. */

export const MAX_MESSAGE_LENGTH = 5000;

/** The two participants' ids, sorted and joined with "-" (the client computes it the same way). */
export function conversationIdFor(userA: string, userB: string): string {
  return [userA, userB].sort().join('-');
}

/**
 * The canonical (lower-case) conversation id and its participants, or null when it is not two distinct
 * user ids in sorted order. Ids are compared only in this form (see normalizeId).
 */
export function parseConversationId(value: string): { conversationId: string; participants: [string, string] } | null {
  if (typeof value !== 'string' || value.length !== 73 || value[36] !== '-') return null;
  const first = normalizeId(value.slice(0, 36));
  const second = normalizeId(value.slice(37));
  if (!first || !second || first === second) return null;
  const conversationId = `${first}-${second}`;
  return conversationIdFor(first, second) === conversationId ? { conversationId, participants: [first, second] } : null;
}

export const sendMessageBody = z.object({
  conversationId: z.string().max(100).trim().toLowerCase().optional(),
  receiverId: idSchema('Choose who to message'),
  content: textSchema({ error: 'Message cannot be empty' })
    .min(1, 'Message cannot be empty')
    .max(MAX_MESSAGE_LENGTH, `Messages can be at most ${MAX_MESSAGE_LENGTH} characters`),
  listingId: z.preprocess((value) => (value === '' || value === null ? undefined : value), idSchema('Invalid listing id').optional()),
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
  /** `removed`: the listing was deleted; the conversation stays for both parties. */
  listing: z.object({ id: z.uuid(), title: z.string(), price: z.string(), removed: z.boolean().optional() }).optional(),
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }),
  unreadCount: z.number().int(),
});
export type ConversationSummary = z.infer<typeof conversationSummarySchema>;

export const messagesPageQuery = z.object({
  limit: z.preprocess(
    queryNumberInput,
    z.number({ error: 'limit must be a number' }).int().min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').default(100),
  ),
  /** A message id: return the messages before it (older), for scrolling back. */
  before: idSchema('before must be a message id').optional(),
});

/** What a browser may send over /ws. */
export const clientSocketMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('authenticate'), userId: z.string().max(100).toLowerCase() }),
  z.object({ type: z.literal('ping') }),
]);
export type ClientSocketMessage = z.infer<typeof clientSocketMessage>;

/** What the server pushes over /ws. */
export type ServerSocketMessage =
  | { type: 'authenticated'; userId: string }
  | { type: 'new_message'; message: Message }
  | NotificationSocketMessage
  | { type: 'pong' }
  | { type: 'error'; message: string };

/** A member the signed-in member has blocked (GET /api/users/blocked), newest block first: for Settings. */
export const blockedMemberSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  profileImageUrl: z.string().nullable(),
  blockedAt: z.string(),
});
export type BlockedMember = z.infer<typeof blockedMemberSchema>;

/** The answer of POST and DELETE /api/users/{id}/block: whether that member is blocked now. */
export const blockStateSchema = z.object({ userId: z.uuid(), blocked: z.boolean() });
export type BlockState = z.infer<typeof blockStateSchema>;

/** The neutral refusal of a message between two members of whom one blocked the other (it does not say who, or that). */
export const MESSAGING_UNAVAILABLE = { code: 'messaging_unavailable', message: 'You cannot message this member' } as const;
