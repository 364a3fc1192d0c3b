/**
 * Lighthouse (mobile: a mid-range phone on a throttled cellular network, the default) on the main screens,
 * signed out and signed in, in English and in Tiếng Việt, against the real stack with the demo data; prints
 * one table of scores and timings, each the median of LIGHTHOUSE_RUNS runs (default 3). On demand, not in
 * the suite (each page takes ~20 s).
 *
 *   CHROME_PATH=/usr/bin/chromium npm run lighthouse -w web          (builds nothing: build web first)
 *   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_LANGUAGES=vi LIGHTHOUSE_PAGES=home,login npm run lighthouse -w web
 *   BEFORE_DIST=/tmp/web-before npm run lighthouse -w web      (this build against another, runs alternating)
 *
 * With BEFORE_DIST (another build, `vite build --outDir …` of an older commit), each build gets its own stack,
 * demo data and member, and the runs alternate between the two builds page by page, so a busy machine's
 * slow minutes fall on both: the table then has both builds' rows, with every run's LCP and TBT.
 *
 * Needs the `lighthouse` command (npm i -g lighthouse, or LIGHTHOUSE=/path/to/bin/lighthouse).
 *
 * Signed in, the member's cookies are in the browser's own cookie jar, as after a real sign-in: Chromium is
 * started here (playwright-core, its default context) with the cookies added, and Lighthouse drives it over
 * its debugging port without resetting storage (Lighthouse's way for pages behind a sign-in; the cache is
 * emptied before each page, as Lighthouse's reset would). A Cookie header
 * sent with every request would not do: the page reads `vnm_signed_in` from document.cookie to know whether
 * to ask who is signed in.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type CDPSession } from 'playwright-core';
import type { Listing } from '@vnmarket/proto';
import { startStack, type Stack, freePort, TestClient } from '@vnmarket/testkit';
import { CHROMIUM, CHROMIUM_ARGS, newAccount, seedDemoData, WEB_DIST } from '../test/support';

const run = promisify(execFile);

const LIGHTHOUSE = process.env.LIGHTHOUSE ?? 'lighthouse';

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Every run's LCP and TBT, ms (the row is the run of median performance). */
  runs?: string;
}

/**
 * Where Lighthouse audits: a Chromium of its own (signed out) speaking a language, or the one signed in on
 * this debugging port (its language is its cookie's).
 */
type Browser = { signedOut: true; language: string } | { port: number };

async function audit(url: string, label: string, browser: Browser): Promise<Row> {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'lighthouse-')), 'report.json');
  const args = [
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    // e.g. LIGHTHOUSE_FLAGS=--throttling-method=devtools: throttle the real page load instead of simulating it.
    ...(process.env.LIGHTHOUSE_FLAGS?.split(' ').filter(Boolean) ?? []),
    ...('port' in browser
      ? [`--port=${browser.port}`, '--disable-storage-reset']
      : [`--chrome-flags=${[...CHROMIUM_ARGS, `--lang=${browser.language}`].join(' ')}`]),
  ];
  // Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART): try once more.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run(LIGHTHOUSE, args, { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? CHROMIUM }, maxBuffer: 64 * 1024 * 1024 });
      break;
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`lighthouse: ${label} failed (${(error as { stderr?: string }).stderr?.trim() ?? error}); trying again`);
    }
  }
  console.error(`lighthouse: ${label}: the whole report is ${out}`);
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue?: number }>;
  };
  return {
    page: label,
    performance: Math.round(report.categories.performance!.score * 100),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    bestPractices: Math.round(report.categories['best-practices']!.score * 100),
    seo: Math.round(report.categories.seo!.score * 100),
    lcpMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? NaN),
    tbtMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? NaN),
    cls: Number((report.audits['cumulative-layout-shift']?.numericValue ?? NaN).toFixed(3)),
  };
}

