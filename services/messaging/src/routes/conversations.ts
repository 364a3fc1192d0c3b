import { Router, type Request } from 'express';
import { messagesPageQuery, parseConversationId } from '@vnmarket/proto';
import { forbidden, notFound, parseInput } from '@vnmarket/shared';
import { conversationsOf, markRead, threadPage } from '../db/messages';
import type { MessagingContext } from '../service-context';
import { ownPage } from './own-page';

/** Only the two participants named in a conversation id may read it or mark it read. */
function ownConversation(req: Request): string {
  const parsed = parseConversationId(req.params.id as string);
  if (!parsed) throw notFound('Conversation not found');
  if (!parsed.participants.includes(req.session!.userId)) throw forbidden('This conversation is not yours', 'not_participant');
  return parsed.conversationId;
}

/** Conversations: the inbox, one thread, read marks. */
export function conversationsRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/conversations', requireAuth, ownPage(ctx.db, conversationsOf));

  router.get('/api/conversations/:id/messages', requireAuth, async (req, res) => {
    const conversationId = ownConversation(req);
    const page = parseInput(messagesPageQuery, req.query);
    res.json(await threadPage(ctx.db, conversationId, req.session!.userId, page.limit, page.before));
  });

  router.put('/api/conversations/:id/read', requireAuth, async (req, res) => {
    const conversationId = ownConversation(req);
    res.json({ updated: await markRead(ctx.db, conversationId, req.session!.userId) });
  });

  return router;
}
