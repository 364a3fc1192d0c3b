/**
 * The parts of the gateway's pages, on their own: which page a path is (the app's own matching), the
 * request's language, the documents' heads, the preview texts, the sitemap's ranges and the caches.
 */
import type { IncomingMessage } from 'node:http';
import { matchPath } from 'react-router';
import { matchWebRoute, WEB_ROUTES } from '@vnmarket/proto';
import { cutDocument } from '../src/pages/documents';
import { requestLanguage } from '../src/pages/language';
import { escapeHtml, jsonForScript } from '../src/pages/meta';
import { SITEMAP_PAGE_TARGET, sitemapPageCount, sitemapPageRange } from '../src/pages/sitemap';
import { excerpt, formatPrice } from '../src/pages/texts';
import { TtlCache } from '../src/pages/ttl-cache';

describe('which page a path is', () => {
  const PATHS = [
    '/',
    '//',
    '/login',
    '/LOGIN',
    '/login/',
    '/login//',
    '/loginx',
    '/listing',
    '/listing/',
    '/listing/abc',
    '/listing/abc/',
    '/listing/ABC/Edit',
    '/listing/abc/edit/more',
    '/listing/a%20b',
    '/users/7d6f5c1e-0000-4000-8000-000000000000',
    '/category/rent',
    '/category/',
    '/create-listing',
    '/verify-phone',
    '/saved',
    '/profile',
    '/messages',
    '/dashboard',
    '/does-not-exist',
    '/api/listings',
  ];

  it.each(PATHS)('%s is the page React Router finds in the app’s routes', (path) => {
    const expected = (Object.entries(WEB_ROUTES) as [keyof typeof WEB_ROUTES, string][]).find(([, pattern]) => matchPath({ path: pattern, end: true }, path));
    const found = matchWebRoute(path);
    expect(found?.route).toBe(expected?.[0]);
    if (expected) expect(found?.params).toEqual(matchPath({ path: expected[1], end: true }, path)!.params);
  });
});

describe('the language of a request', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

  it.each<[Record<string, string>, string]>([
    [{}, 'en'],
    [{ cookie: 'vnm_lang=vi' }, 'vi'],
    [{ cookie: 'a=1; vnm_lang=vi; b=2' }, 'vi'],
    [{ cookie: 'vnm_lang=en', 'accept-language': 'vi-VN' }, 'en'],
    [{ cookie: 'vnm_lang=zh', 'accept-language': 'vi' }, 'vi'],
    [{ cookie: 'xvnm_lang=vi' }, 'en'],
    [{ 'accept-language': 'vi' }, 'vi'],
    [{ 'accept-language': 'vi-VN,vi;q=0.9,en-US;q=0.8' }, 'vi'],
    [{ 'accept-language': 'en-US,en;q=0.9,vi;q=0.8' }, 'en'],
    [{ 'accept-language': 'fr, vi;q=0.1' }, 'vi'],
    [{ 'accept-language': 'vi;q=0, en;q=0.1' }, 'en'],
    [{ 'accept-language': 'de' }, 'en'],
  ])('%j → %s', (headers, language) => {
    expect(requestLanguage(request(headers))).toBe(language);
  });
});

describe('a document cut for a page’s head', () => {
  it('takes out its title and description, the page’s tags going where its title was', () => {
    const html =
      '<!doctype html>\n<html lang="vi"><head><meta charset="UTF-8" />\n<meta name="description" content="Chợ" />\n<title>Chợ Việt</title><script>1</script></head><body>x</body></html>';
    const { before, after } = cutDocument(html);
    expect(`${before}[tags]${after}`).toBe(
      '<!doctype html>\n<html lang="vi"><head><meta charset="UTF-8" />\n[tags]<script>1</script></head><body>x</body></html>',
    );
  });

  it('puts them at the end of a head without a title, and after the doctype in a document without a head', () => {
    const head = cutDocument('<!doctype html><html><head><meta charset="UTF-8"></head><body></body></html>');
    expect(`${head.before}[tags]${head.after}`).toBe('<!doctype html><html><head><meta charset="UTF-8">[tags]</head><body></body></html>');
    const bare = cutDocument('<!doctype html><div id="root"></div>');
    expect(`${bare.before}[tags]${bare.after}`).toBe('<!doctype html>[tags]<div id="root"></div>');
  });
});

