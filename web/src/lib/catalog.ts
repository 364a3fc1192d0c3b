/**
 * What the screens show about the contracts in @vnmarket/proto: labels for its value sets, the form's
 * choices per category (typed against proto's sets so they cannot drift), and the cities of the home
 * page's location banner.
 */
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
} from '@vnmarket/proto/src/listing-values';
import { BAY_AREA_CITIES, type CityName } from '@vnmarket/proto/src/places';
import { titleCase } from './format';

export { CATEGORY_INFO } from './categories';

type Of<T extends readonly string[]> = T[number];

export const CONDITION_LABELS: Record<Of<typeof CONDITIONS>, string> = {
  new: 'New',
  'like-new': 'Like New',
  good: 'Good',
  fair: 'Fair',
};

export const PRICE_TYPE_LABELS: Record<Of<typeof PRICE_TYPES>, string> = {
  fixed: 'Fixed Price',
  hourly: 'Per Hour',
  monthly: 'Per Month',
  negotiable: 'Negotiable',
  free: 'Free',
  paid: 'Paid',
  donation: 'Donation',
};

/** The price-type choices each category's form offers: jobs hourly, monthly or salary ("fixed"); rent monthly or negotiable. */
export function priceTypeOptions(category: Category | ''): { value: Of<typeof PRICE_TYPES>; label: string }[] {
  if (category === 'jobs') {
    return [
      { value: 'hourly', label: 'Per Hour' },
      { value: 'monthly', label: 'Per Month' },
      { value: 'fixed', label: 'Salary' },
    ];
  }
  if (category === 'rent')
    return [
      { value: 'monthly', label: PRICE_TYPE_LABELS.monthly },
      { value: 'negotiable', label: PRICE_TYPE_LABELS.negotiable },
    ];
  // Events also offer the ticket types their category page filters by (free, paid, donation).
  const values =
    category === 'event'
      ? (['fixed', 'hourly', 'monthly', 'negotiable', 'free', 'paid', 'donation'] as const)
      : (['fixed', 'hourly', 'monthly', 'negotiable'] as const);
  return values.map((value) => ({ value, label: PRICE_TYPE_LABELS[value] }));
}

/** Choosing a category on the create form resets priceType to this: hourly for jobs, monthly for rent, else fixed. */
export function defaultPriceType(category: Category | ''): Of<typeof PRICE_TYPES> {
  return category === 'jobs' ? 'hourly' : category === 'rent' ? 'monthly' : 'fixed';
}

