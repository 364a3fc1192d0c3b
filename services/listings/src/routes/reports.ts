import { Router } from 'express';
import { reportBody } from '@vnmarket/proto';
import { conflict, isUniqueViolation, notFound, parseInput } from '@vnmarket/shared';
import { OPEN_REPORT_CONSTRAINT, insertReport } from '../db/reports';
import type { ListingsContext } from '../service-context';

/** Reports: one open report per user per listing. */
export function reportsRoutes(ctx: ListingsContext): Router {
  const router = Router();

  router.post('/api/reports', ctx.authenticator.requireAuth, async (req, res) => {
    const body = parseInput(reportBody, req.body);
    const listing = await ctx.db('listings').select('id').where({ id: body.listingId }).first();
    if (!listing) throw notFound('Listing not found');
    const report = await insertReport(ctx.db, {
      listing_id: body.listingId,
      reporter_id: req.session!.userId,
      reason: body.reason,
      description: body.description ?? null,
    }).catch((error) => {
      throw isUniqueViolation(error, OPEN_REPORT_CONSTRAINT) ? conflict('You have already reported this listing', 'already_reported') : error;
    });
    res.status(201).json(report);
  });

  return router;
}
