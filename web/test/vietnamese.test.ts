/**
 * Tiếng Việt in a real browser against the real backend: a Vietnamese browser starts in it with no
 * English first, the header's switch changes every screen (the header, home, a listing, a toast, a
 * validation message), the choice survives a reload, and a member's choice follows them to a new browser.
 */
import type { Listing } from '@vnmarket/proto';
import type { Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { createListingAs, getAs, installBrowserHarness, newAccount, recordToasts, signInContext } from './support';

jest.setTimeout(90_000);

const web = installBrowserHarness('web-vi', { demoData: true });
const { newPage, api } = web;

const mainNav = (page: Page) => page.getByRole('navigation', { name: /^(Main|Chính)$/ });

describe('Tiếng Việt', () => {
  it('is where a browser whose language is vi-VN starts, in the served page itself (no English first)', async () => {
    const { page } = await newPage({ locale: 'vi-VN' });
    const response = await page.goto(`${web.base}/`);
    // The document as served, before any script: the landing page prerendered in Tiếng Việt.
    const served = await response!.text();
    expect(served).toContain('<html lang="vi">');
    expect(served).toContain('<h1>Tìm mọi thứ bạn cần</h1>');
    expect(served).not.toContain('Find Everything You Need');
    await page.getByRole('heading', { name: 'Tìm mọi thứ bạn cần' }).waitFor();
    await page.getByRole('link', { name: 'Đăng nhập' }).first().waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
  });

  it('fits a 375 px phone: the switch by its code, the sign-in on one line, nothing off the screen', async () => {
    const { page } = await newPage({ locale: 'vi-VN', viewport: { width: 375, height: 740 } });
    await page.goto(`${web.base}/`);
    const header = page.locator('header');
    const toEnglish = header.getByRole('button', { name: 'English' });
    // The code shows; the name says the language in full.
    expect(await toEnglish.evaluate((button) => (button as unknown as { textContent: string }).textContent)).toBe('EnglishEN English');
    expect((await toEnglish.boundingBox())!.width).toBeLessThanOrEqual(48);
    const signIn = header.getByRole('link', { name: 'Đăng nhập' });
    const box = await signIn.boundingBox();
    // One line of text: a 36-44 px button (two lines made it 48).
    expect(box!.height).toBeLessThanOrEqual(44);
    const widths = await page.evaluate(() => {
      const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
      return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
    });
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  });

  it('is one tap away: the header, home, a listing, a toast and a validation message change, and a reload keeps it', async () => {
    const account = newAccount('Lan', 'Trần');
    const { page, context } = await newPage({ account });
    const toasts = await recordToasts(page);
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { name: 'Welcome back, Lan' }).waitFor();
    await mainNav(page).getByRole('link', { name: 'Browse' }).waitFor();

    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await mainNav(page).getByRole('link', { name: 'Xem tin' }).waitFor();
    await page.getByRole('heading', { name: 'Chào mừng Lan trở lại' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await page.getByRole('button', { name: 'English' }).isVisible()).toBe(true);

    // A listing's detail, and the toast of saving it.
    const [listing] = await api<Listing[]>('/api/listings?limit=1');
    await page.goto(`${web.base}/listing/${listing!.id}`);
    await page.getByRole('button', { name: 'Nhắn tin cho người bán' }).waitFor();
    await page.getByRole('button', { name: 'Lưu tin' }).click();
    await eventually(async () => expect(toasts.some((shown) => shown.text.includes('Đã lưu tin'))).toBe(true));

    // A validation message of the create form, in Tiếng Việt.
    await page.goto(`${web.base}/create-listing`);
    await page.getByRole('button', { name: 'Đăng tin', exact: true }).last().click();
    await page.getByText('Vui lòng nhập tiêu đề').first().waitFor();

    // Kept in the browser: a reload starts in Tiếng Việt.
    await page.reload();
    await mainNav(page).getByRole('link', { name: 'Xem tin' }).waitFor();
    expect((await context.cookies()).find((cookie) => cookie.name === 'vnm_lang')?.value).toBe('vi');
  });

  it("shows an event's day, on its page and its card, and the seller's rating as the reader's language writes them", async () => {
    const { page, context } = await newPage({ account: newAccount('Thu', 'Võ'), locale: 'vi-VN' });
    const id = await createListingAs(context, web.base, {
      title: 'Hội chợ Tết Cộng Đồng',
      category: 'event',
      price: '0',
      metadata: { eventDate: '2099-01-12', eventTime: '10 giờ sáng', organizer: 'Hội Ái Hữu' },
    });
    await page.goto(`${web.base}/listing/${id}`);
    const details = page.getByRole('region', { name: /^(Chi tiết|Details)$/ });
    await details.getByText('Thứ Hai, 12 tháng 1, 2099', { exact: true }).waitFor();
    expect(await details.getByText('2099-01-12').count()).toBe(0);
    await details.getByText('10 giờ sáng', { exact: true }).waitFor();
    // The seller's rating as Vietnamese writes a decimal, like the profile's.
    expect(await page.getByTestId('seller-rating').innerText()).toBe('0,0 (0 đánh giá)');
    await page.getByRole('button', { name: 'English' }).click();
    await details.getByText('Monday, January 12, 2099', { exact: true }).waitFor();

    // Its card in the events category tells the day, not the time it was posted.
    await page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await page.goto(`${web.base}/category/event`);
    const card = page.getByTestId('listing-card').filter({ hasText: 'Hội chợ Tết Cộng Đồng' });
    expect(await card.getByTestId('event-day').innerText()).toContain('Thứ 2, 12 thg 1, 2099');
    expect(await card.getByTestId('event-day').innerText()).not.toContain('Đã diễn ra');
  });

  it('marks an event whose day has passed, on its page and its card', async () => {
    const { page, context } = await newPage({ account: newAccount('Quang', 'Lê'), locale: 'vi-VN' });
    const id = await createListingAs(context, web.base, { title: 'Tết Trung Thu 2020', category: 'event', price: '0', metadata: { eventDate: '2020-10-01' } });
    await page.goto(`${web.base}/listing/${id}`);
    const details = page.getByRole('region', { name: 'Chi tiết' });
    await details.getByText('Thứ Năm, 1 tháng 10, 2020 (đã diễn ra)', { exact: true }).waitFor();
    await page.goto(`${web.base}/category/event`);
    const card = page.getByTestId('listing-card').filter({ hasText: 'Tết Trung Thu 2020' });
    const day = await card.getByTestId('event-day').innerText();
    expect([day.includes('Thứ 5, 1 thg 10, 2020'), day.includes('Đã diễn ra')]).toEqual([true, true]);
  });

  it('follows a member to a new browser: the account keeps the choice', async () => {
    const account = newAccount('Minh', 'Phạm');
    const first = await newPage({ account });
    await first.page.goto(`${web.base}/`);
    await first.page.getByRole('heading', { name: 'Welcome back, Minh' }).waitFor();
    await first.page.getByRole('button', { name: 'Tiếng Việt' }).click();
    await mainNav(first.page).getByRole('link', { name: 'Xem tin' }).waitFor();
    await eventually(async () =>
      expect((await getAs<{ preferredLanguage: string | null }>(first.context, web.base, '/api/auth/user')).preferredLanguage).toBe('vi'),
    );

    // Another browser, in English, with none of the first one's cookies: signing in brings Tiếng Việt.
    const second = await newPage({ locale: 'en-US' });
    await signInContext(second.context, web.base, account.phone, account.password);
    await second.page.goto(`${web.base}/`);
    await second.page.getByRole('heading', { name: 'Chào mừng Minh trở lại' }).waitFor();
    await mainNav(second.page).getByRole('link', { name: 'Xem tin' }).waitFor();
  });
});
