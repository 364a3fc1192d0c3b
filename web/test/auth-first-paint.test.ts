/**
 * The sign-in and sign-up screens paint before their forms' checks (proto's zod schemas and the server's
 * messages: src/pages/auth-checks.ts) have loaded, and check as before once they have: a submit made
 * meanwhile waits for them. Build first (WEB_DIST, else web/dist).
 */
import { eventually } from '@vnmarket/testkit';
import { afterPaint, holdNext, installBrowserHarness, newAccount, toast } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('auth-first-paint');

describe('the sign-in and sign-up screens', () => {
  it('paint their form before its checks load; a submit meanwhile waits for them and sends nothing', async () => {
    const { page } = await web.newPage();
    const assets: string[] = [];
    const logins: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) assets.push(pathname);
      if (pathname === '/api/login') logins.push(request.method());
    });
    // The checks' own chunk held: it runs only once it has arrived (the chunks it imports, zod's among them, are
    // asked for beside it, and their names follow the bundler's grouping).
    const releaseChecks = await holdNext(page, 'GET', /\/assets\/auth-checks-[\w-]+\.js$/);
    await page.goto(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    await page.getByLabel('Email or phone').waitFor();
    await eventually(async () => expect(assets.some((asset) => /^\/assets\/auth-checks-/.test(asset))).toBe(true));

    await page.getByRole('button', { name: 'Sign in' }).click();
    // The submit handled and drawn: no message, as the checks have not arrived.
    await afterPaint(page);
    expect(await page.getByText('Email or phone is required', { exact: true }).count()).toBe(0);
    releaseChecks();
    await page.getByText('Email or phone is required', { exact: true }).waitFor();
    await page.getByText('Password is required', { exact: true }).waitFor();
    expect(logins).toEqual([]);
  });

  it('show a refused sign-in in the reader’s language, from the server’s answer', async () => {
    const account = newAccount('Thảo', 'Đỗ');
    const { page } = await web.newPage({ locale: 'vi-VN' });
    await page.goto(`${web.base}/login`);
    await page.getByLabel('Email hoặc số điện thoại').fill(account.phone);
    await page.getByLabel('Mật khẩu').fill('not-the-password-1');
    await page.getByRole('main').getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await toast(page, 'Đăng nhập không thành công').waitFor();
    await toast(page, 'Thông tin đăng nhập không đúng').waitFor();
  });

  it('check a sign-up as it is typed once the checks have loaded, as before', async () => {
    const { page } = await web.newPage();
    await page.goto(`${web.base}/register`);
    const phone = page.getByLabel('Phone number');
    await phone.fill('408');
    await phone.blur();
    await page.getByText('Phone number is required', { exact: true }).waitFor();
    await phone.fill('4085550123');
    await page.getByText('Phone number is required', { exact: true }).waitFor({ state: 'detached' });
  });
});
