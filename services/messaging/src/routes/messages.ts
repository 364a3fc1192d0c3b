import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { conversationIdFor, sendMessageBody } from '@vnmarket/proto';
import { badRequest, notFound, parseInput } from '@vnmarket/shared';
import { toMessage, unreadCount, type MessageRow } from '../db/messages';
import { messageCreatedRow } from '../events/publish';
import type { MessagingContext } from '../service-context';

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
