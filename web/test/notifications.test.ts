/**
 * The bell, in a real browser against the real backend: a member's saved search raises a live notification
 * (over /ws, no reload) when someone else posts a match, and none for a listing that does not match; the
 * bell lists it in the member's language and opens the listing; Settings holds the choices per kind.
 * SAVE_SCREENSHOTS_TO=<folder> keeps the screens as PNGs (web/screenshots/notify).
 */
import type { Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { createListingAs, installBrowserHarness, newAccount, seriousA11yViolations, type BrowserGlobals, pageWidth } from './support';
import { keepScreenshot } from './helpers/screenshots';

jest.setTimeout(120_000);

const web = installBrowserHarness('web-notifications');
const { newPage } = web;
const PHONE = { width: 375, height: 800 };

/** A member who saved "Phở" in Specialty Food, with the app open on home; and a seller who posts. */
async function watcherAndSeller(options: { viewport?: { width: number; height: number }; locale?: string } = {}) {
  const watcher = await newPage({ account: newAccount('Lan', 'Nguyễn'), ...options });
  const seller = await newPage({ account: newAccount('Tâm', 'Đặng') });
  const saved = await watcher.context.request.post(`${web.base}/api/saved-searches`, { data: { name: 'Phở', filters: { category: 'food', search: 'phở' } } });
  expect(saved.status()).toBe(201);
  await watcher.page.goto(`${web.base}/`);
  await watcher.page.getByTestId('notification-bell').waitFor();
  // The socket is open (the bell's count arrives over it).
  await eventually(async () => expect(await web.stack.messaging.service.hub.socketCount).toBeGreaterThan(0));
  return { watcher, seller };
}

/** A press in the page's left margin, outside any dropdown and on nothing that acts on a press. */
async function pressPageMargin(page: Page): Promise<void> {
  const target = await page.evaluate(() => {
    type Found = { tagName: string; closest(selector: string): Found | null } | null;
    const { document } = globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Found } };
    return document.elementFromPoint(2, 500)?.closest('a, button, input, select, textarea, [role]')?.tagName ?? 'none';
  });
  expect(target).toBe('none');
  await page.mouse.click(2, 500);
}

