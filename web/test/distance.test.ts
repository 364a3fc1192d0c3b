/**
 * "Within N miles" in a real browser against the real backend (the demo data of `make start`): Home's city
 * banner and the sidebar's distance and place, the place suggestions of the location fields, and the listing
 * form's. Build first (WEB_DIST, or web/dist).
 */
import type { Page } from 'playwright-core';
import { a11yViolationsOf, cards, createListingAs, installBrowserHarness, listingsRequest, newAccount } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('web-distance', { demoData: true });

/** The titles of the cards shown whose title has this word. */
const shownWith = async (page: Page, word: string) => (await cards(page).locator('h3').allTextContents()).filter((title) => title.includes(word)).sort();

describe('Within N miles', () => {
  it('finds Milpitas within 10 miles of San Jose but not San Francisco, and takes a ZIP code as the place', async () => {
    const word = `Khoangcach${Date.now().toString(36)}`;
    const seller = await web.newPage({ account: newAccount('Lan', 'Phạm') });
    await createListingAs(seller.context, web.base, { title: `${word} Milpitas`, category: 'sale', price: '20', condition: 'good', location: 'Milpitas, CA' });
    await createListingAs(seller.context, web.base, {
      title: `${word} San Francisco`,
      category: 'sale',
      price: '20',
      condition: 'good',
      location: 'San Francisco, CA',
    });

    const { page } = await web.newPage({ account: newAccount('Huy', 'Đỗ') });
    await page.goto(`${web.base}/`);
    await page.getByText(/^Showing \d+ listings in San Francisco area$/).waitFor();
    await page.getByLabel('Search', { exact: true }).fill(word);
    await page.getByLabel('Showing listings near').selectOption('San Jose');
    let request = listingsRequest(page, { near: 'San Jose', radius: '10', search: word });
    await page.getByLabel('Distance').selectOption('10');
    expect((await request).status()).toBe(200);
    await cards(page).first().waitFor();
    expect(await shownWith(page, word)).toEqual([`${word} Milpitas`]);

    // 50 miles of San Jose reach San Francisco.
    request = listingsRequest(page, { near: 'San Jose', radius: '50', search: word });
    await page.getByLabel('Distance').selectOption('50');
    await request;
    await cards(page).nth(1).waitFor();
    expect(await shownWith(page, word)).toEqual([`${word} Milpitas`, `${word} San Francisco`]);

    // A ZIP code of San Francisco's SoMa, suggested as it is typed, is the place: within 5 miles of it, San Francisco only.
    const location = page.getByLabel('Location');
    await location.fill('9410');
    await page.locator('datalist option[value="94103 San Francisco"]').waitFor({ state: 'attached' });
    request = listingsRequest(page, { near: '94103 San Francisco', radius: '5', search: word });
    await page.getByLabel('Distance').selectOption('5');
    await location.fill('94103 San Francisco');
    expect((await request).status()).toBe(200);
    await page.getByText(`${word} Milpitas`).waitFor({ state: 'detached' });
    expect(await shownWith(page, word)).toEqual([`${word} San Francisco`]);

    // Nearest first from the place.
    await location.fill('Milpitas');
    await page.getByLabel('Distance').selectOption('50');
    request = listingsRequest(page, { near: 'Milpitas', radius: '50', sort: 'distance', search: word });
    await page.getByLabel('Sort by').selectOption('distance');
    await request;
    await cards(page).nth(1).waitFor();
    expect((await cards(page).locator('h3').allTextContents()).filter((title) => title.includes(word))).toEqual([`${word} Milpitas`, `${word} San Francisco`]);
    expect(await a11yViolationsOf(page, ['label', 'select-name', 'color-contrast', 'list'])).toEqual([]);
  });

  it('suggests places in the listing form, in Tiếng Việt on a phone', async () => {
    const { page } = await web.newPage({ account: newAccount('Thu', 'Võ'), viewport: { width: 375, height: 800 }, locale: 'vi-VN' });
    await page.goto(`${web.base}/create-listing`);
    const location = page.getByLabel('Địa điểm');
    await location.fill('Little Sai');
    await page.locator('#listing-location-places option[value="Little Saigon, San Jose"]').waitFor({ state: 'attached' });
    const options = page.locator('#listing-location-places option');
    const suggested = await Promise.all((await options.all()).map((option) => option.getAttribute('value')));
    expect(suggested).toEqual(['Little Saigon, San Jose', 'Little Saigon, San Francisco', 'Little Saigon, Oakland']);
    expect(await location.getAttribute('list')).toBe('listing-location-places');
  });
});
