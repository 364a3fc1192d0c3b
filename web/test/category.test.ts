/**
 * The six category pages, the create form's filter fields and home's paging, in a real browser against
 * the real stack (web/test/support.ts), over a catalogue made here through the API and the form
 * (helpers/catalogue.ts), so every expectation is checked against what GET /api/listings answers.
 */
import type { Listing } from '@vnmarket/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { cards, installBrowserHarness, listingsRequest, listingsWithTotal, newAccount, pageWidth, seriousA11yViolations, toast } from './support';
import { CATEGORY_PAGES, type Category, OLDEST, openCategory, postCatalogue, resultCount, titlesOf } from './helpers/catalogue';

jest.setTimeout(120_000);

const web = installBrowserHarness('category');
const { newPage } = web;
/** The seller whose listings fill the catalogue; its page stays open for the whole file. */
let seller: { page: Page; context: BrowserContext };

beforeAll(async () => {
  seller = await newPage({ account: newAccount('Thu', 'Hoàng'), keep: true });
  await postCatalogue(seller.context, web.base);
}, 120_000);

describe('category pages', () => {
  it('each of the six loads with its title, search, filters and sort options; an unknown one is the 404 page', async () => {
    const { page } = await newPage({ account: newAccount('Khoa', 'Đỗ') });
    for (const [category, expected] of Object.entries(CATEGORY_PAGES) as [Category, (typeof CATEGORY_PAGES)[Category]][]) {
      const answer = listingsRequest(page, { category, sort: 'recent' });
      await openCategory(page, web.base, category);
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
      const { total } = await listingsWithTotal(web.base, { category, limit: 1 });
      await resultCount(page, total).waitFor();
    }
    // The spec's option lists, human-readable.
    await openCategory(page, web.base, 'rent');
    expect(await page.getByLabel('Bedrooms').locator('option').allTextContents()).toEqual(['Any', 'Studio', '1+', '2+', '3+', '4+']);
    expect(await page.getByLabel('Bathrooms').locator('option').allTextContents()).toEqual(['Any', '1+', '2+', '3+']);
    await openCategory(page, web.base, 'jobs');
    expect(await page.getByLabel('Job Type').locator('option').allTextContents()).toEqual([
      'All Job Types',
      'Full-time',
      'Part-time',
      'Contract',
      'Freelance',
      'Internship',
      'Temporary',
    ]);

    await page.goto(`${web.base}/category/cars`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
  });

  it('rent with 2+ bedrooms shows only such listings, with the API count; the address keeps the filter and back undoes it', async () => {
    const { page } = await newPage({ account: newAccount('Vy', 'Lâm') });
    await openCategory(page, web.base, 'rent');
    const all = await listingsWithTotal(web.base, { category: 'rent', sort: 'recent', limit: 24 });
    await resultCount(page, all.total).waitFor();
    expect(new Set(await titlesOf(page))).toEqual(new Set(all.listings.map((listing) => listing.title)));

    const request = listingsRequest(page, { category: 'rent', bedrooms: '2' });
    await page.getByLabel('Bedrooms').selectOption({ label: '2+' });
    await request;
    await page.waitForURL(/\/category\/rent\?bedrooms=2$/);
    const twoPlus = await listingsWithTotal(web.base, { category: 'rent', bedrooms: 2, sort: 'recent', limit: 24 });
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
    await page.waitForURL(`${web.base}/category/rent`);
    await resultCount(page, all.total).waitFor();
    expect(await page.getByLabel('Bedrooms').inputValue()).toBe('all');
  });

  it('a filter that matches nothing shows the category empty text; Clear Filters brings the results back', async () => {
    const { page } = await newPage({ account: newAccount('Hiếu', 'Tạ') });
    await openCategory(page, web.base, 'jobs');
    const all = await listingsWithTotal(web.base, { category: 'jobs', limit: 24 });
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
    expect(page.url()).toBe(`${web.base}/category/jobs`);

    // Every page's own empty text (a search nobody matches).
    for (const [category, expected] of Object.entries(CATEGORY_PAGES) as [Category, (typeof CATEGORY_PAGES)[Category]][]) {
      await openCategory(page, web.base, category, '?search=zzqxv');
      await page.getByTestId('empty-state').getByRole('heading', { name: expected.empty }).waitFor();
      expect(await page.getByRole('searchbox', { name: `Search ${expected.title}` }).inputValue()).toBe('zzqxv');
    }
  });

  it('the hero search, the checkboxes and the sort are sent to the API and change the grid', async () => {
    const { page } = await newPage({ account: newAccount('Duy', 'Quách') });
    // Sort: price low to high reorders the grid the API's way.
    await openCategory(page, web.base, 'rent');
    await cards(page).first().waitFor();
    const recent = await titlesOf(page);
    let request = listingsRequest(page, { category: 'rent', sort: 'price-low' });
    await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
    await request;
    const cheapest = await listingsWithTotal(web.base, { category: 'rent', sort: 'price-low', limit: 24 });
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
    await page.goto(`${web.base}/category/rent?search=phong`);
    await request;
    expect(await page.getByLabel('Sort by').inputValue()).toBe('relevance');
    await page.getByLabel('Sort by').getByRole('option', { name: 'Best Match' }).waitFor({ state: 'attached' });

    // "Remote work available": remote=true.
    await openCategory(page, web.base, 'jobs');
    await cards(page).first().waitFor();
    request = listingsRequest(page, { category: 'jobs', remote: 'true' });
    await page.getByLabel('Remote work available').check();
    await request;
    const remote = await listingsWithTotal(web.base, { category: 'jobs', remote: 'true', limit: 24 });
    expect(remote.listings.every((listing) => listing.metadata.remote === true)).toBe(true);
    await resultCount(page, remote.total).waitFor();
    await eventually(async () => expect(new Set(await titlesOf(page))).toEqual(new Set(remote.listings.map((listing) => listing.title))));
    expect(await titlesOf(page)).not.toContain('Phụ bếp nhà hàng');

    // "Negotiable price only": priceType=negotiable; typed prices are sent as numbers.
    await openCategory(page, web.base, 'sale');
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
    await openCategory(page, web.base, 'service');
    const { total } = await listingsWithTotal(web.base, { category: 'service', limit: 1 });
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
    await page.goto(`${web.base}/create-listing`);
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

    await openCategory(page, web.base, category);
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
    await page.goto(`${web.base}/`);
    await request;
    const { total } = await listingsWithTotal(web.base, { near: 'San Francisco', limit: 1 });
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

describe('accessibility and phones', () => {
  it('a category page has no serious or critical axe findings at 1280 px', async () => {
    const { page } = await newPage({ account: newAccount('Trí', 'Ông') });
    await openCategory(page, web.base, 'rent', '?bedrooms=1');
    await cards(page).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
  });

  it('at 375 px the filters fold behind a "Filters" button, nothing scrolls sideways, and axe finds nothing serious', async () => {
    const { page } = await newPage({ account: newAccount('Tuấn', 'Mai'), viewport: { width: 375, height: 812 } });
    await openCategory(page, web.base, 'jobs');
    await cards(page).first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
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
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    expect(await seriousA11yViolations(page)).toEqual([]);
  });
});
