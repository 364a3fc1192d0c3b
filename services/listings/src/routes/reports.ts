import { Router } from 'express';
import { reportBody } from '@vnmarket/proto';
import { badRequest, conflict, isUniqueViolation, notFound, ownList, parseInput } from '@vnmarket/shared';
import { holdListing, openCaseOf, reportsOf, reporterCount } from '../db/moderation';
import { OPEN_REPORT_CONSTRAINT, insertReport } from '../db/reports';
import { publishListing, publishModerated } from '../events/publish';
import type { ListingsContext } from '../service-context';

const TOO_MANY_REPORTS = 'You have sent as many reports as allowed today. Please try again tomorrow.';

/**
 * Reports: one open report per member per listing. Each joins its listing's open case, and the case's
 * REPORTS_TO_HOLD_LISTING-th distinct reporter holds the listing until a moderator decides.
 */
export function reportsRoutes(ctx: ListingsContext): Router {
  const router = Router();

  router.post('/api/reports', ctx.authenticator.requireAuth, async (req, res) => {
    const body = parseInput(reportBody, req.body);
    const reporterId = req.session!.userId;
    // Counted up front, so parallel reports cannot pass the allowance together; a report not filed gives it back.
    await ctx.limits.reportsFiled.consume(reporterId, TOO_MANY_REPORTS);
    const { report, held } = await ctx.db
      .transaction(async (trx) => {
        // Locked, so concurrent reports count one another and hold the listing once.
        const listing = await trx('listings').select('id', 'user_id', 'is_active').where({ id: body.listingId }).forUpdate().first();
        if (!listing || !listing.is_active) throw notFound('Listing not found');
        if (listing.user_id === reporterId) throw badRequest('You cannot report your own listing');
        const openCase = await openCaseOf(trx, listing);
        const report = await insertReport(trx, {
          listing_id: listing.id,
          reporter_id: reporterId,
          reason: body.reason,
          description: body.description ?? null,
          case_id: openCase.id,
        });
        const heldRow = (await reporterCount(trx, openCase.id)) >= ctx.config.REPORTS_TO_HOLD_LISTING ? await holdListing(trx, listing.id) : undefined;
        if (heldRow) {
          await publishListing(ctx.outbox, trx, 'listing.updated', heldRow);
          await publishModerated(ctx.outbox, trx, heldRow, 'held');
        }
        return { report, held: heldRow !== undefined };
      })
      .catch((error) => {
        throw isUniqueViolation(error, OPEN_REPORT_CONSTRAINT) ? conflict('You have already reported this listing', 'already_reported') : error;
      })
      .catch(async (error: unknown) => {
        await ctx.limits.reportsFiled.refund(reporterId);
        throw error;
      });
    if (held) {
      ctx.browseCache.invalidate();
      ctx.logger.info({ listingId: body.listingId }, 'listing held for review after reports');
    }
    res.status(201).json(report);
  });

  // What became of each of the member's reports (the profile's Settings tab).
  router.get('/api/reports/mine', ctx.authenticator.requireAuth, ownList(ctx.db, reportsOf));

  return router;
}
