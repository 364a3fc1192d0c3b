/**
 * Screenshots of the main screens at a desktop (1280 px) and a phone (375 px) width, into
 * web/screenshots/: landing, home, listing detail, create listing, messages, dashboard, profile, a public profile and
 * the six category pages. Starts the real stack in this process
 * (PostgreSQL, Redis and RabbitMQ as for the tests), loads the demo data, gives a few demo listings
 * photos, and drives Debian's chromium. Build the app first: npm run build --workspace web.
 *
 *   npm run screenshots -w web        (or: tsx web/scripts/screenshots.ts)
 *   SCREENSHOTS_LANGUAGE=vi npm run screenshots -w web     (Tiếng Việt: web/screenshots/vi/)
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { CATEGORIES, type Listing } from '@vnmarket/proto';
import { TestClient } from '@vnmarket/testkit';
import { DEMO_PASSWORD, DEMO_SELLERS } from '../../tools/demo/seed';
import {
  type BrowserGlobals,
  imagesSettled,
  launchBrowser,
  makePhoto,
  newAccount,
  registerInContext,
  seedDemoData,
  setListingPhotos,
  startWebStack,
  uploadThroughApi,
} from '../test/support';

const LANGUAGE = process.env.SCREENSHOTS_LANGUAGE === 'vi' ? 'vi' : 'en';
const OUT = path.resolve(__dirname, '../screenshots', LANGUAGE === 'vi' ? 'vi' : '');
/** The browser's language: the app starts in it (and the gateway serves its page). */
const LOCALE = LANGUAGE === 'vi' ? 'vi-VN' : 'en-US';
const WIDTHS = [1280, 375] as const;
/** Long pages are cut here so phone screenshots stay readable. */
const MAX_HEIGHT = 8000;

const PALETTES: [string, string][] = [
  ['#f59e0b', '#b45309'],
  ['#ef4444', '#7f1d1d'],
  ['#10b981', '#065f46'],
  ['#3b82f6', '#1e3a8a'],
  ['#a855f7', '#581c87'],
  ['#f97316', '#9a3412'],
];

