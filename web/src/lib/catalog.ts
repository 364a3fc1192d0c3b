/**
 * What the screens show about the contracts in @vnmarket/proto: labels for its value sets, the form's
 * choices per category (spec section 3, typed against proto's sets so they cannot drift), and the cities
 * of the home page's location banner (spec section 2).
 */
import type {
  AMENITIES,
  Category,
  CONDITIONS,
  CUISINE_TYPES,
  DIETARY_OPTIONS,
  EXPERIENCE_LEVELS,
  JOB_TYPES,
  PRICE_TYPES,
  PROPERTY_TYPES,
  REPORT_REASONS,
  SERVICE_TYPES,
} from '@vnmarket/proto';

type Of<T extends readonly string[]> = T[number];

export const CATEGORY_INFO: Record<Category, { label: string; short: string; blurb: string }> = {
  rent: { label: 'Houses for Rent', short: 'Rent', blurb: 'Rooms, apartments and houses' },
  food: { label: 'Specialty Food', short: 'Food', blurb: 'Home cooking and treats' },
  sale: { label: 'Items for Sale', short: 'Sale', blurb: 'Furniture, electronics and more' },
  jobs: { label: 'Job Hiring', short: 'Job', blurb: 'Work in the community' },
  service: { label: 'Services', short: 'Service', blurb: 'Trusted local pros' },
  event: { label: 'Events', short: 'Event', blurb: 'Festivals, classes, meetups' },
};

/** Category pages' titles (spec section 2, category pages table). */
export const CATEGORY_PAGE_TITLES: Record<Category, string> = {
  rent: 'Houses for Rent',
  food: 'Specialty Food',
  sale: 'Items for Sale',
  jobs: 'Job Opportunities',
  service: 'Professional Services',
  event: 'Community Events',
};

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

/** Spec section 3: the price-type choices each category's form offers (jobs label "fixed" as Salary). */
export function priceTypeOptions(category: Category | ''): { value: Of<typeof PRICE_TYPES>; label: string }[] {
  if (category === 'jobs') {
    return [
      { value: 'hourly', label: 'Per Hour' },
      { value: 'monthly', label: 'Per Month' },
      { value: 'fixed', label: 'Salary' },
    ];
  }
  if (category === 'rent') return [{ value: 'monthly', label: PRICE_TYPE_LABELS.monthly }, { value: 'negotiable', label: PRICE_TYPE_LABELS.negotiable }];
  return (['fixed', 'hourly', 'monthly', 'negotiable'] as const).map((value) => ({ value, label: PRICE_TYPE_LABELS[value] }));
}

/** Spec section 4: choosing a category on the create form resets priceType to this. */
export function defaultPriceType(category: Category | ''): Of<typeof PRICE_TYPES> {
  return category === 'jobs' ? 'hourly' : category === 'rent' ? 'monthly' : 'fixed';
}

/** Spec section 2: "Wage" for jobs, "Ticket Price (0 for free)" for events, otherwise "Price". */
export function priceLabel(category: Category | ''): string {
  return category === 'jobs' ? 'Wage' : category === 'event' ? 'Ticket Price (0 for free)' : 'Price';
}

// Form choices (spec section 3). Cuisine adds "vietnamese", which proto accepts and the demo data uses.
export const FORM_JOB_TYPES: readonly Of<typeof JOB_TYPES>[] = ['full-time', 'part-time', 'contract', 'temporary', 'internship'];
export const FORM_EXPERIENCE_LEVELS: readonly Of<typeof EXPERIENCE_LEVELS>[] = ['entry', 'mid', 'senior', 'executive'];
export const FORM_PROPERTY_TYPES: readonly Of<typeof PROPERTY_TYPES>[] = ['room', 'apartment', 'house', 'studio'];
export const FORM_AMENITIES: readonly Of<typeof AMENITIES>[] = ['WiFi Included', 'Washer/Dryer', 'Parking', 'Pets Allowed', 'Furnished', 'Air Conditioning'];
export const FORM_CUISINE_TYPES: readonly Of<typeof CUISINE_TYPES>[] = ['vietnamese', 'italian', 'chinese', 'mexican', 'indian', 'american', 'japanese', 'thai', 'other'];
export const FORM_DIETARY_OPTIONS: readonly Of<typeof DIETARY_OPTIONS>[] = ['vegetarian', 'vegan', 'gluten-free', 'halal', 'kosher', 'none'];
export const FORM_SERVICE_TYPES: readonly Of<typeof SERVICE_TYPES>[] = ['cleaning', 'plumbing', 'electrical', 'landscaping', 'moving', 'tutoring', 'photography', 'other'];
export const FORM_CONDITIONS: readonly Of<typeof CONDITIONS>[] = ['new', 'like-new', 'good', 'fair'];

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
  serviceType: 'Service Type',
  availability: 'Availability',
  eventType: 'Event Type',
  eventDate: 'Date',
  eventTime: 'Time',
  duration: 'Duration',
  capacity: 'Capacity',
  organizer: 'Organizer',
};

/**
 * Spec section 2: five cities, San Francisco first (the default), each with nearby places that are
 * not shown; home keeps listings whose location contains the city or one of its places.
 */
export const CITIES = [
  {
    name: 'San Francisco',
    nearby: ['Daly City', 'South San Francisco', 'San Bruno', 'Millbrae', 'Burlingame', 'San Mateo', 'Pacifica', 'Brisbane', 'Colma', 'Sausalito', 'Oakland', 'Berkeley', 'Alameda', 'Emeryville'],
  },
  {
    name: 'San Jose',
    nearby: ['Santa Clara', 'Sunnyvale', 'Milpitas', 'Cupertino', 'Campbell', 'Los Gatos', 'Saratoga', 'Mountain View', 'Morgan Hill', 'Fremont', 'Los Altos'],
  },
  {
    name: 'Oakland',
    nearby: ['Berkeley', 'Alameda', 'Emeryville', 'Piedmont', 'San Leandro', 'Hayward', 'Castro Valley', 'Albany', 'El Cerrito', 'Richmond', 'San Francisco'],
  },
  {
    name: 'Berkeley',
    nearby: ['Albany', 'El Cerrito', 'Richmond', 'Emeryville', 'Oakland', 'Kensington', 'Orinda', 'Alameda', 'Piedmont'],
  },
  {
    name: 'Palo Alto',
    nearby: ['Menlo Park', 'East Palo Alto', 'Stanford', 'Mountain View', 'Los Altos', 'Atherton', 'Redwood City', 'Sunnyvale', 'Cupertino'],
  },
] as const;
export type CityName = (typeof CITIES)[number]['name'];
export const DEFAULT_CITY: CityName = 'San Francisco';

/** Whether a listing's location text names the city or one of its nearby places (case-insensitive). */
export function isNearCity(location: string, city: CityName): boolean {
  const entry = CITIES.find((candidate) => candidate.name === city);
  if (!entry) return true;
  const text = location.toLowerCase();
  return [entry.name, ...entry.nearby].some((place) => text.includes(place.toLowerCase()));
}
