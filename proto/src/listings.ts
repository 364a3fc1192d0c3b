import { z } from 'zod';
import { MODERATION_STATES } from './moderation';
import { idSchema, labelSchema, memberSummarySchema, pageQuery, queryNumberInput, textSchema } from './primitives';
import { objectPathSchema } from './object-path';
import { RADIUS_MILES } from './places';
import {
  CATEGORIES,
  PRICE_TYPES,
  CONDITIONS,
  CONTACT_PREFERENCES,
  REPORT_REASONS,
  MAX_LISTING_IMAGES,
  PROPERTY_TYPES,
  AMENITIES,
  CUISINE_TYPES,
  DIETARY_OPTIONS,
  ITEM_CATEGORIES,
  JOB_TYPES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  SERVICE_TYPES,
  EVENT_TYPES,
  LISTING_SORTS,
  type Category,
} from './listing-values';

/** Listings, saved listings and reports, and the value sets their fields take (those are listing-values.ts, without zod, exported here too). */
export * from './listing-values';

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(blankToUndefined, z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }).optional());
const optionalText = (max: number, label: string) =>
  z.preprocess(blankToUndefined, textSchema().max(max, `${label} must be at most ${max} characters`).optional());
/** Form inputs send numbers as strings; "" means not given. */
const optionalNumber = (label: string, options: { min?: number; step?: number; int?: boolean } = {}) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: `${label} must be a number` })
      .min(options.min ?? 0, `${label} cannot be negative`)
      .max(100_000, `${label} is too large`)
      .refine((value) => !options.int || Number.isInteger(value), `${label} must be a whole number`)
      .refine((value) => !options.step || Number.isInteger(value / options.step), `${label} must be a multiple of ${options.step}`)
      .optional(),
  );
const oneOrMany = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? [value] : value),
    z
      .array(z.enum(values, { error: `${label} must be one of: ${values.join(', ')}` }))
      .max(values.length)
      .optional(),
  );

/** A checkbox: true or false (form posts may send "true"/"false"); "" means not given. */
const optionalBoolean = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: `${label} must be true or false` }).optional(),
  );

/** Category-specific details, validated per category; unknown keys are dropped. */
export const metadataSchemas = {
  rent: z.object({
    propertyType: optionalEnum(PROPERTY_TYPES, 'Property type'),
    bedrooms: optionalNumber('Bedrooms', { int: true }),
    bathrooms: optionalNumber('Bathrooms', { step: 0.5 }),
    amenities: oneOrMany(AMENITIES, 'Amenities'),
  }),
  food: z.object({
    cuisineType: optionalEnum(CUISINE_TYPES, 'Cuisine'),
    dietaryInfo: oneOrMany(DIETARY_OPTIONS, 'Dietary information'),
  }),
  sale: z.object({
    brand: optionalText(100, 'Brand'),
    itemCategory: optionalEnum(ITEM_CATEGORIES, 'Item category'),
  }),
  jobs: z.object({
    jobType: optionalEnum(JOB_TYPES, 'Job type'),
    experienceLevel: optionalEnum(EXPERIENCE_LEVELS, 'Experience level'),
    industry: optionalEnum(INDUSTRIES, 'Industry'),
    remote: optionalBoolean('Remote work'),
  }),
  service: z.object({
    serviceType: optionalEnum(SERVICE_TYPES, 'Service type'),
    availability: optionalText(255, 'Availability'),
  }),
  event: z.object({
    eventType: optionalEnum(EVENT_TYPES, 'Event type'),
    eventDate: optionalText(50, 'Event date'),
    eventTime: optionalText(50, 'Event time'),
    duration: optionalText(100, 'Duration'),
    capacity: optionalNumber('Capacity', { int: true }),
    organizer: optionalText(255, 'Organizer'),
  }),
} satisfies Record<Category, z.ZodType>;

/** Prices travel as numeric strings with two decimals ("1250.00"); numbers are accepted on input. */
export const priceSchema = z
  .union([z.string().trim(), z.number()], { error: 'Price is required' })
  .transform((value) => String(value))
  .refine((value) => value !== '', 'Price is required')
  .refine((value) => /^\d{1,8}(\.\d{1,2})?$/.test(value), 'Price must be a number from 0 to 99999999.99 with at most 2 decimals')
  .transform((value) => Number(value).toFixed(2));