describe('what previews say', () => {
  it.each([
    ['1250.00', 'monthly', 'en', '$1,250/month'],
    ['1250.00', 'monthly', 'vi', '$1,250/tháng'],
    ['25.00', 'hourly', 'vi', '$25/giờ'],
    ['12.50', 'fixed', 'en', '$12.50'],
    ['0.00', 'free', 'vi', 'Miễn phí'],
    ['900.00', 'negotiable', 'en', '$900 (negotiable)'],
  ] as const)('%s %s in %s: %s', (price, type, language, text) => {
    expect(formatPrice(price, type, language)).toBe(text);
  });

  it('cuts a long text at a word, on one line', () => {
    expect(excerpt('Phòng  sạch\nsẽ, gần chợ', 100)).toBe('Phòng sạch sẽ, gần chợ');
    expect(excerpt('Phòng sạch sẽ, gần chợ Lion', 16)).toBe('Phòng sạch sẽ…');
    expect(excerpt('😀'.repeat(10), 6)).toBe('😀😀…');
  });

  it('escapes text for attributes, and JSON for a script element so that it cannot end it', () => {
    expect(escapeHtml(`"<b>" & 'x'`)).toBe('&quot;&lt;b&gt;&quot; &amp; &#39;x&#39;');
    const value = { name: '</script><script>alert(1)</script> & \u2028' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('the sitemap’s pages', () => {
  it('are a power of two, each about SITEMAP_PAGE_TARGET listings', () => {
    expect([0, 1, SITEMAP_PAGE_TARGET, SITEMAP_PAGE_TARGET + 1, 4 * SITEMAP_PAGE_TARGET + 1, 1_000_000].map(sitemapPageCount)).toEqual([0, 1, 1, 2, 8, 128]);
  });

  it('split the ids into ranges that meet end to end: every id is in exactly one', () => {
    expect(sitemapPageRange(1, 1)).toEqual({});
    expect(sitemapPageRange(1, 4)).toEqual({ before: '40000000-0000-0000-0000-000000000000' });
    expect(sitemapPageRange(2, 4)).toEqual({ after: '3fffffff-ffff-ffff-ffff-ffffffffffff', before: '80000000-0000-0000-0000-000000000000' });
    expect(sitemapPageRange(4, 4)).toEqual({ after: 'bfffffff-ffff-ffff-ffff-ffffffffffff' });
    const ranges = Array.from({ length: 8 }, (_, index) => sitemapPageRange(index + 1, 8));
    for (const id of [
      '00000000-0000-0000-0000-000000000000',
      'ffffffff-ffff-ffff-ffff-ffffffffffff',
      crypto.randomUUID(),
      crypto.randomUUID(),
      '1fffffff-ffff-ffff-ffff-ffffffffffff',
    ]) {
      const holding = ranges.filter(({ after, before }) => (after === undefined || id > after) && (before === undefined || id < before));
      expect([id, holding.length]).toEqual([id, 1]);
    }
  });
});

describe('the pages’ memory', () => {
  it('forgets after its time, the oldest first past its size, and a failed answer at once', async () => {
    let now = 0;
    const cache = new TtlCache<string>({ ttlMs: 100, maxEntries: 2, now: () => now });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.set('c', 'C');
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'B', 'C']);
    now = 100;
    expect(cache.get('b')).toBeUndefined();
    const bytes = new TtlCache<string>({ ttlMs: 100, maxEntries: 10, maxBytes: 5, sizeOf: (value) => value.length, now: () => now });
    bytes.set('a', 'aaa');
    bytes.set('b', 'bbb');
    expect([bytes.get('a'), bytes.get('b')]).toEqual([undefined, 'bbb']);
    const promises = new TtlCache<Promise<number>>({ ttlMs: 100, maxEntries: 10, now: () => now });
    let calls = 0;
    const make = () => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('down')) : Promise.resolve(calls);
    };
    await expect(promises.remember('x', make)).rejects.toThrow('down');
    const [first, second] = await Promise.all([promises.remember('x', make), promises.remember('x', make)]);
    expect([first, second, calls]).toEqual([2, 2, 2]);
  });
});
