import { Router } from 'express';
import { conversationIdFor, sendMessageBody } from '@vnmarket/proto';
import { badRequest, notFound, parseInput } from '@vnmarket/shared';
import { insertMessage, toMessage, unreadCount } from '../db/messages';
import { userExists } from '../db/read-copies';
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
    if (!(await userExists(ctx.db, body.receiverId))) throw notFound('Recipient not found');
    const row = await ctx.db.transaction(async (trx) => {
      const stored = await insertMessage(trx, {
        conversation_id: conversationId,
        sender_id: senderId,
        receiver_id: body.receiverId,
        listing_id: body.listingId ?? null,
        content: body.content,
      });
      // Pushed to the sockets of both users by every replica, once this commits.
      await ctx.outbox.add(trx, 'message.created', toMessage(stored));
      return stored;
    });
    res.status(201).json(toMessage(row));
  });

  router.get('/api/messages/unread-count', requireAuth, async (req, res) => {
    res.json({ count: await unreadCount(ctx.db, req.session!.userId) });
  });

  return router;
}
