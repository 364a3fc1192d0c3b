/**
 * Saved searches in a real browser against the real stack: "Save this search" on a category page and on
 * home keeps the page's whole filter set; a listing someone else posts that matches raises
 * saved_search.matched for the saver (and a non-match does not); Settings lists the searches and deletes
 * them, in English at 1280 px and in Tiếng Việt on a 375 px phone. SCREENSHOTS_DIR=… keeps the Settings shots.
 */
import type { Page } from 'playwright-core';
import { listingBody, eventually } from '@vnmarket/testkit';
import { installBrowserHarness, newAccount, seriousA11yViolations, toast, pageWidth, postListingAs } from './support';

jest.setTimeout(150_000);

const web = installBrowserHarness('saved-searches');
const { newPage } = web;
const SHOTS = process.env.SCREENSHOTS_DIR;
const PHONE = { width: 375, height: 812 };

interface Saved {
  id: string;
  name: string;
  filters: Record<string, string | number | boolean>;
}

async function saveFromPage(page: Page, name?: string): Promise<void> {
  await page.getByTestId('save-search').click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await dialog.waitFor();
  if (name !== undefined) await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await toast(page, 'Search saved').waitFor();
}

/** The saved_search.matched events the listings service wrote for this member. */
const matchedFor = async (userId: string) =>
  (
    await web.stack.listings.infrastructure.db('outbox_events').where({ type: 'saved_search.matched' }).whereRaw("envelope->'data'->>'userId' = ?", [userId])
  ).map((row: { envelope: { data: { listingId: string; savedSearchName: string } } }) => row.envelope.data);

it('saves a category page’s whole filter set, and a match posted by someone else is announced, a non-match not', async () => {
  const { page, context, userId } = await newPage({ account: newAccount('Hạnh', 'Phạm') });
  await page.goto(`${web.base}/category/food?search=${encodeURIComponent('phở')}&foodType=vietnamese&maxPrice=30`);
  await page
    .getByTestId('result-count')
    .filter({ hasText: /result/ })
    .waitFor();
  await saveFromPage(page);

  const saved = (await (await context.request.get(`${web.base}/api/saved-searches`)).json()) as Saved[];
  expect(saved).toHaveLength(1);
  expect(saved[0]!.name).toBe('“phở” · Specialty Food');
  expect(saved[0]!.filters).toMatchObject({ category: 'food', search: 'phở', foodType: 'vietnamese', maxPrice: 30 });

  // Saving the same filters again says so, in the toast.
  await page.getByTestId('save-search').click();
  await page.getByRole('dialog', { name: 'Save this search' }).getByRole('button', { name: 'Save search' }).click();
  await toast(page, 'You have already saved this search').waitFor();
  await page.keyboard.press('Escape');

  const cook = await newPage({ account: newAccount('Tâm', 'Võ') });
  const food = { category: 'food', priceType: 'fixed', price: '14', metadata: { cuisineType: 'vietnamese' } };
  const miss = await postListingAs(cook.context, web.base, listingBody({ ...food, title: 'Bún bò Huế' }));
  const hit = await postListingAs(cook.context, web.base, listingBody({ ...food, title: 'Phở bò tái nạm' }));
  const [missId, hitId] = [((await miss.json()) as { id: string }).id, ((await hit.json()) as { id: string }).id];
  await eventually(async () => expect((await matchedFor(userId!)).map((event) => event.listingId)).toEqual([hitId]));
  expect((await matchedFor(userId!)).map((event) => event.listingId)).not.toContain(missId);
});

it('saves home’s filters with its city, and Settings lists and deletes saved searches', async () => {
  const { page, context } = await newPage({ account: newAccount('Long', 'Đặng') });
  await page.goto(`${web.base}/?search=${encodeURIComponent('bánh mì')}`);
  await page
    .getByTestId('listing-count')
    .filter({ hasText: /Showing/ })
    .waitFor();
  await saveFromPage(page, 'Bánh mì gần nhà');
  const saved = (await (await context.request.get(`${web.base}/api/saved-searches`)).json()) as Saved[];
  expect(saved[0]).toMatchObject({ name: 'Bánh mì gần nhà', filters: { search: 'bánh mì', near: 'San Francisco' } });
  expect(saved[0]!.filters.category).toBeUndefined();
  await context.request.post(`${web.base}/api/saved-searches`, {
    data: { name: 'Phòng San Jose', filters: { category: 'rent', near: 'San Jose', radius: 10, maxPrice: 2000, bedrooms: 1 } },
  });

  await page.goto(`${web.base}/profile#settings`);
  const rows = page.getByTestId('saved-search');
  await rows.filter({ hasText: 'Phòng San Jose' }).waitFor();
  expect(await rows.count()).toBe(2);
  expect(await rows.first().textContent()).toContain('within 10 miles of San Jose');
  expect(await seriousA11yViolations(page)).toEqual([]);
  if (SHOTS) await page.getByTestId('settings-saved-searches').screenshot({ path: `${SHOTS}/settings-saved-searches-en-1280.png` });

  // The link opens the search's own page with its filters.
  const address = new URL((await rows.first().getByRole('link').getAttribute('href'))!, web.base);
  expect(address.pathname).toBe('/category/rent');
  expect(Object.fromEntries(address.searchParams)).toEqual({ near: 'San Jose', radius: '10', maxPrice: '2000', bedrooms: '1' });
  await rows.filter({ hasText: 'Bánh mì gần nhà' }).getByRole('button', { name: 'Delete saved search Bánh mì gần nhà' }).click();
  await eventually(async () => expect(await rows.count()).toBe(1));
  const left = (await (await context.request.get(`${web.base}/api/saved-searches`)).json()) as Saved[];
  expect(left.map((search) => search.name)).toEqual(['Phòng San Jose']);
});

it('reads in Tiếng Việt on a 375 px phone', async () => {
  const { page, context } = await newPage({ account: newAccount('Mai', 'Lý'), viewport: PHONE, locale: 'vi-VN' });
  await page.goto(`${web.base}/category/rent?bedrooms=2`);
  await page
    .getByTestId('result-count')
    .filter({ hasText: /kết quả/ })
    .waitFor();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Lưu tìm kiếm này' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lưu tìm kiếm này' });
  await dialog.getByRole('button', { name: 'Lưu tìm kiếm' }).click();
  await toast(page, 'Đã lưu tìm kiếm').waitFor();
  await context.request.post(`${web.base}/api/saved-searches`, {
    data: { name: 'Phở Oakland', filters: { category: 'food', search: 'phở', near: 'Oakland' } },
  });

  await page.goto(`${web.base}/profile#settings`);
  await page.getByRole('heading', { name: 'Tìm kiếm đã lưu' }).waitFor();
  const rows = page.getByTestId('saved-search');
  await rows.filter({ hasText: 'Phở Oakland' }).waitFor();
  expect(await rows.count()).toBe(2);
  await page.getByRole('button', { name: 'Xóa tìm kiếm đã lưu Phở Oakland' }).waitFor();
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
  expect(await seriousA11yViolations(page)).toEqual([]);
  if (SHOTS) await page.getByTestId('settings-saved-searches').screenshot({ path: `${SHOTS}/settings-saved-searches-vi-375.png` });
});
