import { z } from 'zod';
import { REPORT_REASONS } from './listing-values';
import { textSchema } from './primitives';

/**
 * Reports become cases. A listing's first open report opens its case; enough distinct reporters hold the
 * listing (hidden from everyone but its owner and moderators) until a moderator decides. An owner whose
 * listing was removed may appeal once, which opens a new case.
 */

/** Why a listing is out of the catalogue by a moderator's hand, not its owner's (absent: it is not). */
export const MODERATION_STATES = ['held', 'removed', 'suspended'] as const;
export type ModerationState = (typeof MODERATION_STATES)[number];

export const CASE_KINDS = ['reports', 'appeal'] as const;
export const CASE_STATUSES = ['open', 'dismissed', 'removed', 'suspended'] as const;
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** What became of a report, as its reporter sees it. */
export const REPORT_OUTCOMES = ['pending', 'dismissed', 'upheld'] as const;
export type ReportOutcome = (typeof REPORT_OUTCOMES)[number];

/** POST /api/moderation/cases/{id}/{dismiss,remove,suspend}: every decision says why. */
export const moderationDecisionBody = z.object({
  reason: textSchema({ error: 'Please give a reason' }).min(3, 'Please give a reason').max(1000, 'The reason must be at most 1000 characters'),
});
export type ModerationDecisionBody = z.input<typeof moderationDecisionBody>;

/** POST /api/listings/{id}/appeal: once per removed listing. */
export const appealBody = z.object({
  text: textSchema({ error: 'Please say why the listing should come back' })
    .min(10, 'Please say why the listing should come back')
    .max(2000, 'The appeal must be at most 2000 characters'),
});
export type AppealBody = z.input<typeof appealBody>;

export const caseReportSchema = z.object({
  id: z.uuid(),
  reason: z.enum(REPORT_REASONS),
  description: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/moderation/cases: one open case with what a moderator needs to decide it. */
export const moderationCaseSchema = z.object({
  id: z.uuid(),
  kind: z.enum(CASE_KINDS),
  status: z.enum(CASE_STATUSES),
  openedAt: z.string(),
  appealText: z.string().nullable(),
  listing: z.object({
    id: z.uuid(),
    title: z.string(),
    description: z.string(),
    category: z.string(),
    price: z.string(),
    priceType: z.string(),
    location: z.string(),
    images: z.array(z.string()),
    createdAt: z.string(),
    moderationStatus: z.enum(MODERATION_STATES).nullable(),
  }),
  reports: z.array(caseReportSchema),
  reporterCount: z.number().int(),
  owner: z.object({
    id: z.uuid(),
    firstName: z.string(),
    lastName: z.string(),
    memberSince: z.string().nullable(),
    phoneVerified: z.boolean(),
    suspended: z.boolean(),
    earlierCases: z.object({ dismissed: z.number().int(), removed: z.number().int() }),
  }),
});
export type ModerationCase = z.infer<typeof moderationCaseSchema>;

/** GET /api/reports/mine: the member's reports, newest first, with what became of each. */
export const myReportSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  listingTitle: z.string(),
  reason: z.enum(REPORT_REASONS),
  outcome: z.enum(REPORT_OUTCOMES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type MyReport = z.infer<typeof myReportSchema>;
