import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { conversationIdFor, sendMessageBody } from '@vnmarket/proto';
import { badRequest, notFound, parseInput, type Knex } from '@vnmarket/shared';
import { toMessage, unreadCount, type MessageRow } from '../db/messages';
import { listingCopy } from '../db/read-copies';
import { messageCreatedRow } from '../events/publish';
import type { MessagingContext } from '../service-context';

/**
 * A message about a listing names one of the two parties' listings, not a deleted one. A listing whose copy
 * has not arrived yet (listings publish a new one a moment after it is made) is taken on trust.
 */
async function requireListingOfEither(db: Knex, listingId: string, senderId: string, receiverId: string): Promise<void> {
  const listing = await listingCopy(db, listingId);
  if (!listing) return;
  if (listing.deleted) throw notFound('Listing not found');
  if (listing.user_id !== senderId && listing.user_id !== receiverId) {
    throw badRequest("A message can only be about the recipient's listing or your own");
  }
}

/** Sending messages and the unread badge. */
export function messagesRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.post('/api/messages', requireAuth, async (req, res) => {
    const senderId = req.session!.userId;
    await ctx.sendLimit.consume(senderId, 'You are sending messages too fast. Please wait a moment.');
    const body = parseInput(sendMessageBody, req.body);
    if (body.receiverId === senderId) throw badRequest('You cannot message yourself');
    const conversationId = conversationIdFor(senderId, body.receiverId);
    if (body.conversationId !== undefined && body.conversationId !== conversationId) {
      throw badRequest('conversationId does not match the sender and receiver');
    }
    if (body.listingId) await requireListingOfEither(ctx.db, body.listingId, senderId, body.receiverId);
    const row: MessageRow = {
      id: randomUUID(),
      conversation_id: conversationId,
      sender_id: senderId,
      receiver_id: body.receiverId,
      listing_id: body.listingId ?? null,
      content: body.content,
      is_read: false,
      created_at: ctx.clock(),
    };
    const message = toMessage(row);
    // The outbox row (same statement as the message) is the durable event; the live push, once the
    // message is committed, reaches the sockets without waiting for the relay.
    if (!(await ctx.messageWriter.store({ message: row, outboxRow: messageCreatedRow(ctx.outbox, message) }))) throw notFound('Recipient not found');
    ctx.livePush.publish(message);
    res.status(201).json(message);
  });

  router.get('/api/messages/unread-count', requireAuth, async (req, res) => {
    res.json({ count: await unreadCount(ctx.db, req.session!.userId) });
  });

  return router;
}
