import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { conversationIdFor, MESSAGING_UNAVAILABLE, sendMessageBody } from '@vnmarket/proto';
import { badRequest, forbidden, notFound, parseInput, type Knex } from '@vnmarket/shared';
import { asSeenBy, toMessage, unreadCount, type MessageRow } from '../db/messages';
import { conversationStarted } from '../db/first-messages';
import { listingCopy } from '../db/read-copies';
import { messageCreatedRow } from '../events/publish';
import { warningForNewMessage } from '../safety/scam-guard';
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

const TOO_MANY_NEW_CONVERSATIONS = 'You have started as many new conversations as allowed this hour. Please try again later.';

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
    // Opening conversations is what spam does: bounded per member, while replies and threads go on freely.
    if (!(await conversationStarted(ctx.db, conversationId))) await ctx.firstMessageLimit.consume(senderId, TOO_MANY_NEW_CONVERSATIONS);
    const row: MessageRow = {
      id: randomUUID(),
      conversation_id: conversationId,
      sender_id: senderId,
      receiver_id: body.receiverId,
      listing_id: body.listingId ?? null,
      content: body.content,
      is_read: false,
      created_at: ctx.clock(),
      // Decided now and stored: its receiver sees the tip; nothing is refused and the sender is not told.
      warning: await warningForNewMessage(ctx.db, ctx.ownHosts, { content: body.content, conversationId, receiverId: body.receiverId }),
    };
    const message = toMessage(row);
    // The outbox row (same statement as the message) is the durable event; the live push, once the
    // message is committed, reaches the sockets without waiting for the relay.
    const outcome = await ctx.messageWriter.store({ message: row, outboxRow: messageCreatedRow(ctx.outbox, message) });
    if (outcome === 'no_recipient') throw notFound('Recipient not found');
    // Either has blocked the other: the same words both ways, and they do not say who blocked whom.
    if (outcome === 'blocked') throw forbidden(MESSAGING_UNAVAILABLE.message, MESSAGING_UNAVAILABLE.code);
    ctx.livePush.publish(message);
    res.status(201).json(asSeenBy(message, senderId));
  });

  router.get('/api/messages/unread-count', requireAuth, async (req, res) => {
    res.json({ count: await unreadCount(ctx.db, req.session!.userId) });
  });

  return router;
}
