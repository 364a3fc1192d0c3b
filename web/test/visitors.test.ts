/**
 * A visitor's first steps in a real browser (playwright-core, web/test/support.ts) against the real stack
 * with the demo data of `make start`: the landing page and the sign-in wall, signing up and verifying a
 * phone, what member screens ask for on a first load, and a content security policy the app never breaks.
 * Build first (WEB_DIST, else web/dist).
 */
import { readFileSync } from 'node:fs';
import type { Listing } from '@vnmarket/proto';
import { eventually } from '@vnmarket/testkit';
import { cards, createListingAs, holdNext, installBrowserHarness, isFocused, newAccount, recordToasts, toast, uniquePhone } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('web-visitors', { demoData: true });
const { newPage, api } = web;

describe('visitors', () => {
  it('see the landing page with 6 featured listings, and a card sends them to /login', async () => {
    const { page } = await newPage();
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { name: 'Find Everything You Need' }).waitFor();
    const featured = page.getByTestId('featured-listings').getByTestId('listing-card');
    await featured.nth(5).waitFor();
    expect(await featured.count()).toBe(6);
    const newest = await api<Listing[]>('/api/listings?limit=6');
    expect(await featured.locator('h3').allTextContents()).toEqual(newest.map((listing) => listing.title));
    expect(await page.getByText('Sign in to view full details and contact sellers').isVisible()).toBe(true);

    await featured.nth(2).click();
    await page.waitForURL(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('visiting /create-listing signed out get the Unauthorized toast and are sent to sign in', async () => {
    const { page } = await newPage();
    const toasts = await recordToasts(page);
    await page.goto(`${web.base}/create-listing`);
    await eventually(async () => expect(toasts.some((shown) => shown.text.includes('Unauthorized'))).toBe(true));
    const { text, variant } = toasts.find((shown) => shown.text.includes('Unauthorized'))!;
    expect(text).toContain('You need to be logged in to create a listing.');
    expect(variant).toBe('destructive');
    // /api/login starts sign-in: it answers with a redirect to the sign-in screen.
    await page.waitForURL(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
  });

  it('see the 404 page on an unknown route', async () => {
    const { page } = await newPage();
    await page.goto(`${web.base}/no-such-page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });
});

describe('signing up', () => {
  it('shows the validation messages, registers, lands on /verify-phone, and "Skip for now" goes home', async () => {
    const { page } = await newPage();
    await page.goto(`${web.base}/register`);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Phone number is required', 'Password must be at least 8 characters']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    // The first field with a message takes the focus; typing there clears its message and keeps the focus.
    const firstName = page.getByLabel('First name');
    await eventually(async () => expect(await isFocused(firstName)).toBe(true));
    await page.keyboard.type('L');
    await page.getByText('First name is required', { exact: true }).waitFor({ state: 'detached' });
    expect(await isFocused(firstName)).toBe(true);

    const phone = uniquePhone();
    await firstName.fill('Lan');
    await page.getByLabel('Last name').fill('Nguyễn');
    await page.getByLabel('Phone number').fill(phone);
    await page.getByLabel('Email (optional)').fill(`lan.${phone}@example.com`);
    await page.getByLabel('Password').fill('correct-horse-42');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.waitForURL(`${web.base}/verify-phone`);
    await page.getByRole('heading', { name: 'Verify Your Account' }).waitFor();
    // Entering the code step with an unverified phone sends a code.
    await toast(page, 'Code sent').waitFor();
    await page.getByRole('button', { name: 'Skip for now' }).click();
    await page.waitForURL(`${web.base}/`);
    await page.getByRole('heading', { name: 'Welcome back, Lan' }).waitFor();
    await page.getByText(/^Showing \d+ listings in San Francisco area$/).waitFor();
  });

  it('verifies the phone with the texted code and goes home', async () => {
    const account = newAccount('Hà', 'Phạm');
    const { page } = await newPage({ account });
    await page.goto(`${web.base}/verify-phone`);
    await toast(page, 'Code sent').waitFor();
    const outbox = web.stack.verification.config.SMS_OUTBOX;
    const sms = readFileSync(outbox, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { to: string; body: string })
      .filter((line) => line.to === `+1${account.phone}`)
      .pop();
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    expect(code).toBeDefined();

    const input = page.getByLabel('Verification code');
    await input.fill(`ab${code!.slice(0, 3)}`);
    expect(await input.inputValue()).toBe(code!.slice(0, 3)); // digits only
    expect(await page.getByRole('button', { name: 'Verify', exact: true }).isDisabled()).toBe(true);
    await input.fill(code!);
    await input.press('Enter');
    await toast(page, 'Phone verified').waitFor();
    await page.getByRole('heading', { name: 'Phone verified' }).waitFor();
    await page.waitForURL(`${web.base}/`);
    const me = await page.request.get(`${web.base}/api/auth/user`);
    expect(((await me.json()) as { phoneVerified: boolean }).phoneVerified).toBe(true);
    // A verified phone does not see the screen again.
    await page.goto(`${web.base}/verify-phone`);
    await page.waitForURL(`${web.base}/`);
  });
});

describe('member screens on a first load', () => {
  const LISTING_PATH = /\/api\/listings\/[0-9a-f-]{36}$/;

  it('ask for their data beside the current-user answer, not after it, in a browser last signed in', async () => {
    const { page, context } = await newPage({ account: newAccount('Khoa', 'Đặng') });
    const title = `Xe đạp Giant ${Date.now()}`;
    const id = await createListingAs(context, web.base, { title, category: 'sale', price: '80', condition: 'good' });
    // Any page the member opens remembers that this browser was signed in.
    await page.goto(`${web.base}/`);
    await page.waitForFunction(
      () => (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage.getItem('vnm.signed-in') === '1',
    );

    const releaseCurrentUser = await holdNext(page, 'GET', /\/api\/auth\/user$/);
    const listingAsked = page.waitForRequest((request) => request.url().endsWith(`/api/listings/${id}`));
    await page.goto(`${web.base}/listing/${id}`);
    // The listing is asked for while the current-user answer is still held back (one round trip saved).
    await listingAsked;
    releaseCurrentUser();
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
  });

  it('ask for nothing of a visitor, who is sent to sign in', async () => {
    const { page } = await newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      if (LISTING_PATH.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    const [listing] = await api<Listing[]>('/api/listings?limit=1');
    await page.goto(`${web.base}/listing/${listing!.id}`);
    await page.waitForURL(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    expect(asked).toEqual([]);
  });
});

describe('the content security policy', () => {
  it('is never violated by the app: the shared zod schemas load without probing for eval', async () => {
    const { page } = await newPage({ account: newAccount('Phúc', 'Lâm') });
    // Before any script runs: every violation the page reports, enforced or not.
    await page.addInitScript(() => {
      const scope = globalThis as unknown as {
        __violations: string[];
        addEventListener(type: string, listener: (event: { violatedDirective: string; sourceFile: string }) => void): void;
      };
      scope.__violations = [];
      scope.addEventListener('securitypolicyviolation', (event) => scope.__violations.push(`${event.violatedDirective} ${event.sourceFile}`));
    });
    // A member's home and the listing form load the schemas: zod builds their parsers as the module loads.
    await page.goto(`${web.base}/`);
    await cards(page).first().waitFor();
    await page.goto(`${web.base}/create-listing`);
    await page.getByLabel('Title').fill('Nồi cơm điện');
    await page.getByLabel('Title').blur();
    expect(await page.evaluate(() => (globalThis as unknown as { __violations: string[] }).__violations)).toEqual([]);
  });
});
