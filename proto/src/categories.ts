/**
 * The listing categories, in their order on every screen: on its own, without zod, for the web's first page
 * (listing-values.ts and listings.ts export it too).
 */
export const CATEGORIES = ['rent', 'food', 'sale', 'jobs', 'service', 'event'] as const;
export type Category = (typeof CATEGORIES)[number];