const required = (label: string, max: number, schema = textSchema) =>
  schema({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

const listingFields = z.object({
  title: required('Title', 255, labelSchema),
  description: required('Description', 10_000),
  category: z.enum(CATEGORIES, { error: 'Category is required' }),
  price: priceSchema,
  priceType: z.preprocess(blankToUndefined, z.enum(PRICE_TYPES, { error: 'Unknown price type' }).default('fixed')),
  condition: z.preprocess(blankToUndefined, z.enum(CONDITIONS, { error: 'Condition must be one of: new, like-new, good, fair' }).nullable().default(null)),
  location: required('Location', 255),
  images: z.array(objectPathSchema).max(MAX_LISTING_IMAGES, `At most ${MAX_LISTING_IMAGES} photos`).default([]),
  metadata: z.record(z.string(), z.unknown()).default({}),
  contactPreference: z.preprocess(blankToUndefined, z.enum(CONTACT_PREFERENCES, { error: 'Contact preference must be message or phone' }).default('message')),
});

/** POST and PUT bodies: the form's fields, with metadata checked against the chosen category. */
export const listingBody = listingFields.transform((listing, ctx) => {
  const metadata = metadataSchemas[listing.category].safeParse(listing.metadata);
  if (!metadata.success) {
    for (const issue of metadata.error.issues) ctx.addIssue({ ...issue, path: ['metadata', ...issue.path] } as never);
    return z.NEVER;
  }
  const cleaned = Object.fromEntries(Object.entries(metadata.data).filter(([, value]) => value !== undefined));
  // Condition belongs to items for sale only.
  return { ...listing, metadata: cleaned, condition: listing.category === 'sale' ? listing.condition : null };
});
export type ListingBody = z.input<typeof listingBody>;
export type ListingInput = z.output<typeof listingBody>;

export const listingStatusBody = z.object({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

const blankOrAll = (value: unknown) => (value === '' || value === 'all' ? undefined : value);
const queryNumber = (label: string) =>
  z.preprocess(
    queryNumberInput,
    z
      .number({ error: `${label} must be a number` })
      .min(0, `${label} cannot be negative`)
      .max(1e9)
      .optional(),
  );
const queryText = z.preprocess(blankToUndefined, textSchema().max(200, 'Filter text is too long').optional());

/** What category pages call the same orders. */
const SORT_ALIASES: Record<string, (typeof LISTING_SORTS)[number]> = {
  'salary-high': 'price-high',
  'salary-low': 'price-low',
  relevant: 'relevance',
  'best-match': 'relevance',
};

/** GET /api/listings query: every filter optional; empty or "all" means no filter. */
export const listingQuery = z.object({
  category: z.preprocess(blankOrAll, z.enum(CATEGORIES, { error: 'Unknown category' }).optional()),
  minPrice: queryNumber('Minimum price'),
  maxPrice: queryNumber('Maximum price'),
  location: queryText,
  /** A place (a city, a neighbourhood or a ZIP code of place-list.ts): listings within `radius` miles of it. */
  near: z.preprocess(blankOrAll, textSchema().max(100, 'Place is too long').optional()),
  /** Miles from `near`: 5, 10, 25 or 50 (DEFAULT_RADIUS_MILES without it). */
  radius: z.preprocess(
    (value) => queryNumberInput(blankOrAll(value)),
    z
      .number({ error: `radius must be one of: ${RADIUS_MILES.join(', ')}` })
      .refine((miles) => (RADIUS_MILES as readonly number[]).includes(miles), `radius must be one of: ${RADIUS_MILES.join(', ')}`)
      .optional(),
  ),
  condition: z.preprocess(blankOrAll, z.enum(CONDITIONS, { error: 'Unknown condition' }).optional()),
  search: queryText,
  /** At least this many bedrooms; 0 means a studio (0 bedrooms, or property type studio). */
  bedrooms: z.preprocess((value) => queryNumberInput(blankOrAll(value)), z.number({ error: 'Bedrooms must be a number' }).int().min(0).max(50).optional()),
  bathrooms: z.preprocess((value) => queryNumberInput(blankOrAll(value)), z.number({ error: 'Bathrooms must be a number' }).min(0).max(50).optional()),
  propertyType: z.preprocess(blankOrAll, z.enum(PROPERTY_TYPES, { error: 'Unknown property type' }).optional()),
  foodType: z.preprocess(blankOrAll, z.enum(CUISINE_TYPES, { error: 'Unknown cuisine' }).optional()),
  dietaryOptions: z.preprocess(blankOrAll, z.enum(DIETARY_OPTIONS, { error: 'Unknown dietary option' }).optional()),
  itemCategory: z.preprocess(blankOrAll, z.enum(ITEM_CATEGORIES, { error: 'Unknown item category' }).optional()),
  jobType: z.preprocess(blankOrAll, z.enum(JOB_TYPES, { error: 'Unknown job type' }).optional()),
  experience: z.preprocess(blankOrAll, z.enum(EXPERIENCE_LEVELS, { error: 'Unknown experience level' }).optional()),
  industry: z.preprocess(blankOrAll, z.enum(INDUSTRIES, { error: 'Unknown industry' }).optional()),
  serviceType: z.preprocess(blankOrAll, z.enum(SERVICE_TYPES, { error: 'Unknown service type' }).optional()),
  eventType: z.preprocess(blankOrAll, z.enum(EVENT_TYPES, { error: 'Unknown event type' }).optional()),
  priceType: z.preprocess(blankOrAll, z.enum(PRICE_TYPES, { error: 'Unknown price type' }).optional()),
  sort: z.preprocess(
    (value) => (value === '' ? undefined : typeof value === 'string' ? (SORT_ALIASES[value] ?? value) : value),
    z.enum(LISTING_SORTS, { error: `Sort must be one of: ${LISTING_SORTS.join(', ')}` }).optional(),
  ),
  /** One seller's listings (a public profile). */
  sellerId: z.preprocess(blankToUndefined, idSchema('Invalid seller id').optional()),
  /** Jobs that can be done remotely: only "true" filters; "false" or "" mean no filter. */
  remote: z.preprocess(
    (value) => (value === '' || value === 'false' || value === false ? undefined : value === 'true' ? true : value),
    z.literal(true, { error: 'remote must be true or false' }).optional(),
  ),
  /** Only sellers who verified their phone ("Verified Sellers Only"): only "true" filters; "false" or "" mean no filter. */
  verifiedSellers: z.preprocess(
    (value) => (value === '' || value === 'false' || value === false ? undefined : value === 'true' ? true : value),
    z.literal(true, { error: 'verifiedSellers must be true or false' }).optional(),
  ),
  ...pageQuery().shape,
});
export type ListingQuery = z.output<typeof listingQuery>;

export const reportBody = z.object({
  listingId: idSchema('Listing not found'),
  reason: z.enum(REPORT_REASONS, { error: 'Please select a reason' }),
  description: z.preprocess(blankToUndefined, textSchema().max(2000, 'Details must be at most 2000 characters').optional()),
});
export type ReportBody = z.input<typeof reportBody>;

/** POST /api/listings/{id}/phone ("Show number"): a phone-contact seller's verified number. */
export const phoneRevealAnswer = z.object({ phone: z.string() });
export type PhoneReveal = z.infer<typeof phoneRevealAnswer>;

/** The seller as embedded in a listing: public fields only. Their number is never here (phoneRevealAnswer). */
export const sellerSchema = memberSummarySchema.extend({
  isVerified: z.boolean(),
  averageRating: z.number(),
  reviewCount: z.number().int(),
  createdAt: z.string().nullable(),
  /** When the seller's phone was verified (null: verified before the date was kept, or not verified). */
  phoneVerifiedAt: z.string().nullable().optional(),
  /** How many listings the seller has posted (one listing's page only, not browse). */
  listingCount: z.number().int().optional(),
});

export const listingSchema = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  title: z.string(),
  description: z.string(),
  category: z.enum(CATEGORIES),
  price: z.string(),
  priceType: z.string(),
  condition: z.string().nullable(),
  location: z.string(),
  images: z.array(z.string()),
  metadata: z.record(z.string(), z.unknown()),
  contactPreference: z.string(),
  isActive: z.boolean(),
  viewCount: z.number().int(),
  saveCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  user: sellerSchema.optional(),
  /** Present only when a moderator's hold or decision keeps the listing out of the catalogue. */
  moderationStatus: z.enum(MODERATION_STATES).optional(),
  /** When the listing leaves the catalogue unless renewed (30 days after it is posted or renewed). */
  expiresAt: z.string().optional(),
  /** Present once it has expired (out of the catalogue until its owner renews it). */
  expiredAt: z.string().optional(),
  /** Present once its owner marked it sold: out of the catalogue, its page says "Sold" for 7 days. */
  soldAt: z.string().optional(),
});
export type Listing = z.infer<typeof listingSchema>;
export type Seller = z.infer<typeof sellerSchema>;

/** GET /api/saved-listings: the user's saves, newest first, each with its listing (and seller). */
export const savedListingSchema = z.object({
  id: z.uuid(),
  listingId: z.uuid(),
  createdAt: z.string(),
  listing: listingSchema,
});
export type SavedListing = z.infer<typeof savedListingSchema>;
