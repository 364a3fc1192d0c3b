/**
 * Lighthouse (mobile: a mid-range phone on a throttled cellular network, the default) on the main screens,
 * signed out and signed in, in English and in Tiếng Việt, against the real stack with the demo data; prints
 * one table of scores and timings, each the median of LIGHTHOUSE_RUNS runs (default 3). On demand, not in
 * the suite (each page takes ~20 s).
 *
 *   CHROME_PATH=/usr/bin/chromium npm run lighthouse -w web          (builds nothing: build web first)
 *   LIGHTHOUSE_RUNS=1 LIGHTHOUSE_LANGUAGES=vi LIGHTHOUSE_PAGES=home,login npm run lighthouse -w web
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
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import type { Listing } from '@vnmarket/proto';
import { freePort, TestClient } from '@vnmarket/shared/testing';
import { CHROMIUM, CHROMIUM_ARGS, newAccount, seedDemoData, startWebStack } from '../test/support';

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

async function main(): Promise<void> {
  const stack = await startWebStack('lighthouse');
  try {
    const base = stack.gatewayUrl;
    await seedDemoData(base);
    const client = new TestClient(base);
    const account = newAccount('Lan', 'Phạm');
    const registered = await client.post('/api/register', account);
    if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
    // The member's browser: its cookies in the jar, for every page Lighthouse opens in it.
    const port = await freePort();
    const signedIn = await chromium.launchPersistentContext(mkdtempSync(path.join(os.tmpdir(), 'lighthouse-profile-')), {
      executablePath: CHROMIUM,
      headless: true,
      args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    });
    await signedIn.addCookies([...client.cookies].map(([name, value]) => ({ name, value, url: base })));
    const listings = (await client.get<Listing[]>('/api/listings?limit=50')).body;
    const pho = listings.find((listing) => listing.title.startsWith('Phở')) ?? listings[0]!;

    const pages: [string, string, boolean][] = [
      ['landing (signed out)', '/', false],
      ['login', '/login', false],
      ['register', '/register', false],
      ['home', '/', true],
      ['category: food', '/category/food', true],
      ['listing detail', `/listing/${pho.id}`, true],
      ['public profile', `/users/${pho.userId}`, true],
      ['profile', '/profile', true],
      ['messages', '/messages', true],
      ['dashboard', '/dashboard', true],
    ];
    // LIGHTHOUSE_PAGES=login,home: only the pages whose label starts with one of these.
    const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean);
    if (only) pages.splice(0, pages.length, ...pages.filter(([label]) => only.some((start) => label.startsWith(start))));
    const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
    const languages = (process.env.LIGHTHOUSE_LANGUAGES ?? 'en,vi').split(',');
    const rows: Row[] = [];
    try {
      // Lighthouse resets neither storage nor the cache in that browser: empty its cache before each page, as
      // Lighthouse would, so no page loads another's assets from it. The cookies and local storage stay.
      const cdp = await signedIn.newCDPSession(signedIn.pages()[0] ?? (await signedIn.newPage()));
      for (const language of languages) {
        await signedIn.addCookies([{ name: 'vnm_lang', value: language, url: base }]);
        for (const [label, pagePath, member] of pages) {
          const runsOfPage: Row[] = [];
          for (let run = 0; run < runs; run += 1) {
            if (member) await cdp.send('Network.clearBrowserCache');
            runsOfPage.push(await audit(`${base}${pagePath}`, `${label} (${language})`, member ? { port } : { signedOut: true, language }));
          }
          rows.push(median(runsOfPage));
          console.error(`lighthouse: ${label} (${language}) done`);
        }
      }
    } finally {
      await signedIn.close();
    }
    console.log(`\n| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |  (median of ${runs})`);
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows)
      console.log(`| ${row.page} | ${row.performance} | ${row.accessibility} | ${row.bestPractices} | ${row.seo} | ${row.lcpMs} | ${row.tbtMs} | ${row.cls} |`);
  } finally {
    await stack.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
