/**
 * The six category pages, the create form's filter fields, home's paging and the detail gallery, in a
 * real browser against the real stack (web/test/support.ts). The catalogue is made here, through the
 * API and the form, so every expectation is checked against what GET /api/listings answers.
 */
import type { Listing, ListingBody } from '@vnmarket/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import {
  type BrowserGlobals,
  cards,
  createListingAs,
  installBrowserHarness,
  listingsRequest,
  listingsWithTotal,
  makePhoto,
  newAccount,
  seriousA11yViolations,
  setListingPhotos,
  toast,
  uploadThroughApi,
} from './support';

jest.setTimeout(120_000);

const web = installBrowserHarness('category');
const { newPage } = web;
let base: string;

/** What the spec's table says each page shows: title, its own filters (labels), and sort values. */
const PAGES = {
  rent: {
    title: 'Houses for Rent',
    filters: ['Bedrooms', 'Bathrooms', 'Property Type'],
    price: 'Monthly Rent',
    sorts: ['recent', 'price-low', 'price-high', 'bedrooms'],
    empty: 'No properties found',
  },
  food: {
    title: 'Specialty Food',
    filters: ['Cuisine', 'Dietary'],
    price: 'Price Range',
    sorts: ['recent', 'price-low', 'price-high', 'popular'],
    empty: 'No food items found',
  },
  sale: {
    title: 'Items for Sale',
    filters: ['Condition', 'Item Category', 'Negotiable price only'],
    price: 'Price Range',
    sorts: ['recent', 'price-low', 'price-high', 'condition'],
    empty: 'No items found',
  },
  jobs: {
    title: 'Job Opportunities',
    filters: ['Job Type', 'Experience Level', 'Industry', 'Remote work available'],
    price: 'Salary Range',
    sorts: ['recent', 'salary-high', 'salary-low', 'relevant'],
    empty: 'No jobs found',
  },
  service: {
    title: 'Professional Services',
    filters: ['Service Type', 'Price Type'],
    price: 'Price Range',
    sorts: ['recent', 'price-low', 'price-high', 'rating'],
    empty: 'No services found',
  },
  event: {
    title: 'Community Events',
    filters: ['Event Type', 'Ticket Type'],
    price: 'Ticket Price',
    sorts: ['recent', 'date', 'price-low', 'price-high'],
    empty: 'No events found',
  },
} as const;

/** The seller whose listings fill the catalogue; its page stays open for the whole file. */
let seller: { page: Page; context: BrowserContext };
/** Home's target: posted first, then more than 100 newer listings in the same city. */
const OLDEST = 'Dọn nhà trọn gói – tin đăng đầu tiên';
const BULK = 105;

type Body = Partial<ListingBody> & Pick<ListingBody, 'title' | 'category' | 'price'>;
const LISTINGS: Body[] = [
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
async function createAll(bodies: Body[], concurrency = 6): Promise<void> {
  const queue = [...bodies];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let body = queue.shift(); body; body = queue.shift()) await createListingAs(seller.context, base, body);
    }),
  );
}

beforeAll(async () => {
  base = web.base;
  seller = await newPage({ account: newAccount('Thu', 'Hoàng'), keep: true });
  await createListingAs(seller.context, base, {
    title: OLDEST,
    category: 'service',
    price: '90',
    location: 'San Francisco, CA',
    metadata: { serviceType: 'cleaning' },
  });
  await createAll(
    Array.from({ length: BULK }, (_, index) => ({
      title: `Dịch vụ sửa nhà số ${index + 1}`,
      category: 'service' as const,
      price: String(40 + index),
      location: 'San Francisco, CA',
      metadata: { serviceType: 'repair' },
    })),
  );
  // One at a time, in this order: the newest rent listing is the dearest, so "recent" and "price: low to high"
  // are different orders (created concurrently, they matched by chance one run in six).
  await createAll(LISTINGS, 1);
}, 120_000);

const titlesOf = (page: Page) => cards(page).locator('h3').allTextContents();
const resultCount = (page: Page, total: string) => page.getByTestId('result-count').filter({ hasText: new RegExp(`^${total.replace('+', '\\+')} results?$`) });

