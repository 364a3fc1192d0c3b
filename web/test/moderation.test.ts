/**
 * Reports become cases, in a real browser against the real backend: three members report a listing and
 * it is held (its owner sees "Under review" on the dashboard and the listing), a moderator made by the
 * operator's command dismisses the case from /moderation and the listing comes back, and the reporter
 * sees the outcome in Settings. SAVE_SCREENSHOTS_TO=<folder> keeps the screens as PNGs.
 */
import { moderatorCommand, eventually } from '@vnmarket/testkit';
import { createListingAs, installBrowserHarness, isFocused, newAccount, seriousA11yViolations, toast } from './support';
import { inBrowse } from './helpers/catalogue';
import { keepScreenshot } from './helpers/screenshots';

jest.setTimeout(120_000);

const web = installBrowserHarness('web-moderation');
const { newPage } = web;

describe('moderation', () => {
  it('holds a listing at three reports, a moderator dismisses it, and the reporter sees the outcome', async () => {
    const ownerAccount = newAccount('Hùng', 'Phạm');
    const owner = await newPage({ account: ownerAccount, viewport: { width: 375, height: 800 }, locale: 'vi-VN', keep: true });
    const listingId = await createListingAs(owner.context, web.base, {
      title: 'Phòng cho thuê gần chợ Lion',
      category: 'rent',
      price: '950',
      priceType: 'monthly',
    });

    // Two members report through the API, the third through the report dialog.
    for (const name of ['An', 'Bình']) {
      const { context } = await newPage({ account: newAccount(name, 'Lê') });
      const response = await context.request.post(`${web.base}/api/reports`, {
        data: { listingId, reason: 'fraud', description: 'Wants a Zelle deposit before any viewing' },
      });
      expect(response.status()).toBe(201);
    }
    const reporter = await newPage({ account: newAccount('Chi', 'Võ'), keep: true });
    await reporter.page.goto(`${web.base}/listing/${listingId}`);
    await reporter.page.getByRole('button', { name: /report/i }).click();
    const dialog = reporter.page.getByTestId('report-dialog');
    await dialog.getByLabel(/Reason/).selectOption('spam');
    await dialog.getByRole('button', { name: 'Submit Report' }).click();
    await toast(reporter.page, 'Report Submitted').waitFor();
    expect(await inBrowse(web, listingId)).toBe(false);

    // The owner's dashboard card, in Tiếng Việt on a phone.
    await owner.page.goto(`${web.base}/dashboard`);
    const card = owner.page.getByTestId('dashboard-listing').filter({ hasText: 'Phòng cho thuê gần chợ Lion' });
    await card.getByTestId('moderation-badge').filter({ hasText: 'Đang được xem xét' }).waitFor();
    await card.getByTestId('moderation-notice').waitFor();
    expect(await card.getByRole('button', { name: /Ẩn tin|Hiện tin|Deactivate|Activate/ }).count()).toBe(0);
    expect(await seriousA11yViolations(owner.page)).toEqual([]);
    await keepScreenshot(owner.page, 'held-listing-dashboard-vi-375');

    // The operator makes a moderator; the queue shows the case with its three reporters.
    const moderatorAccount = newAccount('Mai', 'Đỗ');
    const moderator = await newPage({ account: moderatorAccount });
    expect(await moderatorCommand(web.stack.auth, 'grant', moderatorAccount.phone)).toContain('is a moderator');
    await eventually(async () => {
      const response = await moderator.context.request.get(`${web.base}/api/moderation/cases`);
      if (response.status() !== 200) throw new Error(`not a moderator yet: ${response.status()}`);
    });
    await moderator.page.goto(`${web.base}/moderation`);
    const found = moderator.page.getByTestId('moderation-case').filter({ hasText: 'Phòng cho thuê gần chợ Lion' });
    await found.getByText('Reported by 3 members').waitFor();
    await found.getByText('Wants a Zelle deposit before any viewing').first().waitFor();
    expect(await seriousA11yViolations(moderator.page)).toEqual([]);
    await keepScreenshot(moderator.page, 'moderation-queue-1280');

    await found.getByRole('button', { name: 'Dismiss' }).click();
    const decision = moderator.page.getByTestId('decision-dialog');
    await decision.getByRole('button', { name: 'Dismiss' }).click();
    await decision.getByText('Please give a reason').waitFor();
    await decision.getByLabel(/Reason/).fill('The deposit is asked after the viewing');
    await decision.getByRole('button', { name: 'Dismiss' }).click();
    await toast(moderator.page, 'Decision recorded').waitFor();
    await moderator.page.getByText('Nothing to review').waitFor();
    expect(await inBrowse(web, listingId)).toBe(true);

    // The reporter sees what became of the report in Settings.
    await reporter.page.goto(`${web.base}/profile`);
    await reporter.page.getByRole('tab', { name: 'Settings' }).click();
    const outcome = reporter.page.getByTestId('report-outcome').filter({ hasText: 'Phòng cho thuê gần chợ Lion' });
    await outcome.getByText('No action taken').waitFor();
  });

  it('shows members who are not moderators that the queue is not theirs', async () => {
    const { page } = await newPage({ account: newAccount('Tâm', 'Huỳnh') });
    await page.goto(`${web.base}/moderation`);
    await page.getByRole('heading', { name: 'Moderators only' }).waitFor();
  });

  it('shows the queue on a phone in Tiếng Việt', async () => {
    const account = newAccount('Quang', 'Ngô');
    const { page, context } = await newPage({ account, viewport: { width: 375, height: 800 }, locale: 'vi-VN' });
    const ownerPage = await newPage({ account: newAccount('Sơn', 'Bùi') });
    const listingId = await createListingAs(ownerPage.context, web.base, { title: 'Bán xe Honda Civic 2015', category: 'sale', price: '6500' });
    const report = await context.request.post(`${web.base}/api/reports`, {
      data: { listingId, reason: 'misleading', description: 'Giá không đúng, đòi chuyển khoản trước' },
    });
    expect(report.status()).toBe(201);
    await moderatorCommand(web.stack.auth, 'grant', account.phone);
    await eventually(async () => {
      if ((await context.request.get(`${web.base}/api/moderation/cases`)).status() !== 200) throw new Error('not a moderator yet');
    });
    await page.goto(`${web.base}/moderation`);
    const found = page.getByTestId('moderation-case').filter({ hasText: 'Bán xe Honda Civic 2015' });
    await found.getByRole('button', { name: 'Bỏ qua' }).waitFor();
    const widths = await page.evaluate(() => {
      const { document } = globalThis as unknown as { document: { documentElement: { scrollWidth: number; clientWidth: number } } };
      return [document.documentElement.scrollWidth, document.documentElement.clientWidth];
    });
    expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await keepScreenshot(page, 'moderation-queue-vi-375');

    // With the keyboard alone: the decision opens its dialog, the reason takes the typing, Escape closes it
    // and hands focus back to the button.
    const dismiss = found.getByRole('button', { name: 'Bỏ qua' });
    await dismiss.focus();
    await page.keyboard.press('Enter');
    const decision = page.getByTestId('decision-dialog');
    await decision.waitFor();
    await page.keyboard.type('Tin hợp lệ');
    expect(await decision.getByLabel(/Lý do/).inputValue()).toBe('Tin hợp lệ');
    await page.keyboard.press('Escape');
    await decision.waitFor({ state: 'detached' });
    expect(await isFocused(dismiss)).toBe(true);
  });
});