/** The price field's label: "Wage" for jobs, "Ticket Price (0 for free)" for events, otherwise "Price". */
export function priceLabel(category: Category | ''): string {
  return category === 'jobs' ? 'Wage' : category === 'event' ? 'Ticket Price (0 for free)' : 'Price';
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

/** Labels of stored values where title case reads wrong ("Full Time"); everything else is title-cased. */
const VALUE_LABELS: Record<string, string> = {
  ...CONDITION_LABELS,
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  'gluten-free': 'Gluten-free',
  entry: 'Entry Level',
  mid: 'Mid Level',
  senior: 'Senior Level',
};

/** A stored value as people read it: "full-time" → "Full-time", "like-new" → "Like New", "thai" → "Thai". */
export function valueLabel(value: string): string {
  return VALUE_LABELS[value] ?? titleCase(value);
}

export const REPORT_REASON_LABELS: Record<Of<typeof REPORT_REASONS>, string> = {
  spam: 'Spam or Scam',
  inappropriate: 'Inappropriate Content',
  misleading: 'Misleading Information',
  fraud: 'Fraud',
  duplicate: 'Duplicate Listing',
  other: 'Other',
};

/** Labels for metadata keys on the detail page. */
export const METADATA_LABELS: Record<string, string> = {
  propertyType: 'Property Type',
  bedrooms: 'Bedrooms',
  bathrooms: 'Bathrooms',
  amenities: 'Amenities',
  cuisineType: 'Cuisine',
  dietaryInfo: 'Dietary Info',
  brand: 'Brand',
  itemCategory: 'Item Category',
  jobType: 'Job Type',
  experienceLevel: 'Experience Level',
  industry: 'Industry',
  remote: 'Remote Work',
  serviceType: 'Service Type',
  availability: 'Availability',
  eventType: 'Event Type',
  eventDate: 'Date',
  eventTime: 'Time',
  duration: 'Duration',
  capacity: 'Capacity',
  organizer: 'Organizer',
};

/** The GET /api/listings filters a category page sets (its query-string names are the API's). */
export type CategoryFilterKey =
  | 'location'
  | 'minPrice'
  | 'maxPrice'
  | 'bedrooms'
  | 'bathrooms'
  | 'propertyType'
  | 'foodType'
  | 'dietaryOptions'
  | 'condition'
  | 'itemCategory'
  | 'priceType'
  | 'jobType'
  | 'experience'
  | 'industry'
  | 'remote'
  | 'serviceType'
  | 'eventType';

export interface FilterOption {
  value: string;
  label: string;
}

/** A category-specific control: a select with an "any" choice, or a checkbox that sends one value. */
export type CategoryFilter =
  | { kind: 'select'; key: CategoryFilterKey; label: string; anyLabel: string; options: readonly FilterOption[] }
  | { kind: 'check'; key: CategoryFilterKey; label: string; value: string };

export interface CategoryPageInfo {
  title: string;
  subtitle: string;
  /** The legend of the min/max price pair. */
  priceLegend: string;
  /** Below location and price: the page's own filters, in the table's order. */
  filters: readonly CategoryFilter[];
  sorts: readonly FilterOption[];
  /** The empty state's heading. */
  emptyTitle: string;
}

const valueOptions = (values: readonly string[], label: (value: string) => string = valueLabel): FilterOption[] =>
  values.map((value) => ({ value, label: label(value) }));

const SORT_LABELS = {
  recent: 'Most Recent',
  'price-low': 'Price: Low to High',
  'price-high': 'Price: High to Low',
  bedrooms: 'Most Bedrooms',
  popular: 'Most Popular',
  condition: 'Best Condition',
  'salary-high': 'Salary: High to Low',
  'salary-low': 'Salary: Low to High',
  relevant: 'Most Relevant',
  relevance: 'Best Match',
  rating: 'Highest Rated',
  date: 'Event Date',
} as const;
/** With a search, Best Match (the API's relevance order) comes first and is the default. */
export const sortOptionsFor = (page: CategoryPageInfo, searching: boolean): readonly FilterOption[] =>
  searching ? [{ value: 'relevance', label: SORT_LABELS.relevance }, ...page.sorts] : page.sorts;
const sorts = (...values: (keyof typeof SORT_LABELS)[]): FilterOption[] => values.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The six category pages: each one's title, subtitle, filters, sort options and empty-state title. */
export const CATEGORY_PAGES: Record<Category, CategoryPageInfo> = {
  rent: {
    title: 'Houses for Rent',
    subtitle: 'Rooms, apartments and houses from neighbors you can trust',
    priceLegend: 'Monthly Rent',
    filters: [
      {
        kind: 'select',
        key: 'bedrooms',
        label: 'Bedrooms',
        anyLabel: 'Any',
        options: [{ value: '0', label: 'Studio' }, ...[1, 2, 3, 4].map((count) => ({ value: String(count), label: `${count}+` }))],
      },
      {
        kind: 'select',
        key: 'bathrooms',
        label: 'Bathrooms',
        anyLabel: 'Any',
        options: [1, 2, 3].map((count) => ({ value: String(count), label: `${count}+` })),
      },
      {
        kind: 'select',
        key: 'propertyType',
        label: 'Property Type',
        anyLabel: 'All Types',
        options: valueOptions(['apartment', 'house', 'condo', 'townhouse', 'studio'] satisfies Of<typeof PROPERTY_TYPES>[]),
      },
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'bedrooms'),
    emptyTitle: 'No properties found',
  },
  food: {
    title: 'Specialty Food',
    subtitle: 'Home cooking, baked goods and treats from the community',
    priceLegend: 'Price Range',
    filters: [
      {
        kind: 'select',
        key: 'foodType',
        label: 'Cuisine',
        anyLabel: 'All Cuisines',
        // The cuisines the page offers, with Vietnamese first: most of this community's food listings are Vietnamese.
        options: valueOptions([
          'vietnamese',
          'italian',
          'mexican',
          'chinese',
          'indian',
          'japanese',
          'thai',
          'mediterranean',
          'american',
          'french',
          'bakery',
        ] satisfies Of<typeof CUISINE_TYPES>[]),
      },
      {
        kind: 'select',
        key: 'dietaryOptions',
        label: 'Dietary',
        anyLabel: 'Any',
        options: valueOptions(['vegetarian', 'vegan', 'gluten-free', 'halal', 'kosher', 'organic'] satisfies Of<typeof DIETARY_OPTIONS>[]),
      },
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'popular'),
    emptyTitle: 'No food items found',
  },
  sale: {
    title: 'Items for Sale',
    subtitle: 'Furniture, electronics and more, bought and sold locally',
    priceLegend: 'Price Range',
    filters: [
      { kind: 'select', key: 'condition', label: 'Condition', anyLabel: 'Any Condition', options: valueOptions(FORM_CONDITIONS) },
      { kind: 'select', key: 'itemCategory', label: 'Item Category', anyLabel: 'All Items', options: valueOptions(FORM_ITEM_CATEGORIES) },
      { kind: 'check', key: 'priceType', label: 'Negotiable price only', value: 'negotiable' },
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'condition'),
    emptyTitle: 'No items found',
  },
  jobs: {
    title: 'Job Opportunities',
    subtitle: 'Work in the community, from part-time shifts to careers',
    priceLegend: 'Salary Range',
    filters: [
      {
        kind: 'select',
        key: 'jobType',
        label: 'Job Type',
        anyLabel: 'All Job Types',
        options: valueOptions(['full-time', 'part-time', 'contract', 'freelance', 'internship', 'temporary'] satisfies Of<typeof JOB_TYPES>[]),
      },
      { kind: 'select', key: 'experience', label: 'Experience Level', anyLabel: 'Any Experience', options: valueOptions(FORM_EXPERIENCE_LEVELS) },
      { kind: 'select', key: 'industry', label: 'Industry', anyLabel: 'All Industries', options: valueOptions(FORM_INDUSTRIES) },
      { kind: 'check', key: 'remote', label: 'Remote work available', value: 'true' },
    ],
    sorts: sorts('recent', 'salary-high', 'salary-low', 'relevant'),
    emptyTitle: 'No jobs found',
  },
  service: {
    title: 'Professional Services',
    subtitle: 'Trusted local pros for your home, business and family',
    priceLegend: 'Price Range',
    filters: [
      {
        kind: 'select',
        key: 'serviceType',
        label: 'Service Type',
        anyLabel: 'All Services',
        options: valueOptions(FORM_SERVICE_TYPES.filter((value) => value !== 'photography')),
      },
      {
        kind: 'select',
        key: 'priceType',
        label: 'Price Type',
        anyLabel: 'Any',
        options: valueOptions(
          ['hourly', 'fixed', 'negotiable'] satisfies Of<typeof PRICE_TYPES>[],
          (value) => PRICE_TYPE_LABELS[value as Of<typeof PRICE_TYPES>],
        ),
      },
    ],
    sorts: sorts('recent', 'price-low', 'price-high', 'rating'),
    emptyTitle: 'No services found',
  },
  event: {
    title: 'Community Events',
    subtitle: 'Festivals, classes, meetups and celebrations near you',
    priceLegend: 'Ticket Price',
    filters: [
      { kind: 'select', key: 'eventType', label: 'Event Type', anyLabel: 'All Events', options: valueOptions(FORM_EVENT_TYPES) },
      {
        kind: 'select',
        key: 'priceType',
        label: 'Ticket Type',
        anyLabel: 'Any',
        options: valueOptions(['free', 'paid', 'donation'] satisfies Of<typeof PRICE_TYPES>[], (value) => PRICE_TYPE_LABELS[value as Of<typeof PRICE_TYPES>]),
      },
    ],
    sorts: sorts('recent', 'date', 'price-low', 'price-high'),
    emptyTitle: 'No events found',
  },
};

/** Home's cities (San Francisco first, the default): the API widens each to its nearby places (near=). */
export const CITIES = BAY_AREA_CITIES;
export type { CityName };
export const DEFAULT_CITY: CityName = 'San Francisco';
