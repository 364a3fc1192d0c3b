/**
 * A listing's life in a real browser against the real stack (web/test/support.ts): created with photos,
 * edited, saved, reported and asked about by a second member, then deactivated, activated and deleted
 * from its owner's dashboard, each step checked against what the API answers.
 */
import type { Listing } from '@vnmarket/proto';
import type { Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import {
  a11yViolationsOf,
  type BrowserGlobals,
  cards,
  holdNext,
  installBrowserHarness,
  isFocused,
  newAccount,
  photoFiles,
  postListingAs,
  toast,
} from './support';

jest.setTimeout(120_000);

const web = installBrowserHarness('web-listing-journey');

describe('a listing from creation to saved and reported', () => {
  const owner = newAccount('Bảo', 'Võ');
  const buyer = newAccount('Mai', 'Đặng');
  let listingId: string;
  const title = 'Xe đạp Trek FX 2 – city bike';
  let ownerPage: Page;

  it('is created with two photos (upload progress shown) and opens on its detail page showing both', async () => {
    ({ page: ownerPage } = await web.newPage({ account: owner, keep: true }));
    const page = ownerPage;
    await page.goto(`${web.base}/create-listing`);
    await page.getByRole('heading', { name: 'Create New Listing' }).waitFor();

    // Required fields missing: the toast, and nothing is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/listings') posts += 1;
    });
    await page.getByRole('button', { name: 'Publish Listing' }).click();
    const missing = toast(page, 'Please fill in all required fields.');
    await missing.waitFor();
    expect(posts).toBe(0);
    // Each empty field says so, and the first (Title, at the top of the long form) takes the focus.
    for (const message of ['Title is required', 'Category is required', 'Description is required', 'Price is required', 'Location is required']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await eventually(async () => expect(await isFocused(page.getByLabel('Title'))).toBe(true));
    // White on red, readable once it has slid in (its description was faded below 4.5:1).
    await missing.evaluate((element) =>
      Promise.all((element as unknown as { getAnimations(): { finished: Promise<unknown> }[] }).getAnimations().map((animation) => animation.finished)),
    );
    expect(await a11yViolationsOf(page, ['color-contrast'])).toEqual([]);

    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Category').selectOption('sale');
    await page.getByLabel('Description').fill('Trek FX 2 hybrid, size M, rides great. Xe đi làm hằng ngày, mới thay lốp.');
    await page.getByLabel('Price', { exact: true }).fill('350');
    await page.getByLabel('Location').fill('Oakland, CA');
    await page.getByLabel('Condition').selectOption('good');
    await page.getByLabel('Brand').fill('Trek');

    await page.getByRole('button', { name: 'Add Photos' }).click();
    const uploader = page.getByTestId('photo-uploader');
    await uploader.waitFor();
    const files = await photoFiles([
      { name: 'bike-front.jpg', colors: ['#3b82f6', '#1e3a8a'] },
      { name: 'bike-side.jpg', colors: ['#10b981', '#065f46'] },
    ]);
    await uploader.getByTestId('photo-input').setInputFiles(files);
    await uploader.getByRole('img', { name: 'Preview of bike-side.jpg' }).waitFor();
    // Record every value the progress bar shows.
    await page.evaluate(() => {
      const { window, document, MutationObserver } = globalThis as unknown as BrowserGlobals;
      const seen: string[] = [];
      window.progressSeen = seen;
      new MutationObserver(() => {
        const value = document.querySelector('[role="progressbar"]')?.getAttribute('aria-valuenow');
        if (value !== null && value !== undefined && seen[seen.length - 1] !== value) seen.push(value);
      }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
    });
    await uploader.getByRole('button', { name: 'Upload 2 photos' }).click();
    await uploader.getByRole('progressbar', { name: 'Upload progress' }).waitFor();
    await toast(page, 'Images uploaded successfully!').waitFor();
    await uploader.waitFor({ state: 'hidden' }); // the uploader closes 500 ms after success
    const progress = (await page.evaluate(() => (globalThis as unknown as BrowserGlobals).window.progressSeen as string[])).map(Number);
    expect(progress[0]).toBeLessThan(100);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(await page.getByTestId('uploaded-photos').getByRole('img').count()).toBe(2);

    const release = await holdNext(page, 'POST', /\/api\/listings$/);
    await page.getByRole('button', { name: 'Publish Listing' }).click();
    await page.getByRole('button', { name: 'Publishing...' }).waitFor();
    release();
    await page.waitForURL(/\/listing\/[0-9a-f-]{36}$/);
    listingId = page.url().split('/').pop()!;
    await toast(page, 'Your listing has been created successfully!').waitFor();
    await page.getByRole('heading', { name: title }).waitFor();

    const listing = await web.api<Listing>(`/api/listings/${listingId}`);
    expect(listing.images).toHaveLength(2);
    expect(listing).toMatchObject({ title, category: 'sale', price: '350.00', condition: 'good', location: 'Oakland, CA', metadata: { brand: 'Trek' } });
    const main = page.getByTestId('gallery-main');
    await eventually(async () =>
      expect(await main.evaluate((image: { complete: boolean; naturalWidth: number }) => image.complete && image.naturalWidth > 0)).toBe(true),
    );
    expect(await main.getAttribute('src')).toBe(listing.images[0]);
    expect(await page.getByTestId('gallery-thumb').count()).toBe(2);
    await page.getByRole('button', { name: 'Show photo 2' }).click();
    expect(await main.getAttribute('src')).toBe(listing.images[1]);
    expect(await page.getByTestId('listing-price').textContent()).toBe('$350.00');
  });

  it('is edited by its owner', async () => {
    const page = ownerPage;
    expect(listingId).toBeDefined();
    await page.getByRole('link', { name: 'Edit Listing' }).click();
    await page.waitForURL(`${web.base}/listing/${listingId}/edit`);
    await page.getByRole('heading', { name: 'Edit Listing' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(title);
    expect(await page.getByLabel('Condition').inputValue()).toBe('good');
    expect(await page.getByLabel('Brand').inputValue()).toBe('Trek');
    expect(await page.getByTestId('uploaded-photos').getByRole('img').count()).toBe(2);

    await page.getByLabel('Title').fill(`${title} – giá mới`);
    await page.getByLabel('Price', { exact: true }).fill('325.50');
    await page.getByLabel('Price Type').selectOption('negotiable');
    await page.getByRole('button', { name: 'Remove photo 2' }).click();
    const release = await holdNext(page, 'PUT', new RegExp(`/api/listings/${listingId}$`));
    await page.getByRole('button', { name: 'Update Listing' }).click();
    await page.getByRole('button', { name: 'Updating...' }).waitFor();
    release();
    await page.waitForURL(`${web.base}/listing/${listingId}`);
    await toast(page, 'Your listing has been updated successfully!').waitFor();
    await page.getByRole('heading', { name: `${title} – giá mới` }).waitFor();
    expect(await page.getByTestId('listing-price').textContent()).toBe('$325.50 (negotiable)');
    const listing = await web.api<Listing>(`/api/listings/${listingId}`);
    expect(listing).toMatchObject({ title: `${title} – giá mới`, price: '325.50', priceType: 'negotiable' });
    expect(listing.images).toHaveLength(1);
  });

  it('shows its owner Edit Listing and no save, report or message controls', async () => {
    const page = ownerPage;
    await page.goto(`${web.base}/listing/${listingId}`);
    await page.getByRole('link', { name: 'Edit Listing' }).waitFor();
    expect(await page.getByRole('button', { name: /save listing/i }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Report listing' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Message Seller' }).count()).toBe(0);
  });

  let buyerPage: Page;
  let buyerId: string;

  it('is saved from a second account and shows on /saved', async () => {
    let userId: string | undefined;
    ({ page: buyerPage, userId } = await web.newPage({ account: buyer, keep: true }));
    buyerId = userId!;
    const page = buyerPage;
    await page.goto(`${web.base}/listing/${listingId}`);
    const save = page.getByTestId('save-button');
    await save.waitFor();
    expect(await page.getByRole('link', { name: 'Edit Listing' }).count()).toBe(0);
    expect(await save.getAttribute('aria-pressed')).toBe('false');
    await save.click();
    await toast(page, 'Listing Saved').waitFor();
    await page.getByRole('button', { name: 'Unsave listing' }).waitFor();
    expect(await save.getAttribute('aria-pressed')).toBe('true');
    // What the button shows ("Saved") is in the name a speech-input user says (WCAG 2.5.3, label in name).
    expect(await a11yViolationsOf(page, ['label-content-name-mismatch'])).toEqual([]);

    await page.getByRole('button', { name: `Account menu for ${buyer.firstName} ${buyer.lastName}` }).click();
    await page.getByRole('menuitem', { name: 'Saved' }).click();
    await page.waitForURL(`${web.base}/saved`);
    await page.getByRole('heading', { name: 'Saved Listings' }).waitFor();
    const saved = page.getByTestId('saved-grid').getByTestId('listing-card');
    await saved.first().waitFor();
    expect(await saved.locator('h3').allTextContents()).toEqual([`${title} – giá mới`]);
    expect(await page.getByTestId('saved-count').textContent()).toBe('1 saved listing');
    // The cards' titles (h3) sit under a section heading, not straight under the page's h1.
    expect(await a11yViolationsOf(page, ['heading-order'])).toEqual([]);
    await saved.first().click();
    await page.waitForURL(`${web.base}/listing/${listingId}`);
  });

  it('is reported by the second account', async () => {
    const page = buyerPage;
    await page.getByRole('button', { name: 'Report listing' }).click();
    const dialog = page.getByTestId('report-dialog');
    await dialog.waitFor();
    const submit = dialog.getByRole('button', { name: 'Submit Report' });
    expect(await submit.isDisabled()).toBe(true);
    expect(await dialog.getByText('Please select a reason').isVisible()).toBe(true);
    await dialog.getByLabel('Reason').selectOption('spam');
    await dialog.getByLabel('Additional details (optional)').fill('Same bike posted under another name with a lower price.');
    await submit.click();
    await toast(page, 'Report Submitted').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The report was stored: a second one is refused, and the toast says why.
    await page.getByRole('button', { name: 'Report listing' }).click();
    expect(await dialog.getByLabel('Reason').inputValue()).toBe(''); // cleared after success
    await dialog.getByLabel('Reason').selectOption('fraud');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await toast(page, 'You have already reported this listing').waitFor();
  });

  it('gets a message from the second account, and the reply shows live in the message modal', async () => {
    const page = buyerPage;
    await page.goto(`${web.base}/listing/${listingId}`);
    await page.getByRole('button', { name: 'Message Seller' }).click();
    const modal = page.getByTestId('message-modal');
    await modal.getByText('Connected', { exact: true }).waitFor();
    const input = modal.getByPlaceholder('Type a message...');
    expect(await modal.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
    await input.fill('  Xin chào, xe còn không?  ');
    await modal.getByRole('button', { name: 'Send message' }).click();
    await toast(page, 'Message sent').waitFor();
    await modal.getByTestId('message-bubble').filter({ hasText: 'Xin chào, xe còn không?' }).waitFor();
    expect(await input.inputValue()).toBe('');

    // The owner answers (through the API); the buyer's open thread updates over /ws, no reload.
    const reply = await ownerPage.request.post(`${web.base}/api/messages`, {
      data: { receiverId: buyerId, content: 'Còn bạn ơi, chiều nay xem xe nhé', listingId },
    });
    expect(reply.status()).toBe(201);
    await modal.getByTestId('message-bubble').filter({ hasText: 'Còn bạn ơi, chiều nay xem xe nhé' }).waitFor();
    expect(await modal.getByTestId('message-bubble').count()).toBe(2);
    await page.getByTestId('unread-badge').first().waitFor();
    expect(await page.getByTestId('unread-badge').first().textContent()).toBe('1');
  });
});

describe('dashboard', () => {
  it('deactivating hides a listing from browse, activating brings it back, and Delete after the confirm removes it', async () => {
    const { page, context } = await web.newPage({ account: newAccount('Nhung', 'Hồ') });
    const title = `Máy may Singer ${Date.now()}`;
    // Its category page, searched for its title, in a second tab.
    const categoryPage = await context.newPage();
    const onCategoryPage = async (expected: 'shown' | 'hidden') => {
      await categoryPage.goto(`${web.base}/category/sale?search=${encodeURIComponent(title)}`);
      if (expected === 'shown') await cards(categoryPage).filter({ hasText: title }).waitFor();
      else {
        // The search may list partial matches (its last word dropped): what counts is that this listing is not there.
        await categoryPage
          .getByTestId('result-count')
          .filter({ hasText: /^\d[\d,+]* results?$/ })
          .waitFor();
        expect(await cards(categoryPage).filter({ hasText: title }).count()).toBe(0);
      }
    };
    const created = await postListingAs(page, web.base, {
      title,
      description: 'Máy may cũ chạy tốt',
      category: 'sale',
      price: '120.5',
      condition: 'good',
      location: 'Milpitas, CA',
      metadata: {},
    });
    expect(created.status()).toBe(201);
    // Search answers the listing first while it is active; with too few matches it also lists partial ones after
    // it (the last word dropped), so what counts is whether this title is there, and first.
    const searchFor = async () => (await web.api<Listing[]>(`/api/listings?search=${encodeURIComponent(title)}`)).map((listing) => listing.title);

    await page.goto(`${web.base}/dashboard`);
    const item = page.getByTestId('dashboard-listing').filter({ hasText: title });
    await item.waitFor();
    await item.getByText('$120.50', { exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Active (1)', exact: true }).waitFor();
    await page.getByTestId('stat').filter({ hasText: 'Total Listings' }).getByText('1', { exact: true }).waitFor();

    await item.getByRole('button', { name: 'Deactivate' }).click();
    await toast(page, 'Listing status updated').waitFor();
    await page.getByRole('tab', { name: 'Inactive (1)', exact: true }).waitFor();
    expect(await searchFor()).not.toContain(title);
    await onCategoryPage('hidden');
    await item.getByRole('button', { name: 'Activate' }).click();
    await page.getByRole('tab', { name: 'Active (1)', exact: true }).waitFor();
    expect((await searchFor())[0]).toBe(title);
    await onCategoryPage('shown');

    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByTestId('delete-dialog');
    await dialog.getByText('This action cannot be undone. This will permanently delete your listing and remove it from our servers.').waitFor();
    // The answer is read first, so that a failure names the status rather than a missing toast.
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/api/listings/'));
    await dialog.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await toast(page, 'Listing deleted successfully').waitFor();
    await item.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'All (0)', exact: true }).waitFor();
    expect(await searchFor()).not.toContain(title);
  });
});