/** The run of median performance, as Lighthouse's own guidance suggests for comparing (not a mix of runs). */
function median(runs: Row[]): Row {
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** One build under test: its stack with the demo data, and a member's browser (cookies in its jar). */
interface Target {
  label: string;
  stack: Stack;
  port: number;
  signedIn: BrowserContext;
  cdp: CDPSession;
  pho: Listing;
}

async function target(label: string, dist: string): Promise<Target> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build the web app first`);
  const stack = await startStack(`lighthouse-${label}`, { overrides: { gateway: { WEB_DIST: dist } } });
  const base = stack.gatewayUrl;
  await seedDemoData(base);
  const client = new TestClient(base);
  const registered = await client.post('/api/register', newAccount('Lan', 'Phạm'));
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  const port = await freePort();
  const signedIn = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-')), {
    executablePath: CHROMIUM,
    headless: true,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
  });
  await signedIn.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: base })));
  // Lighthouse resets neither storage nor the cache in that browser: its cache is emptied before each page
  // (as Lighthouse's reset would), so no page loads another's assets from it. The cookies and local storage stay.
  const cdp = await signedIn.newCDPSession(signedIn.pages()[0] ?? (await signedIn.newPage()));
  const listings = (await client.get<Listing[]>('/api/listings?limit=50')).body;
  const pho = listings.find((listing) => listing.title.startsWith('Phở')) ?? listings[0]!;
  return { label: `${label} (${dist})`, stack, port, signedIn, cdp, pho };
}

async function main(): Promise<void> {
  const builds: [string, string][] = process.env.BEFORE_DIST
    ? [
        ['before', path.resolve(process.env.BEFORE_DIST)],
        ['this build', WEB_DIST],
      ]
    : [['this build', WEB_DIST]];
  const targets: Target[] = [];
  try {
    for (const [label, dist] of builds) targets.push(await target(label, dist));
    const pages: [string, (target: Target) => string, boolean][] = [
      ['landing (signed out)', () => '/', false],
      ['login', () => '/login', false],
      ['register', () => '/register', false],
      ['home', () => '/', true],
      ['category: food', () => '/category/food', true],
      ['listing detail', ({ pho }) => `/listing/${pho.id}`, true],
      ['public profile', ({ pho }) => `/users/${pho.userId}`, true],
      ['profile', () => '/profile', true],
      ['messages', () => '/messages', true],
      ['dashboard', () => '/dashboard', true],
    ];
    // LIGHTHOUSE_PAGES=login,home: only the pages whose label starts with one of these.
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
    if (only) pages.splice(0, pages.length, ...pages.filter(([label]) => only.some((start) => label.startsWith(start))));
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const languages = (process.env.LIGHTHOUSE_LANGUAGES ?? 'en,vi').split(',');
    const rows: Row[] = [];
    for (const language of languages) {
      for (const { signedIn, stack } of targets) await signedIn.addCookies([{ name: 'vnm_lang', value: language, url: stack.gatewayUrl }]);
      for (const [label, pagePath, member] of pages) {
        const runsOfPage = targets.map((): Row[] => []);
        for (let run = 0; run < runs; run += 1) {
          for (const [index, entry] of targets.entries()) {
            if (member) await entry.cdp.send('Network.clearBrowserCache');
            const url = `${entry.stack.gatewayUrl}${pagePath(entry)}`;
            runsOfPage[index]!.push(await audit(url, `${label} (${language})`, member ? { port: entry.port } : { signedOut: true, language }));
          }
        }
        for (const [index, entry] of targets.entries()) {
          const each = runsOfPage[index]!;
          const name = targets.length > 1 ? `${label} (${language}), ${entry.label}` : `${label} (${language})`;
          rows.push({ ...median(each), page: name, runs: each.map((row) => `${row.lcpMs}/${row.tbtMs}`).join(', ') });
        }
        console.error(`lighthouse: ${label} (${language}) done`);
      }
    }
    console.log(`\n| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS | each run: LCP/TBT ms |  (median of ${runs})`);
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const row of rows)
      console.log(
        `| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} | ${row.runs} |`,
      );
  } finally {
    for (const entry of targets) {
      await entry.signedIn.close();
      await entry.stack.stop();
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
