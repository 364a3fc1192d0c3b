/**
 * The value sets of listings' fields, the orders of GET /api/listings and its total-count header: plain
 * values without zod, so a client can use them without loading the schemas (the web does).
 * listings.ts builds its schemas from them and exports them too.
 */

export { CATEGORIES, type Category } from './categories';

export const PRICE_TYPES = ['fixed', 'hourly', 'monthly', 'negotiable', 'free', 'paid', 'donation'] as const;
export const CONDITIONS = ['new', 'like-new', 'good', 'fair'] as const;
export const CONTACT_PREFERENCES = ['message', 'phone'] as const;
export const REPORT_REASONS = ['spam', 'inappropriate', 'misleading', 'fraud', 'duplicate', 'other'] as const;
export const MAX_LISTING_IMAGES = 10;

// The create form's values and the category pages' filter values differ; a listing may carry either.
export const PROPERTY_TYPES = ['room', 'apartment', 'house', 'condo', 'townhouse', 'studio'] as const;
export const AMENITIES = ['WiFi Included', 'Washer/Dryer', 'Parking', 'Pets Allowed', 'Furnished', 'Air Conditioning'] as const;
export const CUISINE_TYPES = [
  'italian',
  'chinese',
  'mexican',
  'indian',
  'american',
  'japanese',
  'thai',
  'mediterranean',
  'french',
  'bakery',
  'vietnamese',
  'other',
] as const;
export const DIETARY_OPTIONS = ['vegetarian', 'vegan', 'gluten-free', 'halal', 'kosher', 'organic', 'none'] as const;
export const ITEM_CATEGORIES = ['electronics', 'furniture', 'clothing', 'books', 'sports', 'toys', 'appliances', 'tools', 'automotive', 'other'] as const;
export const JOB_TYPES = ['full-time', 'part-time', 'contract', 'freelance', 'internship', 'temporary'] as const;
export const EXPERIENCE_LEVELS = ['entry', 'mid', 'senior', 'executive'] as const;
export const INDUSTRIES = [
  'technology',
  'healthcare',
  'education',
  'finance',
  'retail',
  'hospitality',
  'construction',
  'manufacturing',
  'marketing',
  'other',
] as const;
export const SERVICE_TYPES = [
  'cleaning',
  'plumbing',
  'electrical',
  'carpentry',
  'painting',
  'landscaping',
  'moving',
  'repair',
  'installation',
  'maintenance',
  'consulting',
  'tutoring',
  'photography',
  'other',
] as const;
export const EVENT_TYPES = [
  'concert',
  'workshop',
  'festival',
  'sports',
  'charity',
  'networking',
  'party',
  'conference',
  'meetup',
  'class',
  'exhibition',
  'other',
] as const;

/**
 * Orders of GET /api/listings. Beyond the common ones, category pages sort by bedrooms (most first),
 * condition (new to fair), the seller's rating (highest first) and event date (soonest upcoming first).
 */
export const LISTING_SORTS = ['recent', 'price-low', 'price-high', 'popular', 'relevance', 'bedrooms', 'condition', 'rating', 'date', 'distance'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];

/**
 * GET /api/listings answers the number of matches in this header: exact up to the cap, then "1000+". Counting
 * visits every matching row, so the cap bounds what a common word costs; 1,000 is 42 pages of 24.
 */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
export const TOTAL_COUNT_CAP = 1_000;
/** The header's value as a number and whether it is capped ("1000+"); undefined when absent or malformed. */
export function parseTotalCount(value: string | null | undefined): { count: number; capped: boolean } | undefined {
  const match = /^(\d+)(\+?)$/.exec(value ?? '');
  return match ? { count: Number(match[1]), capped: match[2] === '+' } : undefined;
}