/** Gives some demo listings (the Phở listing among them) photos, as their sellers would. */
async function addDemoPhotos(gatewayUrl: string): Promise<Listing> {
  const all = (await (await fetch(`${gatewayUrl}/api/listings?limit=100`)).json()) as Listing[];
  const pho = all.find((listing) => listing.title.startsWith('Phở Bò'));
  if (!pho) throw new Error('the demo data has no Phở listing');
  const picks = [pho, ...all.filter((listing) => listing.id !== pho.id && /San Francisco|Oakland|Berkeley/.test(listing.location)).slice(0, 4)];
  const sessions = new Map<string, TestClient>();
  for (const [index, listing] of picks.entries()) {
    const seller = DEMO_SELLERS.find(
      (candidate) => listing.user && candidate.firstName === listing.user.firstName && candidate.lastName === listing.user.lastName,
    );
    if (!seller) continue;
    let client = sessions.get(seller.phone);
    if (!client) {
      client = new TestClient(gatewayUrl);
      const login = await client.post('/api/login', { identifier: seller.phone, password: DEMO_PASSWORD });
      if (login.status !== 200) throw new Error(`demo seller login: ${login.status}`);
      sessions.set(seller.phone, client);
    }
    const count = listing.id === pho.id ? 3 : 1;
    const images: string[] = [];
    for (let photo = 0; photo < count; photo += 1) images.push(await uploadThroughApi(client, await makePhoto(PALETTES[(index + photo) % PALETTES.length]!)));
    await setListingPhotos(client, listing, images);
  }
  return pho;
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const stack = await startWebStack('screenshots');
  const browser = await launchBrowser();
  try {
    const base = stack.gatewayUrl;
    await seedDemoData(base);
    const pho = await addDemoPhotos(base);
    const viewer = newAccount('Minh', 'Trần');
    let registered = false;

    for (const width of WIDTHS) {
      const shot = async (name: string, page: import('playwright-core').Page) => {
        await imagesSettled(page);
        const height = await page.evaluate(() => (globalThis as unknown as BrowserGlobals).document.documentElement.scrollHeight);
        const file = path.join(OUT, `${name}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true, clip: { x: 0, y: 0, width, height: Math.min(height, MAX_HEIGHT) } });
        console.log(`screenshots: ${path.relative(process.cwd(), file)}`);
      };
      const viewport = { width, height: width > 600 ? 900 : 812 };

      const visitor = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: LOCALE });
      const landing = await visitor.newPage();
      await landing.goto(`${base}/`);
      await landing.getByTestId('featured-listings').getByTestId('listing-card').first().waitFor();
      await shot('landing', landing);
      await visitor.close();

      const context = await browser.newContext({ viewport, deviceScaleFactor: 1, locale: LOCALE });
      if (registered) {
        const login = await context.request.post(`${base}/api/login`, { data: { identifier: viewer.phone, password: viewer.password } });
        if (login.status() !== 200) throw new Error(`viewer login: ${login.status()}`);
      } else {
        await registerInContext(context, base, viewer);
        registered = true;
      }
      const page = await context.newPage();
      await page.goto(`${base}/`);
      await page.getByTestId('listing-grid').getByTestId('listing-card').first().waitFor();
      await shot('home', page);

      await page.goto(`${base}/listing/${pho.id}`);
      await page.getByTestId('gallery-main').waitFor();
      await page.locator('#seller-reviews').waitFor();
      await shot('detail', page);

      await page.goto(`${base}/create-listing`);
      // The form's fields by name: the same in either language.
      const field = (name: string) => page.locator(`form [name="${name}"]`);
      await field('title').waitFor();
      await field('title').fill('Phòng riêng gần BART – Private room near BART');
      await field('category').selectOption('rent');
      await field('description').fill('Sunny private room in a quiet house, shared kitchen, 5 minutes walk to BART. Phòng sáng, yên tĩnh.');
      await field('price').fill('1150');
      await field('location').fill('Oakland, CA');
      await field('metadata.bedrooms').fill('1');
      await field('metadata.bathrooms').fill('1');
      await page.locator('[name="metadata.amenities"][value="WiFi Included"]').check();
      await page.evaluate(() => (globalThis as unknown as BrowserGlobals).window.scrollTo(0, 0));
      await shot('create', page);

      // A conversation about the Phở listing (once), and a few listings of the viewer's own.
      if (width === WIDTHS[0]) {
        const sent = await context.request.post(`${base}/api/messages`, {
          data: { receiverId: pho.userId, content: 'Chào anh, phở còn bán cuối tuần này không?', listingId: pho.id },
        });
        if (sent.status() !== 201) throw new Error(`message: ${sent.status()}`);
        for (const [index, title] of ['Xe đạp trẻ em – Kids bike', 'Bàn ăn gỗ 6 ghế', 'Dạy kèm toán lớp 8'].entries()) {
          const created = await context.request.post(`${base}/api/listings`, {
            data: {
              title,
              description: 'Còn mới, giá hợp lý. Like new, fair price.',
              category: index === 2 ? 'service' : 'sale',
              price: String(40 + index * 35),
              condition: index === 2 ? undefined : 'good',
              location: 'San Jose, CA',
              metadata: {},
            },
          });
          const listing = (await created.json()) as Listing;
          if (index === 1) await context.request.patch(`${base}/api/listings/${listing.id}`, { data: { isActive: false } });
        }
      }
      await page.goto(`${base}/messages`);
      await page.getByTestId('conversation').first().click();
      await page.getByTestId('message-bubble').first().waitFor();
      await shot('messages', page);
      await page.goto(`${base}/dashboard`);
      await page.getByTestId('dashboard-listing').first().waitFor();
      await shot('dashboard', page);

      await page.goto(`${base}/profile`);
      await page
        .getByRole('heading', { name: `${viewer.firstName} ${viewer.lastName}` })
        .first()
        .waitFor();
      await page.waitForLoadState('networkidle');
      await shot('profile', page);
      await page.goto(`${base}/users/${pho.userId}`);
      await page
        .getByRole('heading', { name: `${pho.user!.firstName} ${pho.user!.lastName}` })
        .first()
        .waitFor();
      await page.getByTestId('listing-card').first().waitFor();
      await page.waitForLoadState('networkidle');
      await shot('public-profile', page);

      for (const category of CATEGORIES) {
        await page.goto(`${base}/category/${category}`);
        await page.getByTestId('listing-card').first().waitFor();
        await page.waitForLoadState('networkidle');
        await shot(`category-${category}`, page);
      }
      await context.close();
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
