import { Router, type RequestHandler } from 'express';
import { appealBody, MODERATION_ACTIONS, moderationDecisionBody, type ModerationAction } from '@vnmarket/proto';
import { conflict, forbidden, notFound, parseInput, pathId, type Knex } from '@vnmarket/shared';
import { decideCase, hideListingsOfOwner, lockCase, openAppeal, openCases, removeListing, restoreListing } from '../db/moderation';
import type { ListingRow } from '../db/listings';
import { isModerator } from '../db/sellers';
import { publishListing, publishModerated } from '../events/publish';
import type { ListingsContext } from '../service-context';

const CASE_NOT_FOUND = 'Case not found';
const LISTING_NOT_FOUND = 'Listing not found';

/** Members granted the role by an operator (auth's copy in sellers); anyone else gets a 403. */
function requireModerator(ctx: ListingsContext): RequestHandler[] {
  return [
    ctx.authenticator.requireAuth,
    async (req, _res, next) => {
      if (!(await isModerator(ctx.db, req.session!.userId))) throw forbidden('Only moderators can do this', 'not_moderator');
      next();
    },
  ];
}

/** What each decision does to the case's listing (and, for a suspension, to the rest of its owner's). */
async function applyDecision(ctx: ListingsContext, trx: Knex.Transaction, action: ModerationAction, listingId: string, ownerId: string): Promise<ListingRow[]> {
  if (action === 'dismiss') {
    const restored = await restoreListing(trx, listingId);
    return restored ? [restored] : [];
  }
  const removed = (await removeListing(trx, listingId))!;
  return action === 'suspend' ? [removed, ...(await hideListingsOfOwner(trx, ownerId))] : [removed];
}

/** The moderation queue, a moderator's decisions, and an owner's one appeal of a removed listing. */
export function moderationRoutes(ctx: ListingsContext): Router {
  const router = Router();
  const moderatorsOnly = requireModerator(ctx);

  router.get('/api/moderation/cases', ...moderatorsOnly, async (_req, res) => {
    res.json(await openCases(ctx.db));
  });

  for (const action of MODERATION_ACTIONS) {
    router.post(`/api/moderation/cases/:id/${action}`, ...moderatorsOnly, async (req, res) => {
      const caseId = pathId(req.params.id, CASE_NOT_FOUND);
      const { reason } = parseInput(moderationDecisionBody, req.body);
      const moderatorId = req.session!.userId;
      await ctx.db.transaction(async (trx) => {
        const found = await lockCase(trx, caseId);
        if (!found) throw notFound(CASE_NOT_FOUND);
        if (found.status !== 'open') throw conflict('This case has already been decided', 'case_closed');
        if (action === 'suspend' && found.owner_id === moderatorId) throw forbidden('You cannot suspend yourself', 'own_account');
        await decideCase(trx, caseId, action, moderatorId, reason);
        const changed = await applyDecision(ctx, trx, action, found.listing_id, found.owner_id);
        for (const row of changed) await publishListing(ctx.outbox, trx, 'listing.updated', row);
        // The owner hears what became of the case's listing (a dismissal restores only a held one).
        const decided = changed.find((row) => row.id === found.listing_id);
        if (decided) await publishModerated(ctx.outbox, trx, decided, action === 'dismiss' ? 'restored' : 'removed');
        if (action === 'suspend') {
          await trx('sellers').where({ id: found.owner_id }).update({ suspended: true });
          await ctx.outbox.add(trx, 'member.suspended', { userId: found.owner_id, moderatorId, reason, caseId });
        }
      });
      ctx.browseCache.invalidate();
      ctx.logger.info({ caseId, action, moderatorId }, 'moderation decision');
      res.json({ message: 'Decision recorded', status: action === 'dismiss' ? 'dismissed' : action === 'remove' ? 'removed' : 'suspended' });
    });
  }

  router.post('/api/listings/:id/appeal', ctx.authenticator.requireAuth, async (req, res) => {
    const listingId = pathId(req.params.id, LISTING_NOT_FOUND);
    const { text } = parseInput(appealBody, req.body);
    const appeal = await ctx.db.transaction(async (trx) => {
      const listing = await trx('listings').select('id', 'user_id', 'moderation_state').where({ id: listingId }).forUpdate().first();
      if (!listing) throw notFound(LISTING_NOT_FOUND);
      if (listing.user_id !== req.session!.userId) throw forbidden('You can only appeal for your own listings', 'not_owner');
      if (listing.moderation_state !== 'removed') throw conflict('Only a removed listing can be appealed', 'not_removed');
      if (await trx('moderation_cases').where({ listing_id: listingId, kind: 'appeal' }).first('id')) {
        throw conflict('You have already appealed for this listing', 'already_appealed');
      }
      return openAppeal(trx, listing, text);
    });
    res.status(201).json({ id: appeal.id, status: appeal.status, openedAt: appeal.opened_at.toISOString() });
  });

  return router;
}
