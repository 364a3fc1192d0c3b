/**
 * What the browser tests and the screenshot script share: the real stack (every service and a gateway
 * serving the built web/dist), Debian's chromium through playwright-core, demo data, and photos.
 */
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { chromium, type APIResponse, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import type { Listing, ListingBody } from '@vnmarket/proto';
import { seed } from '../../tools/demo/seed';
import { eventually, startStack, type Stack, TestClient } from '@vnmarket/testkit';

/** The built app; WEB_DIST overrides it (a build elsewhere, e.g. `vite build --outDir`). */
export const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(__dirname, '../dist');
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/** The whole backend in this process, its gateway serving the built app. */
export async function startWebStack(label: string): Promise<Stack> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
    throw new Error(`${WEB_DIST} has no index.html: build the web app first (npm run build --workspace web)`);
  }
  return startStack(label, { overrides: { gateway: { WEB_DIST } } });
}

export function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
}

/** The demo marketplace of `make start` (tools/demo/seed.ts), loaded through this gateway. */
export async function seedDemoData(gatewayUrl: string): Promise<void> {
  process.env.GATEWAY_URL = gatewayUrl;
  const log = console.log;
  console.log = () => undefined;
  try {
    await seed();
  } finally {
    console.log = log;
  }
}

/**
 * The browser globals that page-side callbacks (page.evaluate, waitForFunction) use. This node program
 * has no DOM library, so those callbacks reach them through `globalThis as unknown as BrowserGlobals`.
 */
export interface BrowserGlobals {
  window: { innerHeight: number; scrollTo(x: number, y: number): void } & Record<string, unknown>;
  document: {
    documentElement: { scrollHeight: number; scrollWidth: number };
    images: ArrayLike<{ complete: boolean }>;
    body: unknown;
    querySelector(selector: string): { getAttribute(name: string): string | null } | null;
  };
  requestAnimationFrame(callback: () => void): number;
  MutationObserver: new (callback: () => void) => { observe(target: unknown, options: Record<string, unknown>): void };
}

let counter = 0;
/** A unique North American phone number per call (tests register many users). */
export function uniquePhone(): string {
  counter += 1;
  return `415${String(Date.now() % 10_000).padStart(4, '0')}${String(counter % 1000).padStart(3, '0')}`;
}

export interface Account {
  firstName: string;
  lastName: string;
  phone: string;
  password: string;
}

export function newAccount(firstName: string, lastName: string): Account {
  return { firstName, lastName, phone: uniquePhone(), password: 'correct-horse-42' };
}

/** Registers through the API with the browser context's own cookie jar: the context is then signed in. */
export async function registerInContext(context: BrowserContext, gatewayUrl: string, account: Account): Promise<string> {
  const response = await context.request.post(`${gatewayUrl}/api/register`, { data: account });
  if (response.status() !== 201) throw new Error(`register failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

export async function signInContext(context: BrowserContext, gatewayUrl: string, identifier: string, password: string): Promise<void> {
  const response = await context.request.post(`${gatewayUrl}/api/login`, { data: { identifier, password } });
  if (response.status() !== 200) throw new Error(`login failed: ${response.status()} ${await response.text()}`);
}

/** A photo-like JPEG: a diagonal gradient with a few soft shapes, so pages look like real listings. */
export async function makePhoto(colors: [string, string], width = 1200, height = 900, label = ''): Promise<Buffer> {
  const text = label
    ? `<text x="50%" y="56%" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 7)}" font-weight="bold"
        fill="#ffffff" fill-opacity="0.9">${label}</text>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.72}" cy="${height * 0.3}" r="${height * 0.22}" fill="#ffffff" fill-opacity="0.18"/>
    <circle cx="${width * 0.25}" cy="${height * 0.78}" r="${height * 0.32}" fill="#000000" fill-opacity="0.08"/>
    ${text}
  </svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 86 }).toBuffer();
}

