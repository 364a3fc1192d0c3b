/**
 * Pages as robots read them (link previews in Zalo, Facebook, Messenger, iMessage; search engines): no
 * JavaScript, only the served HTML. A listing's page carries its title, price, city and photo in its head,
 * in the visitor's language; a hidden, deleted or unknown page previews nothing of its own, and what is no
 * page answers 404; the sitemap validates and names what anyone may see. Real services behind a real gateway.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { listingBody, registered, startStack, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';
import { writeWebDist } from './in-process';
import { builtDocument, fetchRaw, locations, metaContent, structuredData, titleOf, validateSitemap } from './support/pages';

const ORIGIN = 'https://cho.example';
const SITE = 'Chợ Việt Bay Area';
/** Short, so a change shows within the test; the default is 30 s. */
const TTL_MS = 300;

let stack: Stack<'auth' | 'listings'>;
let owner: RegisteredUser;
let photo: string;
let listing: { id: string; title: string };

beforeAll(async () => {
  const { dist } = writeWebDist({
    'index.html': builtDocument('en', `${SITE}: the Vietnamese community marketplace`, 'Rao vặt cho cộng đồng — the app, in English'),
    'index.vi.html': builtDocument('vi', `${SITE}: chợ rao vặt của cộng đồng người Việt`, 'Rao vặt cho cộng đồng — ứng dụng, bằng tiếng Việt'),
    'favicon.ico': Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]).toString('latin1'),
    'robots.txt': readFileSync(path.resolve(__dirname, '../../web/public/robots.txt'), 'utf8'),
  });
  stack = await startStack('gateway-pages', {
    only: ['auth', 'listings'],
    overrides: { gateway: { WEB_DIST: dist, PUBLIC_ORIGINS: `${ORIGIN},http://localhost:8080`, PAGE_CACHE_TTL_MS: String(TTL_MS) } },
  });
  owner = await registered(stack, { firstName: 'Lan', lastName: 'Nguyễn' });
  photo = `/objects/images/${owner.user.id}/${randomUUID()}.webp`;
  listing = await create({ title: 'Phòng đẹp gần Grand Century', images: [photo] });
}, 60_000);
afterAll(() => stack.stop());

async function create(overrides: Record<string, unknown> = {}): Promise<{ id: string; title: string }> {
  const response = await owner.client.post('/api/listings', listingBody(overrides));
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}

