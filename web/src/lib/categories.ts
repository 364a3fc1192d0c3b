/**
 * The categories as the screens name them. Apart from lib/catalog.ts because the landing page shows them:
 * this module and proto's listing-values.ts hold no zod, so neither does the first page. The Record over
 * proto's `Category` keeps every category here.
 */
import type { Category } from '@vnmarket/proto/src/categories';

export const CATEGORY_INFO: Record<Category, { label: string; short: string; blurb: string }> = {
  rent: { label: 'Houses for Rent', short: 'Rent', blurb: 'Rooms, apartments and houses' },
  food: { label: 'Specialty Food', short: 'Food', blurb: 'Home cooking and treats' },
  sale: { label: 'Items for Sale', short: 'Sale', blurb: 'Furniture, electronics and more' },
  jobs: { label: 'Job Hiring', short: 'Job', blurb: 'Work in the community' },
  service: { label: 'Services', short: 'Service', blurb: 'Trusted local pros' },
  event: { label: 'Events', short: 'Event', blurb: 'Festivals, classes, meetups' },
};