/** Writes photos to a temporary folder for a file input; answers their paths. */
export async function photoFiles(specs: { name: string; colors: [string, string]; label?: string }[]): Promise<string[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'web-photos-'));
  const files: string[] = [];
  for (const spec of specs) {
    const file = path.join(dir, spec.name);
    writeFileSync(file, await makePhoto(spec.colors, 1200, 900, spec.label));
    files.push(file);
  }
  return files;
}

/** The upload flow of the web app, from node: upload URL, PUT the bytes, turn them into an image. */
export async function uploadThroughApi(client: TestClient, bytes: Buffer): Promise<string> {
  const slot = await client.post<{ uploadURL: string }>('/api/objects/upload');
  if (slot.status !== 200) throw new Error(`upload slot: ${slot.status} ${slot.text}`);
  const put = await fetch(new URL(slot.body.uploadURL, client.baseUrl), {
    method: 'PUT',
    body: new Uint8Array(bytes),
    headers: { 'content-type': 'image/jpeg' },
  });
  if (!put.ok) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const image = await client.request<{ objectPath: string }>('PUT', '/api/listing-images', { json: { imageURL: slot.body.uploadURL, purpose: 'listing' } });
  if (image.status !== 200) throw new Error(`listing image: ${image.status} ${image.text}`);
  return image.body.objectPath;
}

/** Replaces a listing's photos through PUT /api/listings/{id} as its owner. */
export async function setListingPhotos(client: TestClient, listing: Listing, images: string[]): Promise<void> {
  const body: ListingBody = {
    title: listing.title,
    description: listing.description,
    category: listing.category,
    price: listing.price,
    priceType: listing.priceType as ListingBody['priceType'],
    condition: listing.condition as ListingBody['condition'],
    location: listing.location,
    contactPreference: listing.contactPreference as ListingBody['contactPreference'],
    metadata: listing.metadata,
    images,
  };
  const response = await client.request('PUT', `/api/listings/${listing.id}`, { json: body });
  if (response.status !== 200) throw new Error(`update listing: ${response.status} ${response.text}`);
}

/** Scrolls through the page (lazy images load on the way), then waits until every <img> has loaded or failed. */
export async function imagesSettled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const { document, window, requestAnimationFrame } = globalThis as unknown as BrowserGlobals;
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForFunction(() => Array.from((globalThis as unknown as BrowserGlobals).document.images).every((image) => image.complete), undefined, {
    timeout: 15_000,
  });
}

/** What a browser test file works with: the stack, the browser, and pages in fresh contexts. */
export interface BrowserHarness {
  readonly stack: Stack;
  readonly browser: Browser;
  /** The gateway's base URL. */
  readonly base: string;
  /** A page in a new context (1280x900 unless told), signed in as `account` if given. Closed after the test, or after all with `keep`. */
  newPage(options?: {
    account?: Account;
    viewport?: { width: number; height: number };
    /** The browser's language (navigator.language, Accept-Language): en-US unless told. */
    locale?: string;
    keep?: boolean;
  }): Promise<{ page: Page; context: BrowserContext; userId?: string }>;
  /** GET through the gateway, expecting 200. */
  api<T>(path: string): Promise<T>;
}

/**
 * Registers the file's beforeAll/afterEach/afterAll: one stack and one browser for the file, contexts
 * closed after each test, and any uncaught page error or CSP refusal failing the test that saw it.
 */