const page = (target: string, headers: Record<string, string> = {}) => fetchRaw(stack.gatewayUrl, target, headers);
/** The site's own tags, nothing of a listing: what a page that previews nothing shows. */
function expectSiteTags(html: string) {
  expect(titleOf(html)).toBe(SITE);
  expect(metaContent(html, 'og:title')).toBe(SITE);
  expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/og-image.png`);
  expect(html).not.toContain(photo);
  expect(structuredData(html)).toEqual([]);
}

describe('a listing’s page, read without JavaScript', () => {
  it('carries its title, price, city and photo (absolute) in English: title, description, Open Graph, Twitter card, canonical', async () => {
    const answer = await page(`/listing/${listing.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.text).toContain('<html lang="en">');
    expect(titleOf(answer.text)).toBe(`${listing.title} – ${SITE}`);
    expect(metaContent(answer.text, 'og:title')).toBe(listing.title);
    expect(metaContent(answer.text, 'og:image')).toBe(`${ORIGIN}${photo}`);
    expect(metaContent(answer.text, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(answer.text, 'twitter:image')).toBe(`${ORIGIN}${photo}`);
    expect(metaContent(answer.text, 'og:url')).toBe(`${ORIGIN}/listing/${listing.id}`);
    expect(metaContent(answer.text, 'og:site_name')).toBe(SITE);
    expect(metaContent(answer.text, 'og:type')).toBe('website');
    expect(metaContent(answer.text, 'og:locale')).toBe('en_US');
    expect(answer.text).toContain(`<link rel="canonical" href="${ORIGIN}/listing/${listing.id}" />`);
    const description = metaContent(answer.text, 'description');
    expect(description).toMatch(/^\$1,250\/month · San Jose, CA · Houses for Rent\. Sunny room/);
    expect(metaContent(answer.text, 'og:description')).toBe(description);
    // The document's own title and description are replaced, not repeated.
    expect(answer.text.match(/<title>/g)).toHaveLength(1);
    expect(answer.text.match(/<meta name="description"/g)).toHaveLength(1);
    expect(answer.headers['content-language']).toBe('en');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(answer.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding');
  });

  it.each<[string, Record<string, string>]>([
    ['the app’s language cookie', { cookie: 'vnm_signed_in=0; vnm_lang=vi' }],
    ['Accept-Language vi-VN', { 'accept-language': 'vi-VN,vi;q=0.9,en;q=0.8' }],
    ['Accept-Language vi behind a language the site does not have', { 'accept-language': 'fr-FR, vi;q=0.5' }],
  ])('is in Tiếng Việt for %s: its document, the price and category in Vietnamese', async (_how, headers) => {
    const answer = await page(`/listing/${listing.id}`, headers);
    expect(answer.status).toBe(200);
    expect(answer.text).toContain('<html lang="vi">');
    expect(titleOf(answer.text)).toBe(`${listing.title} – ${SITE}`);
    expect(metaContent(answer.text, 'og:title')).toBe(listing.title);
    expect(metaContent(answer.text, 'og:image')).toBe(`${ORIGIN}${photo}`);
    expect(metaContent(answer.text, 'description')).toMatch(/^\$1,250\/tháng · San Jose, CA · Nhà cho thuê\. Sunny room/);
    expect(metaContent(answer.text, 'og:locale')).toBe('vi_VN');
    expect(metaContent(answer.text, 'og:locale:alternate')).toBe('en_US');
    expect(answer.headers['content-language']).toBe('vi');
  });

  it('takes the cookie over the header, and English when neither names a language of the site', async () => {
    expect((await page(`/listing/${listing.id}`, { cookie: 'vnm_lang=en', 'accept-language': 'vi' })).headers['content-language']).toBe('en');
    expect((await page(`/listing/${listing.id}`, { cookie: 'vnm_lang=fr', 'accept-language': 'de, ja' })).headers['content-language']).toBe('en');
  });

  it('describes the listing as schema.org data in the type of its category, prices in USD, with nothing that could end the script early', async () => {
    const hostile = await create({ title: 'Bán xe </script><script>alert(1)</script>', category: 'sale', priceType: 'fixed', condition: 'good', metadata: {} });
    const job = await create({ title: 'Tuyển thợ nail', category: 'jobs', price: '25', priceType: 'hourly', metadata: { jobType: 'part-time' } });
    const rent = structuredData((await page(`/listing/${listing.id}`)).text);
    expect(rent).toEqual([
      expect.objectContaining({ '@type': 'Offer', price: '1250.00', priceCurrency: 'USD', itemOffered: expect.objectContaining({ '@type': 'Room' }) }),
    ]);
    const sale = await page(`/listing/${hostile.id}`);
    expect(sale.text).not.toContain('<script>alert(1)');
    expect(structuredData(sale.text)).toEqual([
      expect.objectContaining({ '@type': 'Product', name: hostile.title, offers: expect.objectContaining({ priceCurrency: 'USD' }) }),
    ]);
    expect(titleOf(sale.text)).toBe(`${hostile.title} – ${SITE}`);
    expect(structuredData((await page(`/listing/${job.id}`)).text)).toEqual([
      expect.objectContaining({
        '@type': 'JobPosting',
        title: job.title,
        employmentType: 'PART_TIME',
        baseSalary: expect.objectContaining({ currency: 'USD' }),
      }),
    ]);
  });

  it('shows an edit within the cache’s time', async () => {
    const edited = await create({ title: 'Bán bàn ghế' });
    expect(metaContent((await page(`/listing/${edited.id}`)).text, 'og:title')).toBe('Bán bàn ghế');
    expect((await owner.client.request('PUT', `/api/listings/${edited.id}`, { json: listingBody({ title: 'Bán bàn ghế gỗ' }) })).status).toBe(200);
    await eventually(async () => expect(metaContent((await page(`/listing/${edited.id}`)).text, 'og:title')).toBe('Bán bàn ghế gỗ'), 5000, 50);
  });

  it('previews nothing of a deactivated listing (200: the app shows its own view), within the cache’s time', async () => {
    const hidden = await create({ title: 'Tin sẽ bị ẩn', images: [photo] });
    expect(metaContent((await page(`/listing/${hidden.id}`)).text, 'og:title')).toBe(hidden.title);
    expect((await owner.client.patch(`/api/listings/${hidden.id}`, { isActive: false })).status).toBe(200);
    await eventually(async () => expect(titleOf((await page(`/listing/${hidden.id}`)).text)).toBe(SITE), 5000, 100);
    const answer = await page(`/listing/${hidden.id}`, { cookie: 'vnm_lang=vi' });
    expect(answer.status).toBe(200);
    expectSiteTags(answer.text);
    expect(metaContent(answer.text, 'robots')).toBe('noindex');
    expect(answer.text).toContain('<div id="root">');
  });

  it('answers 404 with the app’s HTML and the site’s tags for a deleted listing, an unknown one and a malformed id', async () => {
    const deleted = await create({ title: 'Tin sẽ bị xoá' });
    expect((await owner.client.request('DELETE', `/api/listings/${deleted.id}`)).status).toBe(200);
    for (const target of [`/listing/${deleted.id}`, `/listing/${randomUUID()}`, '/listing/not-an-id']) {
      const answer = await page(target);
      expect([target, answer.status]).toEqual([target, 404]);
      expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(answer.text).toContain('<div id="root">');
      expectSiteTags(answer.text);
      expect(metaContent(answer.text, 'robots')).toBe('noindex');
    }
  });
});

