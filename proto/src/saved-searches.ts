import { z } from 'zod';
import { listingQuery } from './listings';
import { labelSchema } from './primitives';

/** How many searches one member may keep: enough for every category twice over, few enough to stay cheap. */
export const MAX_SAVED_SEARCHES_PER_MEMBER = 50;
export const SAVED_SEARCH_NAME_MAX = 80;

/**
 * A saved search's filters: the names and values of GET /api/listings' query (listingQuery), without the
 * page (limit, offset). Unknown names are dropped; a bad value is refused as the listings query refuses it.
 */
export const savedSearchFilters = z
  .record(z.string(), z.unknown(), { error: 'Filters must be an object of the listing filters' })
  .pipe(listingQuery.omit({ limit: true, offset: true }));
export type SavedSearchFilters = z.output<typeof savedSearchFilters>;

/** POST /api/saved-searches. */
export const savedSearchBody = z.object({
  name: labelSchema({ error: 'Name is required' }).min(1, 'Name is required').max(SAVED_SEARCH_NAME_MAX, 'Name must be at most 80 characters'),
  filters: savedSearchFilters,
});
export type SavedSearchBody = z.input<typeof savedSearchBody>;

/** One saved search as GET /api/saved-searches lists it (newest first). */
export const savedSearchSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Only the filters given, as the listings query reads them (so the web can rebuild the page's address). */
  filters: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