export function installBrowserHarness(label: string, options: { demoData?: boolean } = {}): BrowserHarness {
  let stack: Stack | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const kept: BrowserContext[] = [];
  let pageProblems: string[] = [];
  const harness: BrowserHarness = {
    get stack() {
      return stack!;
    },
    get browser() {
      return browser!;
    },
    get base() {
      return stack!.gatewayUrl;
    },
    async newPage(pageOptions = {}) {
      const context = await browser!.newContext({ viewport: pageOptions.viewport ?? { width: 1280, height: 900 }, locale: pageOptions.locale ?? 'en-US' });
      (pageOptions.keep ? kept : contexts).push(context);
      const userId = pageOptions.account ? await registerInContext(context, stack!.gatewayUrl, pageOptions.account) : undefined;
      const page = await context.newPage();
      page.on('pageerror', (error) => pageProblems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) pageProblems.push(`console: ${message.text()}`);
      });
      return { page, context, userId };
    },
    async api<T>(apiPath: string): Promise<T> {
      const response = await fetch(`${stack!.gatewayUrl}${apiPath}`);
      if (response.status !== 200) throw new Error(`GET ${apiPath}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
  beforeAll(async () => {
    stack = await startWebStack(label);
    if (options.demoData) await seedDemoData(stack.gatewayUrl);
    browser = await launchBrowser();
  }, 120_000);
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const problems = pageProblems;
    pageProblems = [];
    expect(problems).toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(kept.map((context) => context.close()));
    await browser?.close();
    await stack?.stop();
  });
  return harness;
}

/** The toast with this text (toasts replace each other, so look for the one meant). */
export function toast(page: Page, text: string): Locator {
  return page.getByTestId('toast').filter({ hasText: text });
}

/**
 * Resolves once the page has drawn two more frames and run the tasks queued by then (the reports of its
 * performance observers among them): what a click or an answer changed is on the screen.
 */
export function afterPaint(page: Page): Promise<void> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as BrowserGlobals & { setTimeout(callback: () => void): number };
    return new Promise<void>((resolve) => scope.requestAnimationFrame(() => scope.requestAnimationFrame(() => scope.setTimeout(resolve))));
  });
}

/** Resolves once the element's running CSS transitions and animations have finished (a focus ring drawn, a toast slid in). */
export function animationsFinished(locator: Locator): Promise<void> {
  return locator.evaluate(async (element) => {
    await Promise.all((element as unknown as { getAnimations(): { finished: Promise<unknown> }[] }).getAnimations().map((animation) => animation.finished));
  });
}

/** How wide the page is laid out (its scroll width): at most the viewport's width when nothing scrolls sideways. */
export const pageWidth = (page: Page): Promise<number> => page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollWidth);

/** Whether the element has the keyboard focus now. */
export const isFocused = (locator: Locator): Promise<boolean> =>
  locator.evaluate((element: { ownerDocument: { activeElement: unknown } }) => element === element.ownerDocument.activeElement);

export const cards = (page: Page): Locator => page.getByTestId('listing-grid').getByTestId('listing-card');
export const countLine = (page: Page, count: number, city: string): Locator => page.getByText(`Showing ${count} listings in ${city} area`, { exact: true });

/** Resolves with the next GET /api/listings?… whose query has all the given parameters. */
export function listingsRequest(page: Page, params: Record<string, string>) {
  return page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/listings' && Object.entries(params).every(([key, value]) => url.searchParams.get(key) === value);
  });
}

/** Holds the next request matching `method` and `path` until released, so a pending state can be seen. */
export async function holdNext(page: Page, method: string, path: RegExp): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = false;
  await page.route(path, async (route) => {
    if (!held && route.request().method() === method) {
      held = true;
      await released;
    }
    await route.continue();
  });
  return release;
}

/** GET through a context's own cookie jar (as that signed-in user), expecting 200. */
export async function getAs<T>(owner: { request: BrowserContext['request'] }, base: string, apiPath: string): Promise<T> {
  const response = await owner.request.get(`${base}${apiPath}`);
  if (response.status() !== 200) throw new Error(`GET ${apiPath}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** What a test says of a new listing: the rest has defaults (a description from the title, San Jose, no metadata). */
export type NewListing = Partial<ListingBody> & Pick<ListingBody, 'title' | 'category' | 'price'>;

const withDefaults = (body: NewListing) => ({ description: `${body.title}: details in the photos`, location: 'San Jose, CA', metadata: {}, ...body });

/**
 * POST /api/listings as the context's user. A 503 is the service's "busy, try again shortly" (its database
 * did not answer within the acquire timeout, which two busy cores can pass): asked again, as the app's
 * users would, until it answers otherwise or three seconds have passed (then the last 503 is the answer).
 */
export function postListingAs(owner: { request: BrowserContext['request'] }, base: string, data: object): Promise<APIResponse> {
  let last: APIResponse | undefined;
  const notBusy = async () => {
    last = await owner.request.post(`${base}/api/listings`, { data });
    if (last.status() === 503) throw new Error('POST /api/listings: busy');
    return last;
  };
  return eventually(notBusy, 3000, 250).catch((error: unknown) => {
    if (last?.status() === 503) return last;
    throw error;
  });
}

/** Creates a listing as the context's user through POST /api/listings; answers its id. */
export async function createListingAs(owner: { request: BrowserContext['request'] }, base: string, body: NewListing): Promise<string> {
  const response = await postListingAs(owner, base, withDefaults(body));
  if (response.status() !== 201) throw new Error(`create listing: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** A new member, registered through the API with a client of their own, and a listing they post. */
export async function memberWithListing(stack: Stack, account: Account, body: NewListing): Promise<{ client: TestClient; listing: Listing }> {
  const client = stack.client();
  const registered = await client.post('/api/register', account);
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);
  const created = await client.post<Listing>('/api/listings', withDefaults(body));
  if (created.status !== 201) throw new Error(`create listing: ${created.status} ${created.text}`);
  return { client, listing: created.body };
}

/** Uploads an 800x600 photo per pair of colours and makes them the listing's photos, as its owner; answers their paths. */
export async function addPhotos(owner: TestClient, listing: Listing, colors: [string, string][]): Promise<string[]> {
  const images: string[] = [];
  for (const pair of colors) images.push(await uploadThroughApi(owner, await makePhoto(pair, 800, 600)));
  await setListingPhotos(owner, listing, images);
  return images;
}

/**
 * axe-core's serious and critical findings on the page as it is now (WCAG 2.x A and AA rules), as readable
 * lines (rule, impact, element): none is allowed.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id} (${violation.impact}): ${violation.help} at ${node.target.join(' ')} ${node.html.slice(0, 160)}`),
    );
}

/** axe-core's findings of these rules, whatever their impact (moderate ones too), as readable lines: none is allowed. */
export async function a11yViolationsOf(page: Page, rules: string[]): Promise<string[]> {
  const { AxeBuilder } = await import('@axe-core/playwright');
  const results = await new AxeBuilder({ page }).withRules(rules).analyze();
  return results.violations.flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${violation.help} at ${node.html.slice(0, 160)}`));
}

/**
 * GET /api/listings?{query} through the gateway (anyone may browse), with its X-Total-Count: what a
 * grid's first page and its count line should show.
 */
export async function listingsWithTotal(base: string, query: Record<string, string | number>): Promise<{ listings: Listing[]; total: string }> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  const response = await fetch(`${base}/api/listings?${search}`);
  if (response.status !== 200) throw new Error(`GET /api/listings?${search}: ${response.status} ${await response.text()}`);
  const total = response.headers.get('X-Total-Count');
  if (total === null) throw new Error(`GET /api/listings?${search}: no X-Total-Count`);
  return { listings: (await response.json()) as Listing[], total };
}

export interface ShownToast {
  text: string;
  variant: string | null;
}

/**
 * Every toast the page shows, reported by the page itself the moment it appears: a toast that lives only
 * until a full-page redirect (the Unauthorized one, 500 ms) is still seen on a busy machine. Call before
 * the navigation that should show it.
 */
export async function recordToasts(page: Page): Promise<ShownToast[]> {
  const shown: ShownToast[] = [];
  await page.exposeFunction('reportToast', (text: string, variant: string | null) => shown.push({ text, variant }));
  await page.addInitScript(() => {
    const { document, MutationObserver } = globalThis as unknown as BrowserGlobals;
    const report = (globalThis as unknown as { reportToast(text: string, variant: string | null): void }).reportToast;
    new MutationObserver(() => {
      const element = document.querySelector('[data-testid="toast"]') as { textContent: string | null; getAttribute(name: string): string | null } | null;
      if (element?.textContent) report(element.textContent, element.getAttribute('data-variant'));
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return shown;
}