describe('the other pages', () => {
  it('names a category in the visitor’s language, and answers 404 for a category there is not', async () => {
    const english = await page('/category/food');
    expect([english.status, titleOf(english.text), metaContent(english.text, 'og:title')]).toEqual([200, `Specialty Food – ${SITE}`, 'Specialty Food']);
    const vietnamese = await page('/category/food', { 'accept-language': 'vi' });
    expect([vietnamese.status, metaContent(vietnamese.text, 'og:title')]).toEqual([200, 'Món ăn đặc sản']);
    expect(metaContent(vietnamese.text, 'og:url')).toBe(`${ORIGIN}/category/food`);
    expect((await page('/category/cars')).status).toBe(404);
  });

  it('names a member on their page, and answers 404 for a member there is not', async () => {
    const answer = await page(`/users/${owner.user.id}`);
    expect([answer.status, metaContent(answer.text, 'og:title'), metaContent(answer.text, 'og:type')]).toEqual([200, 'Lan Nguyễn', 'profile']);
    expect(metaContent(answer.text, 'description')).toContain('Lan Nguyễn');
    expect((await page(`/users/${randomUUID()}`)).status).toBe(404);
  });

  it('gives the home page and the app’s other screens the site’s tags in the visitor’s language, with 200', async () => {
    const home = await page('/', { cookie: 'vnm_lang=vi' });
    expect([home.status, titleOf(home.text), metaContent(home.text, 'og:url')]).toEqual([200, SITE, `${ORIGIN}/`]);
    expect(metaContent(home.text, 'description')).toBe(`${SITE}: chợ rao vặt của cộng đồng người Việt vùng Vịnh San Francisco`);
    for (const target of [
      '/login',
      '/register',
      '/messages',
      '/dashboard/',
      `/listing/${listing.id}/edit`,
      '/create-listing',
      '/saved',
      '/profile',
      '/verify-phone',
    ]) {
      const answer = await page(target);
      expect([target, answer.status, titleOf(answer.text)]).toEqual([target, 200, SITE]);
    }
  });

  it('answers a path that is no page of the app 404, with the app’s HTML (which shows its “not found”)', async () => {
    for (const target of ['/does-not-exist', '/listing', '/users', '/category/rent/extra', '/listing/x/edit/more']) {
      const answer = await page(target, { accept: 'text/html' });
      expect([target, answer.status, answer.headers['content-type']]).toEqual([target, 404, 'text/html; charset=utf-8']);
      expect(answer.text).toContain('<div id="root">');
    }
  });

  it('serves /favicon.ico as the icon, and never the app’s HTML for a file that is not there', async () => {
    const icon = await page('/favicon.ico', { accept: 'text/html,*/*' });
    expect(icon.status).toBe(200);
    expect(icon.headers['content-type']).not.toMatch(/html/);
    for (const target of ['/manifest.webmanifest', '/apple-touch-icon.png', '/listing/photo.jpg', '/sitemaps/other.xml']) {
      const answer = await page(target, { accept: 'text/html,*/*' });
      expect([target, answer.status]).toEqual([target, 404]);
      expect([target, answer.headers['content-type']]).not.toEqual([target, expect.stringContaining('html')]);
    }
  });

  it.each(['br', 'gzip'])('goes out compressed (%s), the same page as uncompressed', async (encoding) => {
    for (const target of [`/listing/${listing.id}`, '/', '/does-not-exist']) {
      const plain = await page(target);
      const compressed = await page(target, { 'accept-encoding': encoding });
      expect([target, compressed.headers['content-encoding']]).toEqual([target, encoding]);
      expect(compressed.raw.length).toBeLessThan(plain.raw.length / 2);
      expect(compressed.text).toBe(plain.text);
    }
  });
});

