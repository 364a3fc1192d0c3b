import { Router, type Request } from 'express';
import { normalizeId, type BlockState } from '@vnmarket/proto';
import { badRequest, notFound } from '@vnmarket/shared';
import { block, blockedBy, isKnownMember, unblock } from '../db/blocks';
import type { MessagingContext } from '../service-context';
import { ownPage } from './own-page';

/** The member named in the path, never the signed-in member themself. */
function otherMember(req: Request): string {
  const userId = normalizeId(req.params.userId);
  if (!userId) throw notFound('Member not found');
  if (userId === req.session!.userId) throw badRequest('You cannot block yourself');
  return userId;
}

/**
 * Blocking: a member blocks another from a conversation or their profile. Neither may then message the
 * other (routes/messages.ts answers a neutral 403), and the conversation leaves the blocker's inbox and
 * unread count until they unblock, from Settings. Both writes are idempotent; each changes only the
 * signed-in member's own list.
 */
export function blocksRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/users/blocked', requireAuth, ownPage(ctx.db, blockedBy));

  router.post('/api/users/:userId/block', requireAuth, async (req, res) => {
    const userId = otherMember(req);
    if (!(await isKnownMember(ctx.db, userId))) throw notFound('Member not found');
    await block(ctx.db, req.session!.userId, userId);
    res.json({ userId, blocked: true } satisfies BlockState);
  });

  router.delete('/api/users/:userId/block', requireAuth, async (req, res) => {
    const userId = otherMember(req);
    // A member who has since deleted their account can still be unblocked; a stranger id is unknown.
    if (!(await unblock(ctx.db, req.session!.userId, userId)) && !(await isKnownMember(ctx.db, userId))) throw notFound('Member not found');
    res.json({ userId, blocked: false } satisfies BlockState);
  });

  return router;
}