describe('the bell', () => {
  it('counts a saved-search match live, not a non-match, and opens the listing (English, 1280 px)', async () => {
    const { watcher, seller } = await watcherAndSeller();
    const { page } = watcher;
    // Not a match: phở, but a bowl set for sale; and food, but no phở.
    await createListingAs(seller.context, web.base, { title: 'Bộ tô phở sứ', category: 'sale', price: '30', description: 'Sáu tô, còn mới' });
    await createListingAs(seller.context, web.base, { title: 'Bánh mì thịt nướng', category: 'food', price: '8', description: 'Giao tận nơi' });
    const match = await createListingAs(seller.context, web.base, {
      title: 'Phở bò tái nạm, nấu tại nhà',
      category: 'food',
      price: '14',
      description: 'Nước dùng ninh 12 tiếng',
    });

    // The matcher answers within 5 s (services/listings' own test); the wait here allows for a loaded machine.
    const count = page.getByTestId('notification-count');
    await count.filter({ hasText: '1' }).waitFor({ timeout: 20_000 });
    const bell = page.getByTestId('notification-bell');
    expect(await bell.getAttribute('aria-expanded')).toBe('false');
    await bell.click();
    const list = page.getByRole('region', { name: 'Notifications' });
    const items = list.getByTestId('notification');
    await items.first().waitFor();
    expect(await items.count()).toBe(1);
    expect(await items.first().innerText()).toContain('New match for “Phở”');
    expect(await items.first().innerText()).toContain('Phở bò tái nạm, nấu tại nhà · $14');
    // Seen: marked read, and the count goes.
    await count.waitFor({ state: 'detached' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, 'bell-1280', { fullPage: false });

    await page.keyboard.press('Escape');
    expect(await bell.evaluate((element) => element === (globalThis as unknown as { document: { activeElement: unknown } }).document.activeElement)).toBe(true);
    await bell.click();
    await items.first().click();
    await page.waitForURL(`${web.base}/listing/${match}`);
    const unread = (await watcher.context.request.get(`${web.base}/api/notifications/unread-count`)).json();
    expect(await unread).toEqual({ unreadCount: 0 });
    // The account menu, like the bell, closes on a press outside it.
    await page.getByRole('button', { name: /^Account menu for/ }).click();
    const menu = page.getByRole('menu', { name: 'Account' });
    await menu.waitFor();
    await pressPageMargin(page);
    await menu.waitFor({ state: 'detached' });
  });

  it('reads in Tiếng Việt on a 375 px phone', async () => {
    const { watcher, seller } = await watcherAndSeller({ viewport: PHONE, locale: 'vi-VN' });
    const { page } = watcher;
    await createListingAs(seller.context, web.base, { title: 'Phở gà Hà Nội', category: 'food', price: '12', description: 'Gà ta, bánh phở tươi' });
    await page.getByTestId('notification-count').filter({ hasText: '1' }).waitFor({ timeout: 20_000 });
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Thông báo, 1 chưa đọc' }).click();
    const item = page.getByRole('region', { name: 'Thông báo' }).getByTestId('notification');
    await item.filter({ hasText: 'Có tin mới hợp với “Phở”' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, 'bell-vi-375', { fullPage: false });
    // A tap outside the list closes it.
    await pressPageMargin(page);
    await page.getByRole('region', { name: 'Thông báo', exact: true }).waitFor({ state: 'detached' });
  });
});

describe('Settings › Notifications', () => {
  it('keeps a choice per kind, with the SMS digest off by default (English, 1280 px)', async () => {
    const { page, context } = await newPage({ account: newAccount('Minh', 'Trần') });
    await page.goto(`${web.base}/profile#settings`);
    await page.getByRole('heading', { name: 'Notifications' }).waitFor();
    const matches = page.getByTestId('notification-choice-saved_search_match');
    const inApp = matches.getByRole('checkbox', { name: 'New matches for my saved searches: In app' });
    const sms = matches.getByRole('checkbox', { name: 'New matches for my saved searches: Daily SMS' });
    expect(await inApp.isChecked()).toBe(true);
    expect(await sms.isChecked()).toBe(false);
    await sms.check();
    await eventually(async () => {
      const stored = await (await context.request.get(`${web.base}/api/notifications/preferences`)).json();
      expect(stored.saved_search_match).toEqual({ inApp: true, push: true, smsDigest: true });
    });
    await page.getByTestId('push-state').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.reload();
    await page.getByTestId('settings-notifications').scrollIntoViewIfNeeded();
    expect(await page.getByRole('checkbox', { name: 'New matches for my saved searches: Daily SMS' }).isChecked()).toBe(true);
    // From the top: a full-page shot of a scrolled page draws the sticky header over the profile.
    await page.evaluate(() => (globalThis as unknown as BrowserGlobals).window.scrollTo(0, 0));
    await keepScreenshot(page, 'settings-1280');
  });

  it('reads in Tiếng Việt on a 375 px phone', async () => {
    const { page } = await newPage({ account: newAccount('Hoa', 'Lý'), viewport: PHONE, locale: 'vi-VN' });
    await page.goto(`${web.base}/profile#settings`);
    await page.getByRole('heading', { name: 'Thông báo' }).waitFor();
    await page.getByRole('checkbox', { name: 'Có tin mới hợp với tìm kiếm đã lưu: SMS mỗi ngày' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, 'settings-vi-375');
  });
});

describe('the service worker', () => {
  /** Waits until the service worker controls the page (it claims open pages as it activates). */
  const controlledBySw = (page: Page) =>
    page.evaluate(async () => {
      const { navigator } = globalThis as unknown as {
        navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown; addEventListener(type: string, listener: () => void): void } };
      };
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    });

  const shown = (page: Page) =>
    page.evaluate(async () => {
      const { navigator } = globalThis as unknown as {
        navigator: {
          serviceWorker: { ready: Promise<{ getNotifications(): Promise<{ title: string; body: string; lang: string; tag: string; data: unknown }[]> }> };
        };
      };
      const notifications = await (await navigator.serviceWorker.ready).getNotifications();
      return notifications.map(({ title, body, lang, tag, data }) => ({ title, body, lang, tag, data }));
    });

  it('shows a push as the server wrote it, opening only a path of this site', async () => {
    const { page, context } = await newPage({ locale: 'vi-VN' });
    await context.grantPermissions(['notifications'], { origin: web.base });
    await page.goto(`${web.base}/`);
    await controlledBySw(page);
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = registrations.find((registration) => !registration.isDeleted);
        if (live) resolve(live.registrationId);
      }),
    );
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const deliver = (payload: unknown) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: `${web.base}/`, registrationId, data: JSON.stringify(payload) });

    // A push that reaches a worker still starting up can be dropped, as a real push service's first try can; it
    // then delivers again. Both pushes carry a tag, so a repeat replaces its notification rather than adding one.
    const notifications = await eventually(
      async () => {
        await deliver({ title: 'Có tin mới hợp với “Phở”', body: 'Phở gà Hà Nội · $12.00', url: '/listing/abc', tag: 'saved_search_match:1', lang: 'vi' });
        await deliver({ title: 'Elsewhere', body: 'x', url: 'https://attacker.example/', tag: 'other:2', lang: 'en' });
        // Not a push of ours: shown as nothing.
        await deliver('not json');
        const found = await shown(page);
        expect(found).toHaveLength(2);
        return found;
      },
      30_000,
      250,
    );
    expect(notifications).toEqual(
      expect.arrayContaining([
        { title: 'Có tin mới hợp với “Phở”', body: 'Phở gà Hà Nội · $12.00', lang: 'vi', tag: 'saved_search_match:1', data: { url: '/listing/abc' } },
        { title: 'Elsewhere', body: 'x', lang: 'en', tag: 'other:2', data: { url: '/' } },
      ]),
    );
  });
});
