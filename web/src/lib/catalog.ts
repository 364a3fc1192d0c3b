/**
 * What the screens show about the contracts in @vnmarket/proto: labels for its value sets (messages to
 * translate: `i18n._(CONDITION_LABELS.new)`, or text in the active language from valueLabel and the
 * form's helpers), the form's choices per category (typed against proto's sets so they cannot drift),
 * and the cities of the home page's location banner.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  AMENITIES,
  type Category,
  type CONDITIONS,
  CUISINE_TYPES,
  DIETARY_OPTIONS,
  EVENT_TYPES,
  EXPERIENCE_LEVELS,
  INDUSTRIES,
  ITEM_CATEGORIES,
  type JOB_TYPES,
  type PRICE_TYPES,
  PROPERTY_TYPES,
  type REPORT_REASONS,
  SERVICE_TYPES,
} from '@vnmarket/proto/listing-values';
import { HOME_CITIES, type CityName } from '@vnmarket/proto/places';
import { titleCase } from './format';
import { i18n } from './i18n';

export { CATEGORY_INFO } from './categories';

/** One value of one of proto's value sets. */
export type Of<T extends readonly string[]> = T[number];

export const CONDITION_LABELS: Record<Of<typeof CONDITIONS>, MessageDescriptor> = {
  new: msg`New`,
  'like-new': msg`Like New`,
  good: msg`Good`,
  fair: msg`Fair`,
};

export const PRICE_TYPE_LABELS: Record<Of<typeof PRICE_TYPES>, MessageDescriptor> = {
  fixed: msg`Fixed Price`,
  hourly: msg`Per Hour`,
  monthly: msg`Per Month`,
  negotiable: msg`Negotiable`,
  free: msg`Free`,
  paid: msg`Paid`,
  donation: msg`Donation`,
};

/**
 * The price-type choices each category's form offers, labelled in the active language: jobs hourly,
 * monthly or salary ("fixed"); rent monthly or negotiable.
 */
export function priceTypeOptions(category: Category | ''): { value: Of<typeof PRICE_TYPES>; label: string }[] {
  if (category === 'jobs') {
    return [
      { value: 'hourly', label: i18n._(PRICE_TYPE_LABELS.hourly) },
      { value: 'monthly', label: i18n._(PRICE_TYPE_LABELS.monthly) },
      { value: 'fixed', label: i18n._(msg`Salary`) },
    ];
  }
  if (category === 'rent')
    return [
      { value: 'monthly', label: i18n._(PRICE_TYPE_LABELS.monthly) },
      { value: 'negotiable', label: i18n._(PRICE_TYPE_LABELS.negotiable) },
    ];
  // Events also offer the ticket types their category page filters by (free, paid, donation).
  const values =
    category === 'event'
      ? (['fixed', 'hourly', 'monthly', 'negotiable', 'free', 'paid', 'donation'] as const)
      : (['fixed', 'hourly', 'monthly', 'negotiable'] as const);
  return values.map((value) => ({ value, label: i18n._(PRICE_TYPE_LABELS[value]) }));
}

/** Choosing a category on the create form resets priceType to this: hourly for jobs, monthly for rent, else fixed. */
export function defaultPriceType(category: Category | ''): Of<typeof PRICE_TYPES> {
  return category === 'jobs' ? 'hourly' : category === 'rent' ? 'monthly' : 'fixed';
}

/** The price field's label in the active language: "Wage" for jobs, "Ticket Price (0 for free)" for events, otherwise "Price". */
export function priceLabel(category: Category | ''): string {
  return i18n._(category === 'jobs' ? msg`Wage` : category === 'event' ? msg`Ticket Price (0 for free)` : msg`Price`);
}

/**
 * Form choices: the form's own values, plus every value a category page filters by (CATEGORY_PAGES), so
 * a listing made with the form can be found by each filter. Cuisine adds "vietnamese", which proto
 * accepts and the demo data uses.
 */
