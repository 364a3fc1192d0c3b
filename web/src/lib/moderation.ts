/**
 * Moderation as the web app reads and writes it: the queue and its decisions (moderators), a member's
 * reports and what became of them, and an owner's appeal. Loaded only by the screens that use it.
 */
import type { ReportBody } from '@vnmarket/proto/listings';
import type { ModerationAction } from '@vnmarket/proto/moderation';
import { mutate } from 'swr';
import { apiRequest, lazyContract, listOf } from './api';
import { revalidateListings } from './cache-writes';
import { useParsed } from './queries';

const moderationKeys = {
  cases: '/api/moderation/cases',
  myReports: '/api/reports/mine',
};

const caseListSchema = lazyContract((schemas) => listOf(schemas.moderationCaseSchema));
const myReportListSchema = lazyContract((schemas) => listOf(schemas.myReportSchema));

/** The open cases, held listings first; only for moderators (others get a 403). */
export function useModerationCases(enabled: boolean) {
  return useParsed(enabled ? moderationKeys.cases : null, caseListSchema);
}

/** What became of the signed-in member's reports, newest first. */
export function useMyReports(enabled: boolean) {
  return useParsed(enabled ? moderationKeys.myReports : null, myReportListSchema);
}

/** A moderator's decision on a case, with its reason; the queue and every listing read follow. */
export async function decideCase(caseId: string, action: ModerationAction, reason: string): Promise<void> {
  await apiRequest('POST', `/api/moderation/cases/${caseId}/${action}`, { reason });
  await Promise.all([mutate(moderationKeys.cases), revalidateListings()]);
}

/** An owner's one appeal of a removed listing. */
export async function appealRemoval(listingId: string, text: string): Promise<void> {
  await apiRequest('POST', `/api/listings/${listingId}/appeal`, { text });
}

/** A member's report of a listing (what becomes of it shows in their Settings: useMyReports). */
export async function submitReport(body: ReportBody): Promise<void> {
  await apiRequest('POST', '/api/reports', body);
}
