/**
 * The installable app, in the built web/dist (WEB_DIST) behind the real stack and in Debian's chromium: the web
 * app manifest and its icons, the service worker (src/sw.ts) installing and precaching the build's hashed
 * assets, the offline page for a page load without a network (in the member's language first), and nothing
 * of the API, the photos or any page in the worker's caches after a member has browsed. Build first.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { initialJs } from '../build/initial-js';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { LANGUAGE_COOKIE } from '@vnmarket/proto/languages';
import { addPhotos, CHROMIUM, CHROMIUM_ARGS, installBrowserHarness, memberWithListing, newAccount, seriousA11yViolations, WEB_DIST } from './support';

jest.setTimeout(90_000);

const web = installBrowserHarness('pwa');

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Waits until the service worker controls the page (it claims open pages as it activates, after precaching). */
async function controlledBySw(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { navigator } = globalThis as unknown as {
      navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown; addEventListener(type: string, listener: () => void): void } };
    };
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
  });
}

/** Every request URL the page's origin holds in Cache Storage (the service worker's caches), by cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const { caches } = globalThis as unknown as {
      caches: { keys(): Promise<string[]>; open(name: string): Promise<{ keys(): Promise<{ url: string }[]> }> };
    };
    const found: Record<string, string[]> = {};
    for (const name of await caches.keys()) found[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return found;
  });
}

/** The files the build told the worker to precache (vite-plugin-pwa's injected list in dist/sw.js), as paths. */
function precacheList(): string[] {
  const sw = readFileSync(path.join(WEB_DIST, 'sw.js'), 'utf8');
  return [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => `/${match[1]}`);
}

async function imageSize(url: string): Promise<string> {
  const response = await fetch(url);
  expect([url, response.status]).toEqual([url, 200]);
  const { width, height, format } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return `${width}x${height} ${format}`;
}