export const FORM_JOB_TYPES: readonly Of<typeof JOB_TYPES>[] = ['full-time', 'part-time', 'contract', 'freelance', 'temporary', 'internship'];
export const FORM_EXPERIENCE_LEVELS: readonly Of<typeof EXPERIENCE_LEVELS>[] = EXPERIENCE_LEVELS;
export const FORM_INDUSTRIES: readonly Of<typeof INDUSTRIES>[] = INDUSTRIES;
export const FORM_PROPERTY_TYPES: readonly Of<typeof PROPERTY_TYPES>[] = PROPERTY_TYPES;
export const FORM_AMENITIES: readonly Of<typeof AMENITIES>[] = AMENITIES;
// The form offers Vietnamese first: most of what is posted here is.
export const FORM_CUISINE_TYPES: readonly Of<typeof CUISINE_TYPES>[] = ['vietnamese', ...CUISINE_TYPES.filter((cuisine) => cuisine !== 'vietnamese')];
export const FORM_DIETARY_OPTIONS: readonly Of<typeof DIETARY_OPTIONS>[] = DIETARY_OPTIONS;
export const FORM_ITEM_CATEGORIES: readonly Of<typeof ITEM_CATEGORIES>[] = ITEM_CATEGORIES;
export const FORM_SERVICE_TYPES: readonly Of<typeof SERVICE_TYPES>[] = SERVICE_TYPES;
export const FORM_EVENT_TYPES: readonly Of<typeof EVENT_TYPES>[] = EVENT_TYPES;
export const FORM_CONDITIONS: readonly Of<typeof CONDITIONS>[] = ['new', 'like-new', 'good', 'fair'];

/** Every stored value of a listing's value sets (conditions and metadata) that the screens name. */
export type ListingValue =
  | Of<typeof CONDITIONS>
  | Of<typeof PROPERTY_TYPES>
  | Of<typeof AMENITIES>
  | Of<typeof CUISINE_TYPES>
  | Of<typeof DIETARY_OPTIONS>
  | Of<typeof ITEM_CATEGORIES>
  | Of<typeof JOB_TYPES>
  | Of<typeof EXPERIENCE_LEVELS>
  | Of<typeof INDUSTRIES>
  | Of<typeof SERVICE_TYPES>
  | Of<typeof EVENT_TYPES>;

/** The name of each stored value as people read it ("full-time" → "Full-time", "thai" → "Thai"). */
export const VALUE_LABELS: Record<ListingValue, MessageDescriptor> = {
  ...CONDITION_LABELS,
  // Property types
  room: msg`Room`,
  apartment: msg`Apartment`,
  house: msg`House`,
  condo: msg`Condo`,
  townhouse: msg`Townhouse`,
  studio: msg`Studio`,
  // Amenities (stored as their English names)
  'WiFi Included': msg`WiFi Included`,
  'Washer/Dryer': msg`Washer/Dryer`,
  Parking: msg`Parking`,
  'Pets Allowed': msg`Pets Allowed`,
  Furnished: msg`Furnished`,
  'Air Conditioning': msg`Air Conditioning`,
  // Cuisines
  vietnamese: msg`Vietnamese`,
  italian: msg`Italian`,
  chinese: msg`Chinese`,
  mexican: msg`Mexican`,
  indian: msg`Indian`,
  american: msg`American`,
  japanese: msg`Japanese`,
  thai: msg`Thai`,
  mediterranean: msg`Mediterranean`,
  french: msg`French`,
  bakery: msg`Bakery`,
  // Dietary options
  vegetarian: msg`Vegetarian`,
  vegan: msg`Vegan`,
  'gluten-free': msg`Gluten-free`,
  halal: msg`Halal`,
  kosher: msg`Kosher`,
  organic: msg`Organic`,
  none: msg`None`,
  // Item categories
  electronics: msg`Electronics`,
  furniture: msg`Furniture`,
  clothing: msg`Clothing`,
  books: msg`Books`,
  sports: msg`Sports`,
  toys: msg`Toys`,
  appliances: msg`Appliances`,
  tools: msg`Tools`,
  automotive: msg`Automotive`,
  // Job types
  'full-time': msg`Full-time`,
  'part-time': msg`Part-time`,
  contract: msg`Contract`,
  freelance: msg`Freelance`,
  internship: msg`Internship`,
  temporary: msg`Temporary`,
  // Experience levels
  entry: msg`Entry Level`,
  mid: msg`Mid Level`,
  senior: msg`Senior Level`,
  executive: msg`Executive`,
  // Industries
  technology: msg`Technology`,
  healthcare: msg`Healthcare`,
  education: msg`Education`,
  finance: msg`Finance`,
  retail: msg`Retail`,
  hospitality: msg`Hospitality`,
  construction: msg`Construction`,
  manufacturing: msg`Manufacturing`,
  marketing: msg`Marketing`,
  // Service types
  cleaning: msg`Cleaning`,
  plumbing: msg`Plumbing`,
  electrical: msg`Electrical`,
  carpentry: msg`Carpentry`,
  painting: msg`Painting`,
  landscaping: msg`Landscaping`,
  moving: msg`Moving`,
  repair: msg`Repair`,
  installation: msg`Installation`,
  maintenance: msg`Maintenance`,
  consulting: msg`Consulting`,
  tutoring: msg`Tutoring`,
  photography: msg`Photography`,
  // Event types
  concert: msg`Concert`,
  workshop: msg`Workshop`,
  festival: msg`Festival`,
  charity: msg`Charity`,
  networking: msg`Networking`,
  party: msg`Party`,
  conference: msg`Conference`,
  meetup: msg`Meetup`,
  class: msg`Class`,
  exhibition: msg`Exhibition`,
  // Shared by several sets
  other: msg`Other`,
};

