import { Router } from 'express';
import { reportBody } from '@vnmarket/proto';
import { conflict, isUniqueViolation, notFound, parseInput } from '@vnmarket/shared';
import { OPEN_REPORT_CONSTRAINT, insertReport } from '../db/reports';
import type { ListingsContext } from '../service-context';

const TOO_MANY_REPORTS = 'You have sent as many reports as allowed today. Please try again tomorrow.';

/** Reports: one open report per user per listing. */
export function reportsRoutes(ctx: ListingsContext): Router {
  const router = Router();

  router.post('/api/reports', ctx.authenticator.requireAuth, async (req, res) => {
    const body = parseInput(reportBody, req.body);
    // Counted up front, so parallel reports cannot pass the allowance together; a report not filed gives it back.
    await ctx.limits.reportsFiled.consume(req.session!.userId, TOO_MANY_REPORTS);
    const report = await (async () => {
      const listing = await ctx.db('listings').select('id').where({ id: body.listingId }).first();
      if (!listing) throw notFound('Listing not found');
      return insertReport(ctx.db, {
        listing_id: body.listingId,
        reporter_id: req.session!.userId,
        reason: body.reason,
        description: body.description ?? null,
      }).catch((error) => {
        throw isUniqueViolation(error, OPEN_REPORT_CONSTRAINT) ? conflict('You have already reported this listing', 'already_reported') : error;
      });
    })().catch(async (error: unknown) => {
      await ctx.limits.reportsFiled.refund(req.session!.userId);
      throw error;
    });
    res.status(201).json(report);
  });

  return router;
}
