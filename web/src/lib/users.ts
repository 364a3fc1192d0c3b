/**
 * Members as the profile screens show them (own and public): names, dates, ratings, links. Their reads
 * and what a profile edit or a review refetches are lib/queries.ts.
 */
import { t } from '@lingui/core/macro';
import { dateFormatter } from './format';

/** Where a visitor goes to see a seller, and the part of that page with the reviews and the review form. */
export const profilePath = (userId: string) => `/users/${userId}`;
export const REVIEWS_ANCHOR = 'reviews';

export function fullName(user: { firstName?: string | null; lastName?: string | null }): string {
  return [user.firstName, user.lastName].filter((part) => part && part.trim()).join(' ') || t`Member`;
}

/** "Member since 2024": the year of the real account date (nothing when the date is missing or bad). */
export function memberSinceYear(createdAt: string | null | undefined): number | undefined {
  if (!createdAt) return undefined;
  const date = new Date(createdAt);
  return Number.isNaN(date.getTime()) ? undefined : date.getFullYear();
}

/** The average rating as a number, 0 when absent. */
export function ratingOf(averageRating: number | null | undefined): number {
  const value = Number(averageRating);
  return Number.isFinite(value) ? value : 0;
}

/** A website as typed ("vnmarket.com") made into a link target; only http(s) links are ever followed. */
export function websiteHref(website: string): string | undefined {
  const text = website.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
  try {
    const url = new URL(withScheme);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** A calendar date in the active language: "Mar 4, 2025", "4 thg 3, 2025" (review and posting dates). */
export const formatDay = dateFormatter({ month: 'short', day: 'numeric', year: 'numeric' });
