/**
 * A listing's photos in a real browser against the real stack (web/test/support.ts): the detail page's
 * gallery (placeholder, thumbnails, keyboard), the first card's photo loaded at once, and the placeholder
 * in place of a thumbnail that fails to load.
 */
import type { Page } from 'playwright-core';
import { addPhotos, cards, installBrowserHarness, memberWithListing, newAccount } from './support';
import { openCategory } from './helpers/catalogue';

jest.setTimeout(60_000);

const web = installBrowserHarness('listing-photos');
const { newPage } = web;

describe('listing detail gallery', () => {
  it('shows the placeholder without photos, and thumbnails that switch the photo by click or keyboard', async () => {
    const { page } = await newPage({ account: newAccount('Linh', 'Mạc') });
    const { client, listing } = await memberWithListing(web.stack, newAccount('Sơn', 'Kiều'), {
      title: 'Xe Honda Vision 2022',
      description: 'Xe đẹp, chính chủ',
      category: 'sale',
      price: '1800',
      condition: 'good',
    });

    await page.goto(`${web.base}/listing/${listing.id}`);
    await page.getByRole('img', { name: 'No photos for this listing' }).waitFor();
    expect(await page.getByTestId('gallery-thumb').count()).toBe(0);

    const images = await addPhotos(
      client,
      listing,
      ['#0ea5e9', '#f97316', '#22c55e'].map((color): [string, string] => [color, '#111827']),
    );
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
    const title = `Nồi cơm điện Zojirushi ${Date.now()}`;
    const body = { title, description: 'Nồi còn mới, dùng ít', category: 'sale', price: '60', condition: 'like-new', location: 'Milpitas, CA' } as const;
    const { client, listing } = await memberWithListing(web.stack, newAccount('Thảo', 'Đỗ'), body);
    const [image] = await addPhotos(client, listing, [['#f59e0b', '#111827']]);
    const card = (page: Page) => cards(page).filter({ hasText: title });

    // The control: where the thumbnail loads, the card shows it.
    const { page } = await newPage({ account: newAccount('Tâm', 'Huỳnh') });
    await openCategory(page, web.base, 'sale');
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
    await page.goto(`${web.base}/users/${listing.userId}`);
    await card(page).locator('img').waitFor();
    expect(await cards(page).first().textContent()).toContain(title);
    expect(await firstPhoto(page)).toEqual({ loading: 'eager', fetchpriority: 'high' });

    // A dropped connection for that one request: the placeholder takes the photo's place.
    const { page: offline } = await newPage({ account: newAccount('Nhi', 'Quách') });
    await offline.route(`**${image!.replace(/\.webp$/, '-thumb.webp')}`, (route) => route.abort('connectionfailed'));
    await openCategory(offline, web.base, 'sale');
    await card(offline).getByTestId('image-placeholder').waitFor();
    expect(await card(offline).locator('img').count()).toBe(0);
  });
});
