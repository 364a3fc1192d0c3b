/**
 * The landing page prerendered into index.html at build time (web/build/prerender.ts), in a real browser
 * against the real stack: its hero is in the served HTML and painted before the app's JS runs, in the
 * same nodes React then hydrates; a deep link, or a browser that was last signed in, never paints it.
 * Build first (WEB_DIST, else web/dist).
 */
import type { Page } from 'playwright-core';
import { PRERENDERED_ATTRIBUTE, routeGuardScript, scriptHash } from '../build/prerendered-html';
import { SIGNED_IN_COOKIE, SIGNED_IN_HINT_KEY } from '../src/lib/signed-in-hint';
import { eventually } from '@vnmarket/testkit';
import { type BrowserGlobals, holdNext, installBrowserHarness, newAccount, seriousA11yViolations } from './support';

jest.setTimeout(60_000);

const web = installBrowserHarness('prerender');
const HERO = 'Find Everything You Need';

/** The page's own JS (the app's module chunks) never arrives: what a visitor sees before it runs. The route guard (inline) still runs. */
async function withoutAppScripts(page: Page): Promise<void> {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
}

/**
 * Records, from before the document is parsed, whether the landing hero is ever laid out (not hidden) at
 * a frame: a requestAnimationFrame callback runs before every paint. Read it with heroWasShown().
 */
async function watchForHero(page: Page): Promise<void> {
  await page.addInitScript((text: string) => {
    const scope = globalThis as unknown as BrowserGlobals & {
      heroShown?: boolean;
      document: { querySelectorAll(selector: string): ArrayLike<{ textContent: string | null; getClientRects(): ArrayLike<unknown> }> };
    };
    scope.heroShown = false;
    const check = () => {
      for (const heading of Array.from(scope.document.querySelectorAll('h1'))) {
        if (heading.textContent?.includes(text) && heading.getClientRects().length > 0) scope.heroShown = true;
      }
      scope.requestAnimationFrame(check);
    };
    scope.requestAnimationFrame(check);
  }, HERO);
}

const heroWasShown = (page: Page) => page.evaluate(() => (globalThis as unknown as { heroShown: boolean }).heroShown);

