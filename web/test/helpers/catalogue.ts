/**
 * The category pages as the spec's table describes them, and a catalogue to browse: the browser tests of
 * the category pages, the home grid and the listing photos (web/test/*.test.ts) share them.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { type BrowserHarness, cards, createListingAs, type NewListing } from '../support';

interface CategoryPage {
  /** The page's h1. */
  title: string;
  /** The legend of its price range. */
  price: string;
  /** The heading of its empty state. */
  empty: string;
  /** The labels of its own filters. */
  filters: string[];
  /** Its sort options' values, in order. */
  sorts: string[];
}

/** A row of the table: the filters' labels comma-separated, the sort values space-separated. */
const row = (title: string, price: string, empty: string, filters: string, sorts: string): CategoryPage => ({
  title,
  price,
  empty,
  filters: filters.split(', '),
  sorts: sorts.split(' '),
});

/** What the spec's table says each of the six pages shows. */
export const CATEGORY_PAGES = {
  rent: row('Houses for Rent', 'Monthly Rent', 'No properties found', 'Bedrooms, Bathrooms, Property Type', 'recent price-low price-high bedrooms'),
  food: row('Specialty Food', 'Price Range', 'No food items found', 'Cuisine, Dietary', 'recent price-low price-high popular'),
  sale: row('Items for Sale', 'Price Range', 'No items found', 'Condition, Item Category, Negotiable price only', 'recent price-low price-high condition'),
  jobs: row(
    'Job Opportunities',
    'Salary Range',
    'No jobs found',
    'Job Type, Experience Level, Industry, Remote work available',
    'recent salary-high salary-low relevant',
  ),
  service: row('Professional Services', 'Price Range', 'No services found', 'Service Type, Price Type', 'recent price-low price-high rating'),
  event: row('Community Events', 'Ticket Price', 'No events found', 'Event Type, Ticket Type', 'recent date price-low price-high'),
};

export type Category = keyof typeof CATEGORY_PAGES;

/** Opens a category page (with an optional ?query) and waits for its heading. */
export async function openCategory(shown: Page, base: string, category: Category, query = ''): Promise<void> {
  await shown.goto(`${base}/category/${category}${query}`);
  await shown.getByRole('heading', { level: 1, name: CATEGORY_PAGES[category].title }).waitFor();
}

/** The titles of the grid's cards, in order. */
export const titlesOf = (shown: Page): Promise<string[]> => cards(shown).locator('h3').allTextContents();

/** A category page's result count line saying `total` ("1 result", "105 results", "100+ results"). */
export const resultCount = (shown: Page, total: string) =>
  shown.getByTestId('result-count').filter({ hasText: new RegExp(`^${total.replace('+', '\\+')} results?$`) });

/** Whether browse (the newest 100 listings, as anyone sees them) shows the listing. */
export async function inBrowse(web: BrowserHarness, id: string): Promise<boolean> {
  return (await web.api<{ id: string }[]>('/api/listings?limit=100')).some((listing) => listing.id === id);
}

/** Home's target: posted first, then more than 100 newer listings in the same city. */
export const OLDEST = 'Dọn nhà trọn gói – tin đăng đầu tiên';
const BULK = 105;

/** A few listings of each kind, with the metadata the category filters read. */
const LISTINGS: NewListing[] = [
  { title: 'Phòng 1 ngủ gần Tully', category: 'rent', price: '1400', priceType: 'monthly', metadata: { propertyType: 'apartment', bedrooms: 1, bathrooms: 1 } },
  {
    title: 'Căn hộ 2 phòng ngủ Berryessa',
    category: 'rent',
    price: '2600',
    priceType: 'monthly',
    metadata: { propertyType: 'condo', bedrooms: 2, bathrooms: 2 },
  },
  {
    title: 'Nhà 3 phòng ngủ Evergreen',
    category: 'rent',
    price: '3900',
    priceType: 'monthly',
    metadata: { propertyType: 'house', bedrooms: 3, bathrooms: 2.5 },
  },
  {
    title: 'Ghế sofa da, giá thương lượng',
    category: 'sale',
    price: '180',
    priceType: 'negotiable',
    condition: 'like-new',
    metadata: { itemCategory: 'furniture' },
  },
  { title: 'Laptop Dell Latitude', category: 'sale', price: '450', condition: 'good', metadata: { itemCategory: 'electronics', brand: 'Dell' } },
  {
    title: 'Kỹ sư phần mềm (remote)',
    category: 'jobs',
    price: '75',
    priceType: 'hourly',
    metadata: { jobType: 'full-time', experienceLevel: 'senior', industry: 'technology', remote: true },
  },
  {
    title: 'Phụ bếp nhà hàng',
    category: 'jobs',
    price: '20',
    priceType: 'hourly',
    metadata: { jobType: 'part-time', experienceLevel: 'entry', industry: 'hospitality', remote: false },
  },
  { title: 'Hội chợ Tết 2027', category: 'event', price: '0', priceType: 'free', metadata: { eventType: 'festival', eventDate: '2027-02-06' } },
  { title: 'Bánh chưng nhà làm', category: 'food', price: '25', metadata: { cuisineType: 'vietnamese', dietaryInfo: ['none'] } },
];

/** POST /api/listings as the seller, a few at a time. */
async function createAll(seller: BrowserContext, base: string, bodies: NewListing[], concurrency = 6): Promise<void> {
  const queue = [...bodies];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let body = queue.shift(); body; body = queue.shift()) await createListingAs(seller, base, body);
    }),
  );
}

/**
 * The catalogue, posted by one seller: OLDEST, then BULK newer services in San Francisco, then LISTINGS one
 * at a time in their order (the newest rent listing is the dearest, so "recent" and "price: low to high" are
 * different orders; created concurrently, they matched by chance one run in six).
 */
export async function postCatalogue(seller: BrowserContext, base: string): Promise<void> {
  await createListingAs(seller, base, {
    title: OLDEST,
    category: 'service',
    price: '90',
    location: 'San Francisco, CA',
    metadata: { serviceType: 'cleaning' },
  });
  const services = Array.from({ length: BULK }, (_, index) => ({
    title: `Dịch vụ sửa nhà số ${index + 1}`,
    category: 'service' as const,
    price: String(40 + index),
    location: 'San Francisco, CA',
    metadata: { serviceType: 'repair' },
  }));
  await createAll(seller, base, services);
  await createAll(seller, base, LISTINGS, 1);
}
