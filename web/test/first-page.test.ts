/**
 * The first page (issue 14, goal 5) in the built app (WEB_DIST, else web/dist): the JS that index.html
 * makes the browser load for the landing page stays under its ceiling and holds neither zod nor the form
 * libraries (they load with the screens that use them).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { initialJs, INITIAL_JS_GOAL_BYTES, kib } from '../build/initial-js';

const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.resolve(__dirname, '../dist');

describe('the landing page’s initial JS', () => {
  beforeAll(() => {
    if (!existsSync(path.join(WEB_DIST, 'index.html'))) {
      throw new Error(`${WEB_DIST} has no index.html: build the web app first (npm run build --workspace web)`);
    }
  });

  it.each(['index.html', 'index.vi.html'])(`stays within ${kib(INITIAL_JS_GOAL_BYTES)} gzip, its language's messages included (%s)`, (document) => {
    const { files, gzipBytes } = initialJs(WEB_DIST, document);
    const listed = files.map((file) => `${file.file} ${kib(file.gzipBytes)}`).join(', ');
    expect({ gzip: kib(gzipBytes), files: listed, within: gzipBytes <= INITIAL_JS_GOAL_BYTES }).toEqual({
      gzip: kib(gzipBytes),
      files: listed,
      within: true,
    });
  });

  it('holds neither zod nor the form libraries', () => {
    for (const { file } of initialJs(WEB_DIST).files) {
      const code = readFileSync(path.join(WEB_DIST, file), 'utf8');
      expect({ file, zod: code.includes('ZodObject'), finalForm: code.includes('final-form') }).toEqual({ file, zod: false, finalForm: false });
    }
  });

  it('loads every other screen on demand', () => {
    const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    const initial = initialJs(WEB_DIST).files.map((file) => file.file);
    // One chunk per lazy screen, none of them loaded by index.html.
    const lazy = initial.flatMap((file) => [
      ...readFileSync(path.join(WEB_DIST, file), 'utf8').matchAll(/assets\/(Home|Login|Register|Messages|Dashboard)-[\w-]+\.js/g),
    ]);
    expect(new Set(lazy.map((match) => match[1]))).toEqual(new Set(['Home', 'Login', 'Register', 'Messages', 'Dashboard']));
    for (const match of lazy) expect(initial).not.toContain(`/${match[0]}`);
    expect(html).not.toMatch(/Home-|Login-|Messages-/);
  });
});

describe('what lazy chunks preload', () => {
  // Vite lists a chunk's preloads once (`m.f=[…]`) and names them by index; build/inline-css.ts takes the
  // inlined stylesheet out of those lists. An index past the end made the browser fetch "/undefined".
  it('is a list of built files, and every index names one of them', () => {
    const assets = path.join(WEB_DIST, 'assets');
    for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
      const code = readFileSync(path.join(assets, file), 'utf8');
      const list = /m\.f=(\[[^\]]*\])/.exec(code)?.[1];
      if (!list) continue;
      const files = JSON.parse(list) as string[];
      const indexes = [...code.matchAll(/__vite__mapDeps\(\[([\d,]*)\]\)/g)].flatMap(([, listed = '']) => listed.split(',').filter(Boolean).map(Number));
      expect({ file, missing: files.filter((listed) => !existsSync(path.join(WEB_DIST, listed))) }).toEqual({ file, missing: [] });
      expect({ file, outOfRange: indexes.filter((index) => index >= files.length) }).toEqual({ file, outOfRange: [] });
    }
  });
});

describe('the base styles', () => {
  it('are in index.html itself, applied at the first paint: no stylesheet to fetch, nothing of them in the JS', () => {
    const html = readFileSync(path.join(WEB_DIST, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    const inline = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((match) => match[1]!);
    expect(inline.some((css) => css.includes('--primary:#b4441f') && css.includes('.skip-link:focus'))).toBe(true);
    // In <head>, before the prerendered page it styles (module scripts run only after parsing anyway).
    expect(html.indexOf('--primary:#b4441f')).toBeLessThan(html.indexOf('<div id="root">'));
    for (const { file } of initialJs(WEB_DIST).files) {
      expect({ file, hasBaseStyles: /--primary-hover\s*:/.test(readFileSync(path.join(WEB_DIST, file), 'utf8')) }).toEqual({ file, hasBaseStyles: false });
    }
  });
});