describe('the prerendered landing page', () => {
  it('is in the served HTML: the hero, the header and their styles, inside #root', async () => {
    const response = await fetch(`${web.base}/`);
    const html = await response.text();
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`<h1>${HERO}</h1>`);
    expect(root).toContain('Your Vietnamese Community Marketplace');
    expect(root).toContain('Browse by Category');
    // The base styles (variables) inline, and the components' styles styled-components made for the markup.
    expect(html).toMatch(/<style>:root\{--primary:#b4441f/);
    expect(html).toMatch(/<style data-styled="true"[^>]*>[\s\S]*var\(--primary\)/);
    // A deep link is answered with the same document (its own head's link-preview tags aside: gateway/src/pages):
    // the route guard hides the prerender there.
    const login = await (await fetch(`${web.base}/login`)).text();
    const fromGuard = (page: string) => page.slice(page.indexOf('<!--prerendered-landing-->'));
    expect(fromGuard(login)).toBe(fromGuard(html));
    expect(fromGuard(html)).toContain('<div id="root">');
  });

  it.each(['en', 'vi'])('carries its route guard inline, as the first script of <head>, allowed by the CSP by its hash alone (%s)', async (language) => {
    const response = await fetch(`${web.base}/`, { headers: { cookie: `vnm_lang=${language}` } });
    const html = await response.text();
    const head = html.slice(0, html.indexOf('</head>'));
    const scripts = [...head.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    // The guard first, inline: the first paint waits for no request. It names the language's app messages,
    // which a deep link or a member's page asks for at once. Then the app's modules (the bundler's runtime,
    // the entry, and the first page's chunk: vite.config.mts).
    expect(scripts[0]![1]).toBe('');
    const appMessages = /link\.href = "([^"]+)"/.exec(scripts[0]![2]!)?.[1];
    expect(appMessages).toMatch(/^\/assets\/app-[\w-]+\.js$/);
    expect(scripts[0]![2]).toBe(routeGuardScript(SIGNED_IN_HINT_KEY, SIGNED_IN_COOKIE, appMessages));
    expect((await fetch(`${web.base}${appMessages}`)).status).toBe(200);
    expect(scripts.length).toBeGreaterThan(1);
    for (const [, attributes] of scripts.slice(1)) expect(attributes).toMatch(/^ type="module" crossorigin src="\/assets\/[\w-]+\.js"$/);
    // Each language's document has its own guard: the policy allows the two, and no other inline script.
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ');
    expect(scriptSrc?.[0]).toBe("'self'");
    expect(scriptSrc).toHaveLength(3);
    expect(scriptSrc).toContain(scriptHash(scripts[0]![2]!));
  });

  it('asks for the app messages beside the app on a deep link, not on the landing page', async () => {
    const { page } = await web.newPage();
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await page.goto(`${web.base}/login`);
    await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
    const appMessages = asked.find((pathname) => /^\/assets\/app-[\w-]+\.js$/.test(pathname));
    expect(appMessages).toBeDefined();
    // Before the login screen's own chunk: with the app's JS, not after it.
    expect(asked.indexOf(appMessages!)).toBeLessThan(asked.findIndex((pathname) => /\/Login-[\w-]+\.js$/.test(pathname)));

    const visitor = await web.newPage();
    const landing: string[] = [];
    visitor.page.on('request', (request) => landing.push(new URL(request.url()).pathname));
    await visitor.page.goto(`${web.base}/`);
    await visitor.page.getByRole('heading', { name: HERO, level: 1 }).waitFor();
    const firstScripts = landing.slice(0, landing.findIndex((pathname) => /\/main-[\w-]+\.js$/.test(pathname)) + 1);
    expect(firstScripts.some((pathname) => /\/app-[\w-]+\.js$/.test(pathname))).toBe(false);
  });

  it('answers /robots.txt with the crawl rules, not the app (an SPA fallback would hand crawlers HTML)', async () => {
    const response = await fetch(`${web.base}/robots.txt`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const rules = await response.text();
    expect(rules).toContain('User-agent: *');
    expect(rules).toContain('Disallow: /api/');
  });

  it('shows the hero with JavaScript disabled', async () => {
    const context = await web.browser.newContext({ javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${web.base}/`);
      const hero = page.getByRole('heading', { name: HERO, level: 1 });
      expect(await hero.isVisible()).toBe(true);
      expect(await page.getByRole('link', { name: 'Get Started Free' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('paints the hero before the app’s JS, styled, then hydrates it in place, with no serious axe findings', async () => {
    const before = (await web.newPage()).page;
    await withoutAppScripts(before);
    await before.goto(`${web.base}/`);
    const prerendered = before.getByRole('heading', { name: HERO, level: 1 });
    expect(await prerendered.isVisible()).toBe(true);
    expect(await before.locator(`[${PRERENDERED_ATTRIBUTE}]`).count()).toBe(1);
    // The critical CSS came with it: the hero's white text on teal, not the browser's defaults.
    const { color } = await prerendered.evaluate((element) => {
      const { getComputedStyle } = globalThis as unknown as { getComputedStyle(target: unknown): { color: string } };
      return { color: getComputedStyle(element).color };
    });
    expect(color).toBe('rgb(255, 255, 255)');
    expect(await seriousA11yViolations(before)).toEqual([]);
    const prerenderedBox = await prerendered.boundingBox();

    const { page } = await web.newPage();
    // Tags the <h1> the HTML parser makes, before any script of the page runs.
    await page.addInitScript({
      content: `new MutationObserver(() => {
        const h1 = document.querySelector('h1');
        if (h1 && !h1.dataset.fromHtml) h1.dataset.fromHtml = String(Boolean(document.querySelector('[${PRERENDERED_ATTRIBUTE}]')));
      }).observe(document, { childList: true, subtree: true });`,
    });
    await page.goto(`${web.base}/`);
    // Only the app renders below the fold (its own chunk, after hydration): once it shows, React runs the page.
    await page.getByRole('heading', { name: 'Featured Listings' }).waitFor();
    const hero = page.getByRole('heading', { name: HERO, level: 1 });
    // Hydrated, not replaced: the painted <h1> is still the parser's (a mismatch would re-create it, and fail the test as a page error).
    expect(await hero.getAttribute('data-from-html')).toBe('true');
    expect(await hero.boundingBox()).toEqual(prerenderedBox);
    // The app works on the adopted markup: a client-side link.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Get Started Free' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
  });

  // A category page is for members: a visitor is sent to sign in 500 ms later, which (on a slow run) could
  // end the page while it is checked. A member stays.
  it.each([
    ['/login', 'Welcome back', false],
    ['/register', 'Create an account', false],
    ['/category/rent', 'Houses for Rent', true],
    ['/no-such-page', '404 Page Not Found', false],
  ])('never shows the hero on a deep link to %s', async (path, heading, member) => {
    const { page } = await web.newPage(member ? { account: newAccount('Lan', 'Phạm') } : {});
    await watchForHero(page);
    await page.goto(`${web.base}${path}`);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    expect(await heroWasShown(page)).toBe(false);

    // Nor before the app's JS: the route guard alone hides it.
    const { page: bare } = await web.newPage();
    await withoutAppScripts(bare);
    await bare.goto(`${web.base}${path}`);
    expect(await bare.getByRole('heading', { name: HERO }).isVisible()).toBe(false);
  });

  it('the hero detector sees the hero on "/" (the control for the deep-link checks)', async () => {
    const { page } = await web.newPage();
    await watchForHero(page);
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { name: HERO }).waitFor();
    expect(await heroWasShown(page)).toBe(true);
  });

  it('a member back on "/" gets home without the landing hero; signed out, the landing page again', async () => {
    const account = newAccount('Linh', 'Tran');
    const { page } = await web.newPage({ account });
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { name: `Welcome back, ${account.firstName}` }).waitFor();

    await watchForHero(page);
    await page.reload();
    await page.getByRole('heading', { name: `Welcome back, ${account.firstName}` }).waitFor();
    expect(await heroWasShown(page)).toBe(false);

    // Sign out from the user menu: the landing page shows, prerendered again.
    await page.getByRole('button', { name: /account menu|Linh/i }).click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await page.waitForURL(`${web.base}/`);
    await page.getByRole('heading', { name: HERO }).waitFor();
    expect(await heroWasShown(page)).toBe(true);
  });

  it('a visitor who never signed in does not ask who is (no 401 in the console); a member does; a session gone elsewhere is forgotten', async () => {
    const watch = (page: Page) => {
      const seen = { asked: [] as number[], errors: [] as string[] };
      page.on('response', (response) => {
        if (new URL(response.url()).pathname === '/api/auth/user') seen.asked.push(response.status());
      });
      page.on('console', (message) => {
        if (message.type() === 'error') seen.errors.push(message.text());
      });
      return seen;
    };
    const { page: visitor } = await web.newPage();
    const visit = watch(visitor);
    await visitor.goto(`${web.base}/`);
    await visitor.getByRole('heading', { name: 'Featured Listings' }).waitFor();
    await visitor.getByRole('link', { name: 'Get Started Free' }).click();
    await visitor.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(visit).toEqual({ asked: [], errors: [] });

    const account = newAccount('Thảo', 'Đỗ');
    const { page, context } = await web.newPage({ account });
    const member = watch(page);
    await page.goto(`${web.base}/`);
    await page.getByRole('heading', { name: `Welcome back, ${account.firstName}` }).waitFor();
    expect(member.asked).toContain(200);

    // Signed out on another device: the next answer is a 401, which clears the cookies; after it, no more asking.
    const cookies = await context.cookies();
    const cookieHeader = cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
    const elsewhere = await fetch(`${web.base}/api/logout`, {
      method: 'POST',
      headers: { cookie: cookieHeader, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(elsewhere.status).toBe(200);
    await page.reload();
    await page.getByRole('heading', { name: HERO }).waitFor();
    expect(member.asked.at(-1)).toBe(401);
    expect((await context.cookies()).map((cookie) => cookie.name)).toEqual([]);
    const asked = member.asked.length;
    await page.reload();
    await page.getByRole('heading', { name: 'Featured Listings' }).waitFor();
    expect(member.asked.length).toBe(asked);
  });

  // A member's first page on a phone: each step that waits for the one before is a round trip on a cellular
  // link. Who is signed in, the answer schemas, the user menu, home's code and then home's listings go out
  // without waiting for that answer.
  it('a member’s first page asks for home’s code and listings while who is signed in is still pending, and never paints the landing page', async () => {
    const account = newAccount('Quyên', 'Hồ');
    // Signed in through the API: the cookie jar holds auth's cookies, local storage holds no hint.
    const { page } = await web.newPage({ account });
    const assets: string[] = [];
    const listingQueries: string[] = [];
    let currentUserAsked = 0;
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith('/assets/')) assets.push(pathname);
      if (pathname === '/api/listings') listingQueries.push(search);
      if (pathname === '/api/auth/user') currentUserAsked += 1;
    });
    await watchForHero(page);
    const release = await holdNext(page, 'GET', /\/api\/auth\/user$/);
    const pending = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/auth/user');
    await page.goto(`${web.base}/`);
    await pending;
    const chunk = (name: string) => new RegExp(`^/assets/${name}-[\\w-]+\\.js$`);
    await eventually(async () => {
      const chunks = Object.fromEntries(['Home', 'contracts', 'UserMenu'].map((name) => [name, assets.some((asset) => chunk(name).test(asset))]));
      expect(chunks).toEqual({ Home: true, contracts: true, UserMenu: true });
      expect(listingQueries).toEqual([expect.stringContaining('near=San+Francisco')]);
    }, 10_000);
    expect(await heroWasShown(page)).toBe(false);
    await page.getByRole('heading', { name: 'Welcome back', exact: true }).waitFor();

    release();
    await page.getByRole('heading', { name: `Welcome back, ${account.firstName}` }).waitFor();
    expect(await heroWasShown(page)).toBe(false);
    // The landing page's featured listings were never asked for: it never rendered.
    expect(assets.some((asset) => chunk('BelowTheFold').test(asset))).toBe(false);
    // Asked once: the screen took the answer asked for before the first render.
    expect({ listingQueries: listingQueries.length, currentUserAsked }).toEqual({ listingQueries: 1, currentUserAsked: 1 });
  });

  // A deep link's screen is asked for as the app starts, not once what renders before it (who is signed in,
  // the header's user menu) has loaded: each of those is a round trip on a cellular link.
  it('a member’s deep link asks for its screen’s code while who is signed in and the user menu are still loading', async () => {
    const { page } = await web.newPage({ account: newAccount('Tâm', 'Vũ') });
    const assets: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/')) assets.push(pathname);
    });
    const releaseUser = await holdNext(page, 'GET', /\/api\/auth\/user$/);
    const releaseMenu = await holdNext(page, 'GET', /\/assets\/UserMenu-[\w-]+\.js$/);
    await page.goto(`${web.base}/saved`, { waitUntil: 'commit' });
    await eventually(async () => expect(assets.some((asset) => /^\/assets\/Saved-[\w-]+\.js$/.test(asset))).toBe(true), 10_000);
    releaseUser();
    releaseMenu();
    await page.getByRole('heading', { name: 'Saved Listings', level: 1 }).waitFor();
  });

  // The hint can change between the route guard (head) and hydration (after the body): the header's
  // current-user answer arriving first writes it, as can a sign-in in another tab. What hydrates must not read it.
  it('hydrates the prerender when the signed-in hint appears after the route guard ran, then shows home', async () => {
    const account = newAccount('Huệ', 'Lý');
    const { page } = await web.newPage({ account });
    await page.addInitScript((key: string) => {
      const scope = globalThis as unknown as {
        document: { readyState: string; addEventListener(type: string, listener: () => void): void };
        localStorage: { setItem(name: string, value: string): void };
      };
      // 'interactive': the body is parsed and the app's module has not run yet.
      scope.document.addEventListener('readystatechange', () => {
        if (scope.document.readyState === 'interactive') scope.localStorage.setItem(key, '1');
      });
    }, SIGNED_IN_HINT_KEY);
    await page.goto(`${web.base}/`);
    // A hydration mismatch (React #418) is a page error: afterEach fails the test on it.
    await page.getByRole('heading', { name: `Welcome back, ${account.firstName}` }).waitFor();
  });
});