describe('the sitemap', () => {
  async function sitemapListings(): Promise<string[]> {
    const index = await page('/sitemap.xml', { 'accept-encoding': 'gzip' });
    expect([index.status, index.headers['content-type']]).toEqual([200, 'application/xml; charset=utf-8']);
    validateSitemap(index.text, 'siteindex.xsd');
    const urls: string[] = [];
    for (const location of locations(index.text)) {
      expect(location.startsWith(`${ORIGIN}/sitemaps/`)).toBe(true);
      const sitemap = await page(location.slice(ORIGIN.length));
      expect([location, sitemap.status]).toEqual([location, 200]);
      validateSitemap(sitemap.text, 'sitemap.xsd');
      urls.push(...locations(sitemap.text));
    }
    return urls;
  }

  it('validates against the sitemaps.org schemas and names the home page, the six categories and every listing anyone may see, with its last change', async () => {
    const hidden = await create({ title: 'Không có trong sitemap' });
    await owner.client.patch(`/api/listings/${hidden.id}`, { isActive: false });
    await eventually(async () => expect(await sitemapListings()).not.toContain(`${ORIGIN}/listing/${hidden.id}`), 5000, 100);
    const urls = await sitemapListings();
    expect(urls).toEqual(expect.arrayContaining([`${ORIGIN}/`, ...['rent', 'food', 'sale', 'jobs', 'service', 'event'].map((c) => `${ORIGIN}/category/${c}`)]));
    expect(urls).toContain(`${ORIGIN}/listing/${listing.id}`);
    const pages = (await page('/sitemap.xml')).text;
    const listingsPage = await page(
      locations(pages)
        .find((location) => location.includes('/listings-'))!
        .slice(ORIGIN.length),
    );
    expect(listingsPage.text).toMatch(new RegExp(`<loc>${ORIGIN}/listing/${listing.id}</loc><lastmod>\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}Z</lastmod>`));
  });

  it('names a newly posted listing once its cache has turned over', async () => {
    await sitemapListings();
    const fresh = await create({ title: 'Vừa đăng' });
    await eventually(async () => expect(await sitemapListings()).toContain(`${ORIGIN}/listing/${fresh.id}`), 5000, 100);
  });

  it('is named in robots.txt (web/public’s), by its absolute URL', async () => {
    const robots = await page('/robots.txt');
    expect([robots.status, robots.headers['content-type']]).toEqual([200, 'text/plain; charset=utf-8']);
    expect(robots.text).toMatch(new RegExp(`^Sitemap: ${ORIGIN}/sitemap\\.xml$`, 'm'));
    expect(robots.text).toContain('Disallow: /api/');
  });

  it('answers a sitemap page past the last with 404', async () => {
    expect((await page('/sitemaps/listings-999.xml')).status).toBe(404);
  });
});