async function openCategory(page: Page, category: keyof typeof PAGES, query = ''): Promise<void> {
  await page.goto(`${base}/category/${category}${query}`);
  await page.getByRole('heading', { level: 1, name: PAGES[category].title }).waitFor();
}

describe('category pages', () => {
  it('each of the six loads with its title, search, filters and sort options; an unknown one is the 404 page', async () => {
    const { page } = await newPage({ account: newAccount('Khoa', 'Đỗ') });
    for (const [category, expected] of Object.entries(PAGES) as [keyof typeof PAGES, (typeof PAGES)[keyof typeof PAGES]][]) {
      const answer = listingsRequest(page, { category, sort: 'recent' });
      await openCategory(page, category);
      await answer;
      await page.getByRole('searchbox', { name: `Search ${expected.title}` }).waitFor();
      const sidebar = page.getByTestId('category-filters');
      await sidebar.getByLabel('Location').waitFor();
      await sidebar.getByRole('group', { name: expected.price }).waitFor();
      for (const label of expected.filters) expect(await sidebar.getByLabel(label, { exact: true }).count()).toBe(1);
      const sorts = await page
        .getByLabel('Sort by')
        .locator('option')
        .evaluateAll((options) => options.map((option) => (option as unknown as { value: string }).value));
      expect(sorts).toEqual(expected.sorts);
      // No filter set: no "Clear all"; the count is the API's.
      expect(await sidebar.getByRole('button', { name: 'Clear all' }).count()).toBe(0);
      const { total } = await listingsWithTotal(base, { category, limit: 1 });
      await resultCount(page, total).waitFor();
    }
    // The spec's option lists, human-readable.
    await openCategory(page, 'rent');
    expect(await page.getByLabel('Bedrooms').locator('option').allTextContents()).toEqual(['Any', 'Studio', '1+', '2+', '3+', '4+']);
    expect(await page.getByLabel('Bathrooms').locator('option').allTextContents()).toEqual(['Any', '1+', '2+', '3+']);
    await openCategory(page, 'jobs');
    expect(await page.getByLabel('Job Type').locator('option').allTextContents()).toEqual([
      'All Job Types',
      'Full-time',
      'Part-time',
      'Contract',
      'Freelance',
      'Internship',
      'Temporary',
    ]);

    await page.goto(`${base}/category/cars`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it('rent with 2+ bedrooms shows only such listings, with the API count; the address keeps the filter and back undoes it', async () => {
    const { page } = await newPage({ account: newAccount('Vy', 'Lâm') });
    await openCategory(page, 'rent');
    const all = await listingsWithTotal(base, { category: 'rent', sort: 'recent', limit: 24 });
    await resultCount(page, all.total).waitFor();
    expect(new Set(await titlesOf(page))).toEqual(new Set(all.listings.map((listing) => listing.title)));

    const request = listingsRequest(page, { category: 'rent', bedrooms: '2' });
    await page.getByLabel('Bedrooms').selectOption({ label: '2+' });
    await request;
    await page.waitForURL(/\/category\/rent\?bedrooms=2$/);
    const twoPlus = await listingsWithTotal(base, { category: 'rent', bedrooms: 2, sort: 'recent', limit: 24 });
    expect(twoPlus.listings.length).toBeGreaterThan(0);
    expect(twoPlus.listings.every((listing) => Number(listing.metadata.bedrooms) >= 2)).toBe(true);
    expect(Number(twoPlus.total)).toBeLessThan(Number(all.total));
    await resultCount(page, twoPlus.total).waitFor();
    await eventually(async () => expect(await titlesOf(page)).toEqual(twoPlus.listings.map((listing) => listing.title)));
    expect(await titlesOf(page)).not.toContain('Phòng 1 ngủ gần Tully');
    await page.getByRole('button', { name: 'Clear all' }).waitFor();

    // Shareable: a fresh load of the address shows the same filter and results.
    await page.reload();
    await resultCount(page, twoPlus.total).waitFor();
    expect(await page.getByLabel('Bedrooms').inputValue()).toBe('2');

    // Back undoes the filter.
    await page.goBack();
    await page.waitForURL(`${base}/category/rent`);
    await resultCount(page, all.total).waitFor();
    expect(await page.getByLabel('Bedrooms').inputValue()).toBe('all');
  });

  it('a filter that matches nothing shows the category empty text; Clear Filters brings the results back', async () => {
    const { page } = await newPage({ account: newAccount('Hiếu', 'Tạ') });
    await openCategory(page, 'jobs');
    const all = await listingsWithTotal(base, { category: 'jobs', limit: 24 });
    await resultCount(page, all.total).waitFor();
    const request = listingsRequest(page, { category: 'jobs', industry: 'finance' });
    await page.getByLabel('Industry').selectOption('finance');
    expect((await (await request).json()) as Listing[]).toEqual([]);
    const empty = page.getByTestId('empty-state');
    await empty.getByRole('heading', { name: 'No jobs found' }).waitFor();
    await empty.getByText('Try adjusting your filters to see more results').waitFor();
    await resultCount(page, '0').waitFor();
    await empty.getByRole('button', { name: 'Clear Filters' }).click();
    await resultCount(page, all.total).waitFor();
    expect(await cards(page).count()).toBe(all.listings.length);
    expect(page.url()).toBe(`${base}/category/jobs`);

    // Every page's own empty text (a search nobody matches).
    for (const [category, expected] of Object.entries(PAGES) as [keyof typeof PAGES, (typeof PAGES)[keyof typeof PAGES]][]) {
      await openCategory(page, category, '?search=zzqxv');
      await page.getByTestId('empty-state').getByRole('heading', { name: expected.empty }).waitFor();
      expect(await page.getByRole('searchbox', { name: `Search ${expected.title}` }).inputValue()).toBe('zzqxv');
    }
  });

  it('the hero search, the checkboxes and the sort are sent to the API and change the grid', async () => {
    const { page } = await newPage({ account: newAccount('Duy', 'Quách') });
    // Sort: price low to high reorders the grid the API's way.
    await openCategory(page, 'rent');
    await cards(page).first().waitFor();
    const recent = await titlesOf(page);
    let request = listingsRequest(page, { category: 'rent', sort: 'price-low' });
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await request;
    const cheapest = await listingsWithTotal(base, { category: 'rent', sort: 'price-low', limit: 24 });
    await eventually(async () => expect(await titlesOf(page)).toEqual(cheapest.listings.map((listing) => listing.title)));
    expect(await titlesOf(page)).not.toEqual(recent);
    const prices = cheapest.listings.map((listing) => Number(listing.price));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(page.url()).toContain('sort=price-low');

    // Hero search: ?search= and the API's matches.
    request = listingsRequest(page, { category: 'rent', search: 'Evergreen' });
    const search = page.getByRole('searchbox', { name: 'Search Houses for Rent' });
    await search.fill('Evergreen');
    await search.press('Enter');
    await request;
    await eventually(async () => expect(await titlesOf(page)).toEqual(['Nhà 3 phòng ngủ Evergreen']));
    expect(page.url()).toContain('search=Evergreen');

    // A search on a page with no sort chosen is ordered by Best Match (the API's relevance), shown as such.
    request = listingsRequest(page, { category: 'rent', search: 'phong', sort: 'relevance' });
    await page.goto(`${base}/category/rent?search=phong`);
    await request;
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
    await page.getByLabel('Sort by').getByRole('option', { name: 'Best Match' }).waitFor({ state: 'attached' });

    // "Remote work available": remote=true.
    await openCategory(page, 'jobs');
    await cards(page).first().waitFor();
    request = listingsRequest(page, { category: 'jobs', remote: 'true' });
    await page.getByLabel('Remote work available').check();
    await request;
    const remote = await listingsWithTotal(base, { category: 'jobs', remote: 'true', limit: 24 });
    expect(remote.listings.every((listing) => listing.metadata.remote === true)).toBe(true);
    await resultCount(page, remote.total).waitFor();
    await eventually(async () => expect(new Set(await titlesOf(page))).toEqual(new Set(remote.listings.map((listing) => listing.title))));
    expect(await titlesOf(page)).not.toContain('Phụ bếp nhà hàng');

    // "Negotiable price only": priceType=negotiable; typed prices are sent as numbers.
    await openCategory(page, 'sale');
    await cards(page).first().waitFor();
    request = listingsRequest(page, { category: 'sale', priceType: 'negotiable' });
    await page.getByLabel('Negotiable price only').check();
    await request;
    await eventually(async () => expect(await titlesOf(page)).toEqual(['Ghế sofa da, giá thương lượng']));
    request = listingsRequest(page, { category: 'sale', priceType: 'negotiable', maxPrice: '100' });
    await page.getByLabel('Maximum price').fill('100');
    await request;
    await page.getByTestId('empty-state').getByRole('heading', { name: 'No items found' }).waitFor();
  });

  it('pages with "Load more" until the count is reached', async () => {
    const { page } = await newPage({ account: newAccount('Nam', 'Cao') });
    await openCategory(page, 'service');
    const { total } = await listingsWithTotal(base, { category: 'service', limit: 1 });
    expect(Number(total)).toBeGreaterThan(100);
    await resultCount(page, total).waitFor();
    expect(await cards(page).count()).toBe(24);
    const more = page.getByRole('button', { name: 'Load more' });
    for (let shown = 24; shown < Number(total); shown += 24) {
      const request = listingsRequest(page, { category: 'service', offset: String(shown) });
      await more.click();
      await request;
      await page
        .getByTestId('showing-count')
        .filter({ hasText: `Showing ${Math.min(shown + 24, Number(total))} of ${total}` })
        .waitFor();
    }
    expect(await cards(page).count()).toBe(Number(total));
    expect(await more.count()).toBe(0);
    expect(new Set(await titlesOf(page)).size).toBe(Number(total));
  });
});

describe('the create form sets what the category filters read', () => {
  const made = [
    {
      category: 'sale',
      title: 'Bộ sách giáo khoa lớp 10',
      field: 'Item Category',
      value: 'books',
      label: 'Books',
      filter: 'itemCategory',
      key: 'itemCategory',
    },
    { category: 'jobs', title: 'Gia sư toán tại nhà', field: 'Industry', value: 'education', label: 'Education', filter: 'industry', key: 'industry' },
    {
      category: 'event',
      title: 'Workshop làm lồng đèn Trung Thu',
      field: 'Event Type',
      value: 'workshop',
      label: 'Workshop',
      filter: 'eventType',
      key: 'eventType',
    },
  ] as const;

  it.each(made)('a $category listing with $field "$value" is found by that filter', async ({ category, title, field, value, label, filter, key }) => {
    const page = seller.page;
    await page.goto(`${base}/create-listing`);
    await page.getByRole('heading', { name: 'Create New Listing' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category', { exact: true }).selectOption(category);
    await page.getByLabel('Description').fill(`${title}. Liên hệ qua tin nhắn.`);
    await page.getByLabel(category === 'jobs' ? 'Wage' : category === 'event' ? 'Ticket Price (0 for free)' : 'Price', { exact: true }).fill('30');
    await page.getByLabel('Location').fill('Fremont, CA');
    await page.getByLabel(field, { exact: true }).selectOption(value);
    if (category === 'jobs') await page.getByLabel('Remote work available').check();
    if (category === 'event') await page.getByLabel('Price Type').selectOption('paid');
    await page.getByRole('button', { name: 'Publish Listing' }).click();
    await page.waitForURL(/\/listing\/[0-9a-f-]{36}$/);
    await toast(page, 'Your listing has been created successfully!').waitFor();
    const id = page.url().split('/').pop()!;
    const stored = await web.api<Listing>(`/api/listings/${id}`);
    expect(stored.metadata[key]).toBe(value);
    if (category === 'jobs') expect(stored.metadata.remote).toBe(true);
    if (category === 'event') expect(stored.priceType).toBe('paid');

    await openCategory(page, category);
    await cards(page).first().waitFor();
    const request = listingsRequest(page, { category, [filter]: value });
    await page.getByTestId('category-filters').getByLabel(field, { exact: true }).selectOption({ label });
    await request;
    await eventually(async () => expect(await titlesOf(page)).toEqual([title]));
  });
});

describe('home', () => {
  it('asks the API for the city and reaches a listing older than the newest 100 with "Load more"', async () => {
    const { page } = await newPage({ account: newAccount('Phúc', 'Lưu') });
    const newest = await web.api<Listing[]>('/api/listings?limit=100');
    expect(newest.map((listing) => listing.title)).not.toContain(OLDEST);

    // The city's area: within 25 miles of San Francisco (no radius).
    const request = listingsRequest(page, { near: 'San Francisco' });
    await page.goto(`${base}/`);
    await request;
    const { total } = await listingsWithTotal(base, { near: 'San Francisco', limit: 1 });
    expect(Number(total)).toBeGreaterThan(100);
    await page.getByText(`Showing ${total} listings in San Francisco area`, { exact: true }).waitFor();
    expect(await cards(page).count()).toBe(24);
    const oldest = cards(page).filter({ hasText: OLDEST });
    while ((await oldest.count()) === 0) {
      const before = await cards(page).count();
      expect(before).toBeLessThan(Number(total));
      await page.getByRole('button', { name: 'Load more' }).click();
      await eventually(async () => expect(await cards(page).count()).toBeGreaterThan(before));
    }
    expect(await cards(page).count()).toBe(Number(total));
    await oldest.click();
    await page.getByRole('heading', { level: 1, name: OLDEST }).waitFor();
  });
});

describe('listing detail gallery', () => {
  it('shows the placeholder without photos, and thumbnails that switch the photo by click or keyboard', async () => {
    const { page } = await newPage({ account: newAccount('Linh', 'Mạc') });
    const client = web.stack.client();
    const owner = newAccount('Sơn', 'Kiều');
    expect((await client.post('/api/register', owner)).status).toBe(201);
    const created = await client.post<Listing>('/api/listings', {
      title: 'Xe Honda Vision 2022',
      description: 'Xe đẹp, chính chủ',
      category: 'sale',
      price: '1800',
      condition: 'good',
      location: 'San Jose, CA',
      metadata: {},
    });
    expect(created.status).toBe(201);

    await page.goto(`${base}/listing/${created.body.id}`);
    await page.getByRole('img', { name: 'No photos for this listing' }).waitFor();
    expect(await page.getByTestId('gallery-thumb').count()).toBe(0);

    const photos = await Promise.all((['#0ea5e9', '#f97316', '#22c55e'] as const).map((color) => makePhoto([color, '#111827'], 800, 600)));
    const images: string[] = [];
    for (const photo of photos) images.push(await uploadThroughApi(client, photo));
    await setListingPhotos(client, created.body, images);
    await page.reload();
    const main = page.getByTestId('gallery-main');
    await main.waitFor();
    expect(await main.getAttribute('src')).toBe(images[0]);
    const thumbs = page.getByRole('group', { name: 'Photos (3)' }).getByRole('button');
    expect(await thumbs.count()).toBe(3);
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('true');

    await page.getByRole('button', { name: 'Show photo 3' }).click();
    expect(await main.getAttribute('src')).toBe(images[2]);
    expect(await thumbs.nth(2).getAttribute('aria-pressed')).toBe('true');
    expect(await thumbs.nth(0).getAttribute('aria-pressed')).toBe('false');
    expect(await main.getAttribute('alt')).toBe('Xe Honda Vision 2022 – photo 3 of 3');

    // Keyboard: arrows move between the thumbnails (wrapping) and show each; Home and End jump.
    const focused = (index: number) =>
      thumbs.nth(index).evaluate((element: { ownerDocument: { activeElement: unknown } }) => element === element.ownerDocument.activeElement);
    await thumbs.nth(2).focus();
    await page.keyboard.press('ArrowRight');
    expect(await main.getAttribute('src')).toBe(images[0]);
    expect(await focused(0)).toBe(true);
    await page.keyboard.press('ArrowRight');
    expect(await main.getAttribute('src')).toBe(images[1]);
    expect(await thumbs.nth(1).getAttribute('aria-pressed')).toBe('true');
    await page.keyboard.press('End');
    expect(await main.getAttribute('src')).toBe(images[2]);
    expect(await focused(2)).toBe(true);
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    expect(await main.getAttribute('src')).toBe(images[0]);
  });
});

describe('photos that do not load', () => {
  it('the first card’s photo loads at once; a card whose thumbnail fails to load shows the placeholder, not a broken image', async () => {
    const client = web.stack.client();
    expect((await client.post('/api/register', newAccount('Thảo', 'Đỗ'))).status).toBe(201);
    const title = `Nồi cơm điện Zojirushi ${Date.now()}`;
    const created = await client.post<Listing>('/api/listings', {
      title,
      description: 'Nồi còn mới, dùng ít',
      category: 'sale',
      price: '60',
      condition: 'like-new',
      location: 'Milpitas, CA',
      metadata: {},
    });
    expect(created.status).toBe(201);
    const image = await uploadThroughApi(client, await makePhoto(['#f59e0b', '#111827'], 800, 600));
    await setListingPhotos(client, created.body, [image]);
    const card = (page: Page) => cards(page).filter({ hasText: title });

    // The control: where the thumbnail loads, the card shows it.
    const { page } = await newPage({ account: newAccount('Tâm', 'Huỳnh') });
    await openCategory(page, 'sale');
    await card(page).locator('img').waitFor();
    expect(await card(page).getByTestId('image-placeholder').count()).toBe(0);
    // The newest is the grid's first card: its photo loads at once, ahead of other images (on a phone it is
    // the largest paint). So on the seller's public profile, where it is the first card too.
    const firstPhoto = async (shown: Page) => {
      const img = card(shown).locator('img');
      return { loading: await img.getAttribute('loading'), fetchpriority: await img.getAttribute('fetchpriority') };
    };
    expect(await cards(page).first().textContent()).toContain(title);
    expect(await firstPhoto(page)).toEqual({ loading: 'eager', fetchpriority: 'high' });
    await page.goto(`${base}/users/${created.body.userId}`);
    await card(page).locator('img').waitFor();
    expect(await cards(page).first().textContent()).toContain(title);
    expect(await firstPhoto(page)).toEqual({ loading: 'eager', fetchpriority: 'high' });

    // A dropped connection for that one request: the placeholder takes the photo's place.
    const { page: offline } = await newPage({ account: newAccount('Nhi', 'Quách') });
    await offline.route(`**${image.replace(/\.webp$/, '-thumb.webp')}`, (route) => route.abort('connectionfailed'));
    await openCategory(offline, 'sale');
    await card(offline).getByTestId('image-placeholder').waitFor();
    expect(await card(offline).locator('img').count()).toBe(0);
  });
});

describe('accessibility and phones', () => {
  it('a category page has no serious or critical axe findings at 1280 px', async () => {
    const { page } = await newPage({ account: newAccount('Trí', 'Ông') });
    await openCategory(page, 'rent', '?bedrooms=1');
    await cards(page).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('at 375 px the filters fold behind a "Filters" button, nothing scrolls sideways, and axe finds nothing serious', async () => {
    const { page } = await newPage({ account: newAccount('Tuấn', 'Mai'), viewport: { width: 375, height: 812 } });
    await openCategory(page, 'jobs');
    await cards(page).first().waitFor();
    const width = () => page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth);
    expect(await width()).toBeLessThanOrEqual(375);
    const toggle = page.getByRole('button', { name: 'Filters', exact: true });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByTestId('category-filters').isVisible()).toBe(false);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await page.getByTestId('category-filters').waitFor();
    const request = listingsRequest(page, { category: 'jobs', jobType: 'full-time' });
    await page.getByLabel('Job Type').selectOption('full-time');
    await request;
    await page.getByRole('button', { name: 'Filters (1 active)' }).waitFor();
    expect(await width()).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
