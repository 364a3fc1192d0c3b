/**
 * Browsing the demo data of `make start` in a real browser against the real stack (web/test/support.ts):
 * filters, sort and search answered as the API answers them, phones (the drawer, tabs, headings, a still
 * page), and older eyes and screen readers (tab titles, the skip link, text zoom, who said what).
 */
import type { Listing } from '@vnmarket/proto';
import type { Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { afterPaint, pageWidth, cards, countLine, createListingAs, installBrowserHarness, listingsRequest, listingsWithTotal, newAccount } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('web-browsing', { demoData: true });
const { newPage, api } = web;

describe('browsing', () => {
  it('filtering by category and price narrows the grid to what the API says for the city', async () => {
    const { page } = await newPage({ account: newAccount('Minh', 'Trần') });
    await page.goto(`${web.base}/`);
    await page.getByText(/^Showing \d+ listings in San Francisco area$/).waitFor();
    await page.getByLabel('Showing listings near').selectOption('San Jose');

    // Home asks the API for the city (near=San Jose: within 25 miles of it) and shows its first page and its X-Total-Count.
    const near = async (query: Record<string, string | number> = {}) => {
      const { listings, total } = await listingsWithTotal(web.base, { near: 'San Jose', limit: 24, ...query });
      return { listings, count: Number(total) };
    };
    const everything = await near();
    await countLine(page, everything.count, 'San Jose').waitFor();
    expect(await cards(page).count()).toBe(everything.listings.length);

    const food = await near({ category: 'food' });
    let request = listingsRequest(page, { category: 'food' });
    await page.getByLabel('Category').selectOption('food');
    await request;
    await countLine(page, food.count, 'San Jose').waitFor();
    expect(food.count).toBeGreaterThan(0);
    expect(food.count).toBeLessThan(everything.count);
    expect(await cards(page).count()).toBe(food.listings.length);
    expect(new Set(await cards(page).locator('h3').allTextContents())).toEqual(new Set(food.listings.map((listing) => listing.title)));

    const cheapFood = await near({ category: 'food', maxPrice: 15 });
    request = listingsRequest(page, { category: 'food', maxPrice: '15' });
    await page.getByLabel('Max price').fill('15');
    await request;
    await countLine(page, cheapFood.count, 'San Jose').waitFor();
    expect(cheapFood.count).toBeGreaterThan(0);
    expect(cheapFood.count).toBeLessThan(food.count);
    expect(new Set(await cards(page).locator('h3').allTextContents())).toEqual(new Set(cheapFood.listings.map((listing) => listing.title)));

    // Sort by price, low to high: the API's order.
    request = listingsRequest(page, { sort: 'price-low' });
    await page.getByLabel('Sort by').selectOption('price-low');
    await request;
    const sorted = await near({ category: 'food', maxPrice: 15, sort: 'price-low' });
    await eventually(async () => expect(await cards(page).locator('h3').allTextContents()).toEqual(sorted.listings.map((listing) => listing.title)));

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await countLine(page, everything.count, 'San Jose').waitFor();
    expect(await page.getByRole('button', { name: 'Clear all filters' }).count()).toBe(0);
  });

  it('searching "pho" from the header finds the Phở listing', async () => {
    const { page } = await newPage({ account: newAccount('Tâm', 'Bùi') });
    await page.goto(`${web.base}/`);
    await page.getByText(/^Showing \d+ listings in San Francisco area$/).waitFor();
    const request = listingsRequest(page, { search: 'pho' });
    const search = page.getByRole('searchbox', { name: 'Search listings' }).first();
    await search.fill('pho');
    await search.press('Enter');
    await page.waitForURL(`${web.base}/?search=pho`);
    await request;
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('pho');
    await page.getByLabel('Showing listings near').selectOption('San Jose');
    const pho = cards(page).filter({ hasText: 'Phở Bò Tái Nạm' });
    await pho.waitFor();
    // Exactly the API's matches for "pho" in San Jose, fewer than all of that city's listings.
    const matches = await listingsWithTotal(web.base, { search: 'pho', near: 'San Jose', limit: 24 });
    await countLine(page, Number(matches.total), 'San Jose').waitFor();
    expect(new Set(await cards(page).locator('h3').allTextContents())).toEqual(new Set(matches.listings.map((listing) => listing.title)));
    expect(Number(matches.total)).toBeLessThan(Number((await listingsWithTotal(web.base, { near: 'San Jose', limit: 1 })).total));

    // The ?search= of a fresh load is read into the filter too.
    await page.goto(`${web.base}/?search=pho`);
    await page.getByLabel('Showing listings near').selectOption('San Jose');
    await cards(page).filter({ hasText: 'Phở Bò Tái Nạm' }).waitFor();
  });
});

describe('phones', () => {
  it('get the drawer with search, navigation and sign out at 375 px, without sideways scrolling', async () => {
    const { page } = await newPage({ account: newAccount('Anh', 'Lê'), viewport: { width: 375, height: 812 } });
    await page.goto(`${web.base}/`);
    await page.getByText(/^Showing \d+ listings in San Francisco area$/).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Browse', 'Messages', 'Create Listing', 'Profile', 'Saved']) await drawer.getByRole('link', { name }).waitFor();
    await drawer.getByRole('searchbox', { name: 'Search listings' }).fill('pho');
    await drawer.getByRole('searchbox', { name: 'Search listings' }).press('Enter');
    await page.waitForURL(`${web.base}/?search=pho`);
    expect(await drawer.count()).toBe(0);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('heading', { name: 'Find Everything You Need' }).waitFor();
  });

  it('show every tab of the profile and the dashboard within the screen, each tab naming the panel it shows', async () => {
    const { page } = await newPage({ account: newAccount('Duy', 'Hồ'), viewport: { width: 375, height: 812 } });
    for (const [path, tablist] of [
      ['/profile', 'Profile sections'],
      ['/dashboard', 'Listings'],
    ] as const) {
      await page.goto(`${web.base}${path}`);
      const tabs = page.getByRole('tablist', { name: tablist }).getByRole('tab');
      await tabs.first().waitFor();
      const edges = await tabs.evaluateAll((elements) =>
        elements.map((element) => {
          const box = (element as unknown as { getBoundingClientRect(): { left: number; right: number } }).getBoundingClientRect();
          return { left: Math.round(box.left), right: Math.round(box.right) };
        }),
      );
      expect({ path, outside: edges.filter((edge) => edge.left < 0 || edge.right > 375) }).toEqual({ path, outside: [] });
      const selected = page.getByRole('tab', { selected: true });
      const panel = page.locator(`#${await selected.getAttribute('aria-controls')}`);
      expect(await panel.getAttribute('role')).toBe('tabpanel');
      expect(await panel.getAttribute('aria-labelledby')).toBe(await selected.getAttribute('id'));
    }
    // The dashboard's tabs move with the arrow keys, as tabs do.
    await page.getByRole('tab', { name: /^All \(/ }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await page.getByRole('tab', { name: /^Active \(/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('read home and a category page as an outline that never skips a heading level (filters folded away)', async () => {
    const { page } = await newPage({ account: newAccount('Bảo', 'Trần'), viewport: { width: 375, height: 812 } });
    /** The levels of the headings a screen reader meets, in order: rendered ones (visually hidden included). */
    const outline = () =>
      page.evaluate(() => {
        const { document } = globalThis as unknown as {
          document: { querySelectorAll(selector: string): ArrayLike<{ tagName: string; getClientRects(): ArrayLike<unknown> }> };
        };
        return Array.from(document.querySelectorAll('h1, h2, h3, h4, h5, h6'))
          .filter((heading) => heading.getClientRects().length > 0)
          .map((heading) => Number(heading.tagName[1]));
      });
    for (const path of ['/', '/category/food']) {
      await page.goto(`${web.base}${path}`);
      await cards(page).first().waitFor();
      const levels = await outline();
      expect(levels[0]).toBe(1);
      const skips = levels.flatMap((level, index) => (index > 0 && level > levels[index - 1]! + 1 ? [`h${levels[index - 1]} → h${level}`] : []));
      expect({ path, skips }).toEqual({ path, skips: [] });
    }
  });

  it('keep the page still while member screens load their data (no layout shift of the page itself)', async () => {
    const { page } = await newPage({ account: newAccount('Cúc', 'Võ'), viewport: { width: 412, height: 823 } });
    await page.addInitScript(() => {
      const scope = globalThis as unknown as {
        shifts: number[];
        PerformanceObserver: new (callback: (list: { getEntries(): { value: number }[] }) => void) => { observe(options: object): void };
      };
      scope.shifts = [];
      new scope.PerformanceObserver((list) => scope.shifts.push(...list.getEntries().map((entry) => entry.value))).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    for (const [path, heading] of Object.entries({ '/dashboard': 'My Listings Dashboard', '/messages': 'Messages' })) {
      await page.goto(`${web.base}${path}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
      // Its data answered and drawn: any shift it caused is in the observer's list.
      await page.waitForLoadState('networkidle');
      await afterPaint(page);
      const shift = await page.evaluate(() => (globalThis as unknown as { shifts: number[] }).shifts.reduce((sum, value) => sum + value, 0));
      // Lighthouse calls a cumulative shift under 0.1 good; <main> moving down by the screen's top margin would be 0.10.
      expect({ path, shift: shift < 0.02 }).toEqual({ path, shift: true });
    }
  });
});

describe('older eyes, screen readers and other ways in', () => {
  type Doc = { title: string; activeElement: { id?: string; tagName: string } | null; documentElement: { scrollWidth: number } };
  const doc = (page: Page) =>
    page.evaluate(() => {
      const { document } = globalThis as unknown as { document: Doc };
      return {
        title: document.title,
        focused: document.activeElement?.id || document.activeElement?.tagName,
        scrollWidth: document.documentElement.scrollWidth,
      };
    });

  it('name each screen in the tab title, and put focus at the start of a new screen reached in the app', async () => {
    const { page, context } = await newPage({ account: newAccount('Giang', 'Phạm') });
    const id = await createListingAs(context, web.base, { title: 'Nồi cơm điện Zojirushi 1.8L', category: 'sale', price: '45', condition: 'like-new' });
    await page.goto(`${web.base}/dashboard`);
    await page.getByRole('heading', { name: 'My Listings Dashboard', level: 1 }).waitFor();
    expect((await doc(page)).title).toBe('My Listings Dashboard – Chợ Việt Bay Area');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Messages' }).click();
    await page.getByRole('heading', { name: 'Messages', level: 1 }).waitFor();
    expect(await doc(page)).toMatchObject({ title: 'Messages – Chợ Việt Bay Area', focused: 'main' });
    await page.goto(`${web.base}/listing/${id}`);
    await page.getByRole('heading', { name: 'Nồi cơm điện Zojirushi 1.8L', level: 1 }).waitFor();
    await eventually(async () => expect((await doc(page)).title).toBe('Nồi cơm điện Zojirushi 1.8L – Chợ Việt Bay Area'));
    await page.goto(`${web.base}/category/food`);
    await cards(page).first().waitFor();
    expect((await doc(page)).title).toMatch(/^[^–]+ – Chợ Việt Bay Area$/);
    expect((await doc(page)).title).not.toBe('Listings – Chợ Việt Bay Area');
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await doc(page)).title).toBe('Chợ Việt Bay Area');
  });

  it('show the skip link when the keyboard reaches it, and a focus outline in forced colours', async () => {
    const { page } = await newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${web.base}/login`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    const box = await skip.boundingBox();
    expect(box && box.width > 40 && box.height >= 40 && box.x >= 0 && box.y >= 0).toBe(true);
    await page.emulateMedia({ forcedColors: 'active' });
    const signIn = page.getByRole('button', { name: 'Sign in' });
    for (
      let press = 0;
      press < 20 && !(await signIn.evaluate((button) => button === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement));
      press += 1
    ) {
      await page.keyboard.press('Tab');
    }
    const outline = await signIn.evaluate(
      (button) => (globalThis as unknown as { getComputedStyle(element: unknown): { outlineStyle: string } }).getComputedStyle(button).outlineStyle,
    );
    expect(outline).not.toBe('none');
  });

  it('fit a 320 px phone without sideways scrolling on a listing and on phone verification', async () => {
    const { page } = await newPage({ account: newAccount('Hạnh', 'Vũ'), viewport: { width: 320, height: 640 } });
    const listings = await api<Listing[]>('/api/listings?limit=20');
    const other = listings.find((listing) => listing.contactPreference === 'message')!;
    await page.goto(`${web.base}/listing/${other.id}`);
    await page.getByRole('link', { name: 'Write a review' }).waitFor();
    expect((await doc(page)).scrollWidth).toBeLessThanOrEqual(320);
    await page.goto(`${web.base}/verify-phone`);
    await page.getByLabel('Verification code').waitFor();
    expect((await doc(page)).scrollWidth).toBeLessThanOrEqual(320);
  });

  it('keep every control on a 375 px screen with the text twice its size (text-only zoom)', async () => {
    const { page } = await newPage({ account: newAccount('Lộc', 'Đặng'), viewport: { width: 375, height: 740 } });
    const listings = await api<Listing[]>('/api/listings?limit=20');
    const other = listings.find((listing) => listing.contactPreference === 'message')!;
    for (const path of ['/login', '/messages', '/category/rent', `/listing/${other.id}`]) {
      await page.goto(`${web.base}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.evaluate(
        () => ((globalThis as unknown as { document: { documentElement: { style: { fontSize: string } } } }).document.documentElement.style.fontSize = '200%'),
      );
      expect({ path, scrollWidth: (await doc(page)).scrollWidth <= 375 }).toEqual({ path, scrollWidth: true });
    }
    // A dialog's buttons wrap onto lines of their own instead of running off the left edge.
    await page.getByRole('button', { name: 'Report' }).click();
    const cancel = await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).boundingBox();
    expect(cancel && cancel.x >= 0 && cancel.x + cancel.width <= 375).toBe(true);
  });

  it('tell a screen reader who wrote each message in a conversation', async () => {
    const { page } = await newPage({ account: newAccount('Khoa', 'Đỗ') });
    const listings = await api<Listing[]>('/api/listings?limit=20');
    const other = listings.find((listing) => listing.contactPreference === 'message')!;
    await page.goto(`${web.base}/listing/${other.id}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const modal = page.getByTestId('message-modal');
    await modal.getByPlaceholder('Type a message...').fill('Chào anh, còn hàng không?');
    await modal.getByRole('button', { name: 'Send message' }).click();
    const bubble = modal.getByTestId('message-bubble').filter({ hasText: 'Chào anh, còn hàng không?' });
    await bubble.waitFor();
    // Said, not shown: the name is in the bubble's text, in a visually hidden span.
    expect(await bubble.textContent()).toMatch(/^You: Chào anh, còn hàng không\?/);
    const said = await bubble.getByText('You:').boundingBox();
    expect(said && said.width <= 1 && said.height <= 1).toBe(true);
  });
});