describe('the web app manifest', () => {
  it('is linked from every page with the theme colour and the Apple icon, and is valid with its icons at their sizes', async () => {
    // Both documents: English, and Tiếng Việt (index.vi.html) for a browser that asks for it.
    const html = await (await fetch(`${web.base}/messages`)).text();
    const vietnamese = await (await fetch(`${web.base}/messages`, { headers: { 'accept-language': 'vi-VN,vi;q=0.9' } })).text();
    expect(vietnamese).toContain('<html lang="vi"');
    for (const document of [html, vietnamese]) {
      expect(document).toContain('<link rel="manifest" href="/manifest.webmanifest"');
      expect(document).toMatch(/<meta name="theme-color" content="#[0-9a-f]{6}"/);
      expect(document).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png"');
    }

    const response = await fetch(`${web.base}/manifest.webmanifest`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/manifest+json; charset=utf-8']);
    const manifest = (await response.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
    expect(manifest).toMatchObject({
      name: 'Chợ Việt Bay Area',
      short_name: 'Chợ Việt',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      lang: 'en',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      description: expect.stringContaining('Vietnamese'),
    });
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color as string}"`);

    // Each PNG icon is the size it says; the set has 192 and 512 px, and a maskable 512 px one.
    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    for (const icon of pngs) expect([icon.src, await imageSize(`${web.base}${icon.src}`)]).toEqual([icon.src, `${icon.sizes} png`]);
    const sizes = (purpose: string) => pngs.filter((icon) => (icon.purpose ?? 'any').split(' ').includes(purpose)).map((icon) => icon.sizes);
    expect(sizes('any')).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(sizes('maskable')).toEqual(['512x512']);
    // The maskable one fills its square, and the mark stays inside the safe zone (the circle of 40 % radius):
    // every pixel outside it is the background's colour.
    const maskable = pngs.find((icon) => icon.purpose === 'maskable')!;
    const { data, info } = await sharp(Buffer.from(await (await fetch(`${web.base}${maskable.src}`)).arrayBuffer()))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => data.readUInt32BE((y * info.width + x) * 4);
    const outside: string[] = [];
    for (let y = 0; y < info.height; y += 2) {
      for (let x = 0; x < info.width; x += 2) {
        if (Math.hypot(x - info.width / 2, y - info.height / 2) > 0.4 * info.width && pixel(x, y) !== pixel(0, 0)) outside.push(`${x},${y}`);
      }
    }
    expect({ opaqueCorner: (pixel(0, 0) & 0xff) === 0xff, outside: outside.slice(0, 5) }).toEqual({ opaqueCorner: true, outside: [] });
    expect(await imageSize(`${web.base}/apple-touch-icon.png`)).toBe('180x180 png');
    expect(await imageSize(`${web.base}/og-image.png`)).toBe('1200x630 png');

    // favicon.ico: a real ICO (type 1) holding 16, 32 and 48 px images.
    const ico = Buffer.from(await (await fetch(`${web.base}/favicon.ico`)).arrayBuffer());
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
    const icoSizes = Array.from({ length: ico.readUInt16LE(4) }, (_, index) => ico.readUInt8(6 + 16 * index));
    expect(icoSizes).toEqual([16, 32, 48]);

    // Chromium's own reading of it: no error, and nothing that keeps the app from being installed. (In a
    // browser profile on disk: Playwright's usual contexts are off the record, where Chromium stops at that.)
    const profile = mkdtempSync(path.join(os.tmpdir(), 'pwa-profile-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${web.base}/`);
      await controlledBySw(page);
      const cdp = await context.newCDPSession(page);
      const read = (await cdp.send('Page.getAppManifest')) as { url: string; errors: { message: string }[] };
      expect({ url: read.url, errors: read.errors }).toEqual({ url: `${web.base}/manifest.webmanifest`, errors: [] });
      const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
      expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
    } finally {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

describe('the service worker', () => {
  it('installs and precaches the app shell (the first page’s JS) and the offline page, from /sw.js never cached', async () => {
    const response = await fetch(`${web.base}/sw.js`);
    expect([response.status, response.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    const list = precacheList();
    expect(list).toContain('/offline.html');
    expect(list.every((file) => /^\/assets\/[\w.-]+-[\w-]{8}\.(js|css)$/.test(file) || ['/offline.html', '/favicon.svg'].includes(file))).toBe(true);
    // Of the hashed assets, the app shell only: the first page's JS in either language, not every screen's
    // chunk (a phone installs the worker on its first visit, often on a cellular plan).
    const shell = ['index.html', 'index.vi.html'].flatMap((document) => initialJs(WEB_DIST, document).files.map((file) => file.file));
    expect(list.filter((file) => file.startsWith('/assets/')).sort()).toEqual([...new Set(shell)].sort());
    expect(list.some((file) => /\/(Messages|Dashboard|Login)-/.test(file))).toBe(false);
    // No page (index.html in either language) is precached: a page load goes to the network.
    expect(list.filter((file) => file.endsWith('.html') && file !== '/offline.html')).toEqual([]);

    const { page } = await web.newPage();
    await page.goto(`${web.base}/`);
    await controlledBySw(page);
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8'))![1]!;
    const cached = Object.values(await cachedUrls(page))
      .flat()
      .map((url) => new URL(url).pathname);
    expect(cached).toEqual(expect.arrayContaining([entry, '/offline.html']));
  });

  it('shows the offline page for a load without a network (English first; Vietnamese first if chosen), and Try again loads the page once online', async () => {
    const { page, context } = await web.newPage({ viewport: { width: 375, height: 740 } });
    await page.goto(`${web.base}/`);
    await controlledBySw(page);

    await context.setOffline(true);
    await page.goto(`${web.base}/category/rent?sort=newest`);
    const headings = () => page.locator('h1').allTextContents();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await headings()).toEqual(['You are offline', 'Bạn đang ngoại tuyến']);
    expect(await page.title()).toBe('You are offline · Bạn đang ngoại tuyến');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The mark comes from the precache too.
    expect(await page.locator('img').evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    await setLanguage(context, 'vi');
    await page.goto(`${web.base}/messages`);
    expect(await page.locator('html').getAttribute('lang')).toBe('vi');
    expect(await headings()).toEqual(['Bạn đang ngoại tuyến', 'You are offline']);
    expect(await page.title()).toBe('Bạn đang ngoại tuyến · You are offline');
    const retry = page.getByRole('link', { name: /^Thử lại\W+Try again$/ });
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Still offline: the same page again. Back online: the page asked for, at the same address, in Tiếng Việt
    // (a visitor's /messages is the sign-in page).
    await retry.click();
    await page.getByRole('heading', { name: 'Bạn đang ngoại tuyến' }).waitFor();
    await context.setOffline(false);
    await retry.click();
    await page.waitForURL(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Chào mừng bạn trở lại', level: 1 }).waitFor();
  });

  it('keeps nothing of the API, the photos or any page in its caches after a member has browsed', async () => {
    const title = `Bánh chưng nhà làm ${Date.now()}`;
    const { client: owner, listing } = await memberWithListing(web.stack, newAccount('Khoa', 'Trịnh'), {
      title,
      description: 'Gói tay, nhân đậu xanh thịt mỡ',
      category: 'food',
      price: '25',
    });
    await addPhotos(owner, listing, [['#0f6b66', '#f7a04b']]);

    const { page } = await web.newPage({ account: newAccount('Lan', 'Phan') });
    const apiAnswers: string[] = [];
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/(api|objects)\//.test(pathname)) apiAnswers.push(pathname);
    });
    await page.goto(`${web.base}/`);
    await controlledBySw(page);
    // Browsing under the worker: home, the listing with its photo, a category, saved, messages, the dashboard.
    await page.goto(`${web.base}/listing/${listing.id}`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    await page.locator('img[src^="/objects/"]').first().waitFor();
    for (const [route, heading] of [
      ['/category/food', 'Specialty Food'],
      ['/saved', 'Saved Listings'],
      ['/messages', 'Messages'],
      ['/', 'Welcome back, Lan'],
    ] as const) {
      await page.goto(`${web.base}${route}`);
      await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
    }
    await page.waitForLoadState('networkidle');
    expect(apiAnswers).toEqual(expect.arrayContaining(['/api/auth/user', '/api/listings', `/api/listings/${listing.id}`]));
    expect(apiAnswers.some((answer) => answer.startsWith('/objects/'))).toBe(true);

    const caches = await cachedUrls(page);
    const cached = Object.values(caches)
      .flat()
      .map((url) => new URL(url).pathname);
    expect(cached.length).toBeGreaterThan(0);
    expect(cached.filter((pathname) => /^\/(api|ws|objects)(\/|$)/.test(pathname))).toEqual([]);
    // Only what the build listed, and the hashed assets of the screens seen: no page the member saw (a page
    // can hold their own data), nothing else.
    const precached = new Set(precacheList());
    expect(cached.filter((pathname) => !precached.has(pathname) && !/^\/assets\/[\w.-]+-[\w-]{8}\.js$/.test(pathname))).toEqual([]);
    expect(cached.some((pathname) => /^\/assets\/Messages-/.test(pathname))).toBe(true);
  });
});

async function setLanguage(context: BrowserContext, language: 'en' | 'vi'): Promise<void> {
  await context.addCookies([{ name: LANGUAGE_COOKIE, value: language, url: web.base }]);
}
