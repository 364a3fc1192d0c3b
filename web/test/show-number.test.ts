/**
 * "Show number" in a real browser against the real stack: a phone-contact listing's page carries no number
 * until a verified member presses the button, which then becomes the tel link ("Call (408) 555-0123"), in
 * English and in Tiếng Việt, with focus on the link and no serious axe finding; a member whose own phone is
 * not verified is told to verify it, with a link to the verify screen.
 */
import { randomUUID } from 'node:crypto';
import { buildEvent, type User } from '@vnmarket/proto';
import type { BrowserContext, Page } from 'playwright-core';
import { eventually } from '@vnmarket/testkit';
import { createListingAs, getAs, installBrowserHarness, isFocused, newAccount, seriousA11yViolations } from './support';

jest.setTimeout(90_000);

const web = installBrowserHarness('show-number');

/** Verifies the context's member as the verification service does (phone.verified), and waits until auth and listings know. */
async function verify(context: BrowserContext): Promise<User> {
  const me = await getAs<User>(context, web.base, '/api/auth/user');
  await web.stack.auth.infrastructure.bus.publish(buildEvent('phone.verified', { userId: me.id, phone: me.phone! }, randomUUID(), new Date()));
  await eventually(async () => expect((await getAs<User>(context, web.base, '/api/auth/user')).phoneVerified).toBe(true));
  await eventually(async () => expect((await web.stack.listings.infrastructure.db('sellers').where({ id: me.id }).first())?.phone_verified).toBe(true));
  return me;
}

/** A verified seller's phone-contact listing, shown with its seller. */
async function phoneListing(): Promise<{ id: string; seller: User }> {
  const { context } = await web.newPage({ account: newAccount('Hạnh', 'Võ') });
  const seller = await verify(context);
  const id = await createListingAs(context, web.base, {
    title: `Xe đạp ${Date.now()}`,
    category: 'sale',
    price: '120',
    condition: 'good',
    contactPreference: 'phone',
  });
  await eventually(async () => expect((await web.api<{ user?: { isVerified: boolean } }>(`/api/listings/${id}`)).user?.isVerified).toBe(true));
  return { id, seller };
}

const telLinks = (page: Page) => page.locator('a[href^="tel:"]');
const pageHtml = (page: Page) => page.content();

it.each([
  ['en-US', 'Show number', 'Call'],
  ['vi-VN', 'Hiện số điện thoại', 'Gọi'],
])('in %s, a verified member presses "%s" and gets the tel link', async (locale, showLabel, callWord) => {
  const { id, seller } = await phoneListing();
  const { page, context } = await web.newPage({ account: newAccount('Minh', 'Trần'), locale, viewport: { width: 375, height: 740 } });
  await verify(context);
  const reveals: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith(`/api/listings/${id}/phone`)) reveals.push(request.url());
  });
  await page.goto(`${web.base}/listing/${id}`);
  const show = page.getByRole('button', { name: showLabel });
  await show.waitFor();
  // Nothing of the number on the page (or in what it loaded) before the press, and nothing asked for.
  const digits = seller.phone!.slice(2);
  expect(await telLinks(page).count()).toBe(0);
  expect(await pageHtml(page)).not.toContain(digits);
  expect(reveals).toHaveLength(0);

  await show.focus();
  await page.keyboard.press('Enter');
  const formatted = `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  const call = page.getByRole('link', { name: `${callWord} ${formatted}` });
  await call.waitFor();
  expect(await call.getAttribute('href')).toBe(`tel:${seller.phone}`);
  expect(await show.count()).toBe(0);
  expect(reveals).toHaveLength(1);
  expect(await isFocused(call)).toBe(true);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

it.each([
  ['en-US', "Verify your phone number to see the seller's number.", 'Verify your phone'],
  ['vi-VN', 'Xác minh số điện thoại của bạn để xem số của người bán.', 'Xác minh số điện thoại'],
])('in %s, a member whose phone is not verified is sent to verify it', async (locale, notice, linkName) => {
  const { id } = await phoneListing();
  const { page } = await web.newPage({ account: newAccount('Tâm', 'Phạm'), locale, viewport: { width: 375, height: 740 } });
  await page.goto(`${web.base}/listing/${id}`);
  await page.getByText(notice).waitFor();
  expect(await telLinks(page).count()).toBe(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.getByTestId('verify-to-show-number').getByRole('link', { name: linkName }).click();
  await page.waitForURL(`${web.base}/verify-phone`);
});
