/**
 * Keyboard focus never drops to <body> (WCAG 2.4.3, focus order), at a phone's 375 px: the menu drawer
 * keeps Tab inside and hands focus back (or to the new page), a deleted dashboard listing passes focus
 * on, the phone's inbox and thread pass it between them, Save keeps it while it saves, and a toast waits
 * while it is pointed at or focused and hands focus back when it closes.
 */
import type { Locator, Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { createListingAs, installBrowserHarness, isFocused, newAccount, toast } from './support';

jest.setTimeout(90_000);

const web = installBrowserHarness('focus-management');
const PHONE = { width: 375, height: 800 };

/** The focused element as a short description (tag, name, text), for readable failures. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = (
      globalThis as unknown as {
        document: { activeElement: { tagName: string; id: string; getAttribute(name: string): string | null; textContent: string | null } | null };
      }
    ).document.activeElement;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''} ${name}`.trim();
  });
}

/** Whether the focused element is inside (or is) the element. */
const focusWithin = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element: { contains(other: unknown): boolean; ownerDocument: { activeElement: unknown } }) =>
    element.contains(element.ownerDocument.activeElement),
  );

describe('the phone menu drawer', () => {
  it('keeps Tab and Shift+Tab inside while open, and Escape or Close menu return focus to Open menu', async () => {
    const { page } = await web.newPage({ account: newAccount('Kim', 'Đỗ'), viewport: PHONE });
    await page.goto(`${web.base}/saved`);
    await page.getByRole('heading', { name: 'Saved Listings', level: 1 }).waitFor();
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    const drawer = page.getByRole('dialog', { name: 'Menu' });

    await openMenu.focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor();
    await eventually(async () => expect(await focusWithin(drawer)).toBe(true));
    // Twice round the drawer's 10 stops (logo, close, search, 6 links, sign out), forwards then backwards.
    for (const key of ['Tab', 'Shift+Tab']) {
      for (let press = 0; press < 25; press += 1) {
        await page.keyboard.press(key);
        if (!(await focusWithin(drawer))) throw new Error(`${key} #${press + 1} left the drawer for ${await focused(page)}`);
      }
    }

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('button Open menu');

    await page.keyboard.press('Enter');
    await drawer.getByRole('button', { name: 'Close menu' }).focus();
    await page.keyboard.press('Enter');
    await drawer.waitFor({ state: 'detached' });
    expect(await focused(page)).toBe('button Open menu');
  });

  it('choosing a link moves focus to the new page, not to <body>', async () => {
    const { page } = await web.newPage({ account: newAccount('Lan', 'Tạ'), viewport: PHONE });
    await page.goto(`${web.base}/profile`);
    await page.getByRole('button', { name: 'Open menu' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Saved' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${web.base}/saved`);
    await page.getByRole('heading', { name: 'Saved Listings', level: 1 }).waitFor();
    expect(await focusWithin(page.locator('main'))).toBe(true);
    // The next Tab goes on from there: into the page, not back to the top of the document.
    await page.keyboard.press('Tab');
    expect(await focusWithin(page.locator('main'))).toBe(true);
  });
});

it('the dashboard moves focus to the next listing after one is deleted', async () => {
  const { page, context } = await web.newPage({ account: newAccount('Minh', 'Lý'), viewport: PHONE });
  await createListingAs(context, web.base, { title: 'Xe đạp cũ', category: 'sale', price: '40', condition: 'good' });
  await createListingAs(context, web.base, { title: 'Nồi cơm điện', category: 'sale', price: '15', condition: 'good' });
  await page.goto(`${web.base}/dashboard`);
  const items = page.getByTestId('dashboard-listing');
  await eventually(async () => expect(await items.count()).toBe(2));
  const doomed = items.first();
  const survivor = (await doomed.textContent())!.includes('Xe đạp cũ') ? 'Nồi cơm điện' : 'Xe đạp cũ';

  await doomed.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByTestId('delete-dialog');
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
  await eventually(async () => expect(await items.count()).toBe(1));
  await eventually(async () => expect(await isFocused(items.filter({ hasText: survivor }).getByRole('link', { name: 'View' }))).toBe(true));
});

describe('messages on a phone', () => {
  it('opening a conversation with Enter focuses the thread, and Back returns focus to its button', async () => {
    const { page: seller } = await web.newPage({ account: newAccount('Phúc', 'Hà'), viewport: PHONE });
    const { context: buyer } = await web.newPage({ account: newAccount('Vy', 'Mạc') });
    const sellerId = ((await (await seller.request.get(`${web.base}/api/auth/user`)).json()) as { id: string }).id;
    await eventually(async () =>
      expect((await buyer.request.post(`${web.base}/api/messages`, { data: { receiverId: sellerId, content: 'Còn hàng không anh?' } })).status()).toBe(201),
    );
    await seller.goto(`${web.base}/messages`);
    const conversation = seller.getByTestId('conversation').first();
    await conversation.focus();
    await seller.keyboard.press('Enter');
    await seller.getByTestId('message-bubble').filter({ hasText: 'Còn hàng không anh?' }).waitFor();
    const thread = seller.locator('main section');
    await eventually(async () => expect(await focusWithin(thread)).toBe(true));

    await seller.getByRole('button', { name: 'Back to conversations' }).focus();
    await seller.keyboard.press('Enter');
    await conversation.waitFor();
    await eventually(async () => expect(await isFocused(conversation)).toBe(true));
  });
});

describe('on another member’s listing', () => {
  let listingPath: string;
  beforeAll(async () => {
    const { context: seller } = await web.newPage({ account: newAccount('Tâm', 'Quách'), keep: true });
    listingPath = `/listing/${await createListingAs(seller, web.base, { title: 'Bàn gỗ', category: 'sale', price: '60', condition: 'good' })}`;
  });
  /** A new member on a phone, on the listing; with `clock`, the page's timers run on a clock the test moves on. */
  async function onTheListing(firstName: string, lastName: string, { clock = false } = {}): Promise<Page> {
    const { page } = await web.newPage({ account: newAccount(firstName, lastName), viewport: PHONE });
    if (clock) await page.clock.install();
    await page.goto(`${web.base}${listingPath}`);
    return page;
  }

  it('Enter on Save listing keeps focus on the button while it saves, and after', async () => {
    const page = await onTheListing('Hải', 'Trương');
    const save = page.getByTestId('save-button');
    await save.focus();
    await page.keyboard.press('Enter');
    await toast(page, 'Listing Saved').waitFor();
    await page.getByRole('button', { name: 'Saved, unsave listing' }).waitFor();
    expect(await isFocused(save)).toBe(true);
    await page.keyboard.press('Enter');
    await toast(page, 'Listing Unsaved').waitFor();
    await page.getByRole('button', { name: 'Save listing' }).waitFor();
    expect(await isFocused(save)).toBe(true);
  });

  it('a toast stays while the pointer is over it, and closes about 5 s after the pointer leaves', async () => {
    const page = await onTheListing('Quang', 'Lạc', { clock: true });
    await page.getByTestId('save-button').click();
    const shown = toast(page, 'Listing Saved');
    await shown.hover();
    await page.clock.runFor(6500);
    expect(await shown.isVisible()).toBe(true);
    await page.mouse.move(5, 700);
    await page.clock.runFor(1500);
    expect(await shown.isVisible()).toBe(true);
    // 5 s after the pointer left, it has closed.
    await page.clock.runFor(3500);
    await shown.waitFor({ state: 'detached' });
  });

  it('a toast stays while its close button has focus, and closing it returns focus to where it was', async () => {
    const page = await onTheListing('Yến', 'Khúc', { clock: true });
    const save = page.getByTestId('save-button');
    await save.focus();
    await page.keyboard.press('Enter');
    const shown = toast(page, 'Listing Saved');
    await shown.waitFor();
    // F8 to the notifications, Tab to the close button, as a keyboard user reaches it.
    await page.keyboard.press('F8');
    await page.keyboard.press('Tab');
    const close = shown.getByRole('button', { name: 'Close notification' });
    expect(await isFocused(close)).toBe(true);
    await page.clock.runFor(6500);
    expect(await shown.isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    await shown.waitFor({ state: 'detached' });
    expect(await isFocused(save)).toBe(true);
  });
});
