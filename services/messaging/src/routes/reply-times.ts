import { Router } from 'express';
import type { ReplyTime } from '@vnmarket/proto';
import { notFound, pathId } from '@vnmarket/shared';
import { medianReplySeconds } from '../db/reply-times';
import type { MessagingContext } from '../service-context';

/** Fewer replies than this say too little: the answer then has no figure. */
const MIN_REPLIES = 3;
/** How long a replica keeps a user's figure: a typical reply time moves slowly, and a listing page asks for it on every visit. */
const KEEP_MS = 10 * 60 * 1000;
const MAX_KEPT = 10_000;

/**
 * GET /api/users/{userId}/reply-time: how soon a member typically replies (the seller card says it). Public,
 * as the seller's rating is: a figure over many conversations, never one of them. Messaging owns the messages,
 * so it answers itself, from its own tables.
 */
export function replyTimesRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const kept = new Map<string, { answer: ReplyTime; until: number }>();

  router.get('/api/users/:userId/reply-time', async (req, res) => {
    const userId = pathId(req.params.userId, 'User not found');
    const now = ctx.clock();
    let entry = kept.get(userId);
    if (!entry || entry.until <= now.getTime()) {
      if (!(await ctx.db('users').where({ id: userId, deleted: false }).first('id'))) throw notFound('User not found');
      const { seconds, replies } = await medianReplySeconds(ctx.db, userId, now);
      const typicalReplyMinutes = seconds !== null && replies >= MIN_REPLIES ? Math.round(seconds / 60) : null;
      entry = { answer: { userId, typicalReplyMinutes, replies }, until: now.getTime() + KEEP_MS };
      kept.delete(userId);
      kept.set(userId, entry);
      // A Map iterates in insertion order: the first is the oldest.
      if (kept.size > MAX_KEPT) kept.delete(kept.keys().next().value!);
    }
    res.set('Cache-Control', 'public, max-age=300');
    res.json(entry.answer);
  });

  return router;
}