/** The listing page's details name a few values as their words in title case ("Full Time", "Entry"). */
const DETAIL_VALUE_LABELS: Partial<Record<ListingValue, MessageDescriptor>> = {
  'full-time': msg`Full Time`,
  'part-time': msg`Part Time`,
  'gluten-free': msg`Gluten Free`,
  entry: msg`Entry`,
  mid: msg`Mid`,
  senior: msg`Senior`,
};

/** A stored value's message; undefined for one not in the catalogue (older data). */
function valueMessage(value: string): MessageDescriptor | undefined {
  return Object.hasOwn(VALUE_LABELS, value) ? VALUE_LABELS[value as ListingValue] : undefined;
}

/**
 * A stored value as people read it, in the active language: "full-time" → "Full-time", "like-new" →
 * "Like New", "thai" → "Thai". One the catalogue does not know is its words in title case.
 */
export function valueLabel(value: string): string {
  const message = valueMessage(value);
  return message ? i18n._(message) : titleCase(value);
}

/**
 * A stored value on the listing page's details, in the active language: "full-time" → "Full Time",
 * "thai" → "Thai". One the catalogue does not know is in title case, or `asWritten` (amenities are stored as their names).
 */
export function detailValueLabel(value: string, asWritten = false): string {
  const message = (Object.hasOwn(DETAIL_VALUE_LABELS, value) ? DETAIL_VALUE_LABELS[value as ListingValue] : undefined) ?? valueMessage(value);
  return message ? i18n._(message) : asWritten ? value : titleCase(value);
}

export const REPORT_REASON_LABELS: Record<Of<typeof REPORT_REASONS>, MessageDescriptor> = {
  spam: msg`Spam or Scam`,
  inappropriate: msg`Inappropriate Content`,
  misleading: msg`Misleading Information`,
  fraud: msg`Fraud`,
  duplicate: msg`Duplicate Listing`,
  other: msg`Other`,
};

/** Labels for metadata keys on the detail page. */
export const METADATA_LABELS: Record<string, MessageDescriptor> = {
  propertyType: msg`Property Type`,
  bedrooms: msg`Bedrooms`,
  bathrooms: msg`Bathrooms`,
  amenities: msg`Amenities`,
  cuisineType: msg`Cuisine`,
  dietaryInfo: msg`Dietary Info`,
  brand: msg`Brand`,
  itemCategory: msg`Item Category`,
  jobType: msg`Job Type`,
  experienceLevel: msg`Experience Level`,
  industry: msg`Industry`,
  remote: msg`Remote Work`,
  serviceType: msg`Service Type`,
  availability: msg`Availability`,
  eventType: msg`Event Type`,
  eventDate: msg`Date`,
  eventTime: msg`Time`,
  duration: msg`Duration`,
  capacity: msg`Capacity`,
  organizer: msg`Organizer`,
};

/** Home's cities (San Francisco first, the default), places of the API's place list: near=<city> is within 25 miles of it. */
export const CITIES = HOME_CITIES.map((name) => ({ name }));
export type { CityName };
export const DEFAULT_CITY: CityName = 'San Francisco';
