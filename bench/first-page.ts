/**
 * Issue 14, goal 5 (first page): the landing page's initial JS (gzip) and its Largest Contentful Paint in
 * headless Chromium on loopback, read from the browser's own PerformanceObserver.
 *
 * Uses the built app in WEB_DIST, else web/dist; builds it into a temp dir only when neither exists. Starts
 * one gateway serving it (no services: a visitor's landing page asks the API for the current user and the
 * featured listings, and must show its hero, the LCP element, when those fail). Every run is a fresh
 * browser context (cold cache). Rows, each BENCH_FIRST_PAGE_RUNS runs (10): the page as built (the landing
 * page prerendered into index.html, web/build/prerender.ts); the same index.html without the prerender
 * (the hero waits for the JS and React's render); the prerender without its route guard (not servable: a
 * bound on what the inline guard, run before the body is parsed, costs the first paint); the page without the prerender made to load
 * every chunk of the app before it starts (the baseline: no route splitting, no prerender); and the first
 * two again with the CPU throttled 4× (a slow phone). All in the same run, in rounds of one load of each
 * variant (a machine whose load changes meanwhile weighs on every row alike), every variant's index.html
 * passing through the same request interception. The initial JS is beside the "before" of git history (one index chunk and
 * the chunk it preloaded: INITIAL_JS_BEFORE).
 *
 * Settings: BENCH_FIRST_PAGE_RUNS (10), BENCH_GATEWAY_PORT (8190), WEB_DIST.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { INITIAL_JS_BEFORE, INITIAL_JS_GOAL_BYTES, initialJs, jsFileSize, kib } from '../web/build/initial-js';
import { readLcpScript, type PageTiming } from '../web/build/read-lcp';
import { PRERENDER_START, withoutPrerender, withoutRouteGuard } from '../web/build/prerendered-html';
import { assertPortsFree, envInt, LOCALHOST, machineSummary, root } from './lib/settings';
import { gatewayEnv } from './lib/service-env';
import { entryOf, limitRunTime, runBench, runToEnd, startScript, waitUntilOk } from './lib/processes';
import { latencyStats } from './lib/load';
import { type GoalRow, printTable, reportGoals } from './lib/tables';

const settings = {
  runs: envInt('BENCH_FIRST_PAGE_RUNS', 10, 1),
  port: envInt('BENCH_GATEWAY_PORT', 8190, 1),
};
const CHROMIUM = '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];
const LCP_GOAL_MS = 1000;

/** The last largest-contentful-paint entry once none has come for 500 ms (15 s for the first), and the navigation timing. */
const READ_TIMING = readLcpScript(500, 15_000);

interface PageRun {
  lcpMs: number;
  /** Navigation timing: DOMContentLoaded and load, ms after navigation start. */
  domContentLoadedMs: number;
  loadMs: number;
  /** The JS files the page fetched before LCP was final (URL paths). */
  scripts: string[];
}

/** The built app to measure: WEB_DIST, web/dist, or a fresh build in tempDir. */
async function distDir(tempDir: string): Promise<string> {
  for (const candidate of [process.env.WEB_DIST, path.join(root, 'web/dist')]) {
    if (candidate && existsSync(path.join(candidate, 'index.html'))) return path.resolve(candidate);
  }
  const outDir = path.join(tempDir, 'dist');
  console.log(`  no built app (WEB_DIST, web/dist): building it into ${outDir} …`);
  const vite = path.join(root, 'node_modules/.bin/vite');
  const result = await runToEnd(
    vite,
    ['build', path.join(root, 'web'), '--outDir', outDir, '--emptyOutDir'],
    { ...process.env, NODE_ENV: 'production' },
    300_000,
  );
  if (result.code !== 0 || !existsSync(path.join(outDir, 'index.html'))) throw new Error(`vite build failed:\n${result.output}`);
  return outDir;
}

/** A variant of the page: what its index.html becomes on the way to the browser. */
type Rewrite = (html: string) => string;

const asBuilt: Rewrite = (html) => html;

/** Every chunk of the app as a module script before the entry, as a build without route splitting would load it. */
const loadingEveryChunk =
  (files: string[]): Rewrite =>
  (html) =>
    html.replace('<script type="module"', `${files.map((file) => `<script type="module" crossorigin src="${file}"></script>`).join('')}<script type="module"`);

interface LoadOptions {
  cpuSlowdown: number;
  rewrite: Rewrite;
}

/**
 * One cold load of `/` in a fresh context: the final LCP (after load, once nothing larger is painted for
 * 500 ms), navigation timing and the scripts fetched. index.html goes through `rewrite` (every variant,
 * the page as built too, so the interception costs each the same).
 */
async function loadOnce(browser: Browser, url: string, options: LoadOptions): Promise<PageRun> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    if (options.cpuSlowdown > 1) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpuSlowdown });
    }
    await page.route(url, async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, body: options.rewrite(await response.text()) });
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(url, { waitUntil: 'load' });
    const timing = (await page.evaluate(READ_TIMING)) as PageTiming;
    if (Number.isNaN(timing.lcp)) throw new Error('the browser reported no largest-contentful-paint for /');
    return { lcpMs: timing.lcp, domContentLoadedMs: timing.dcl, loadMs: timing.load, scripts: [...new Set(scripts)] };
  } finally {
    await context.close();
  }
}

interface Row {
  label: string;
  p50: number;
  p95: number;
  dcl: number;
  load: number;
  scripts: string[];
}

interface Variant extends LoadOptions {
  label: string;
}

/** One warm-up load of each variant (the gateway's and the browser's first-run costs), then rounds of one load of each. */
async function measure(browser: Browser, url: string, variants: Variant[]): Promise<Row[]> {
  for (const variant of variants) await loadOnce(browser, url, variant);
  const runs: PageRun[][] = variants.map(() => []);
  for (let round = 0; round < settings.runs; round += 1) {
    for (const [index, variant] of variants.entries()) runs[index]!.push(await loadOnce(browser, url, variant));
  }
  const median = (values: number[]) => latencyStats(values).p50;
  return variants.map(({ label }, index) => {
    const variantRuns = runs[index]!;
    const lcp = latencyStats(variantRuns.map((run) => run.lcpMs));
    console.log(`  ${label.padEnd(44)} LCP p50 ${lcp.p50.toFixed(0)} ms, p95 ${lcp.p95.toFixed(0)} ms (${variantRuns.length} cold loads)`);
    return {
      label,
      p50: lcp.p50,
      p95: lcp.p95,
      dcl: median(variantRuns.map((run) => run.domContentLoadedMs)),
      load: median(variantRuns.map((run) => run.loadMs)),
      scripts: variantRuns[variantRuns.length - 1]?.scripts ?? [],
    };
  });
}

async function main(tempDir: string): Promise<void> {
  await assertPortsFree({ gateway: settings.port });
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium`);
  limitRunTime(600);

  const dist = await distDir(tempDir);
  const initial = initialJs(dist);
  const everyChunk = readdirSync(path.join(dist, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `/assets/${file}`);
  const whole = everyChunk.map((file) => jsFileSize(dist, file));
  const wholeGzip = whole.reduce((sum, file) => sum + file.gzipBytes, 0);

  console.log('\nThe first page: the landing page (/) for a visitor, initial JS and LCP in headless Chromium on loopback');
  console.log(`  machine   ${machineSummary()}`);
  console.log(`  app       ${dist} (${everyChunk.length} JS chunks, ${kib(wholeGzip)} gzip in all)`);
  console.log(`  gateway   ${LOCALHOST}:${settings.port} (${entryOf('gateway', 'main')}, NODE_ENV=production), no services: the API calls fail fast`);
  console.log(`  browser   ${CHROMIUM}, 1280×800, a fresh context per load (cold cache), ${settings.runs} loads per row after one warm-up`);
  console.log('\n  initial JS: index.html’s module scripts and modulepreloads and their static imports (gzip -9)');
  printTable(
    ['file', 'bytes', 'gzip'],
    initial.files.map((file) => [file.file, kib(file.bytes), kib(file.gzipBytes)]).concat([['total', kib(initial.bytes), kib(initial.gzipBytes)]]),
  );

  const prerendered = readFileSync(path.join(dist, 'index.html'), 'utf8').includes(PRERENDER_START);
  console.log(`  prerender ${prerendered ? 'the landing page is prerendered into index.html' : 'none in this build: the first two rows are the same page'}`);

  startScript('gateway', entryOf('gateway', 'main'), { ...gatewayEnv(settings.port, {}), WEB_DIST: dist });
  const url = `http://${LOCALHOST}:${settings.port}/`;
  await waitUntilOk(`http://${LOCALHOST}:${settings.port}/livez`, 'gateway', 60_000);

  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  let rows: Row[];
  try {
    console.log('');
    const everyChunkNoPrerender: Rewrite = (html) => loadingEveryChunk(everyChunk)(withoutPrerender(html));
    rows = await measure(browser, url, [
      { label: 'as built (prerendered, chunks on demand)', cpuSlowdown: 1, rewrite: asBuilt },
      { label: 'without the prerender (JS paints the hero)', cpuSlowdown: 1, rewrite: withoutPrerender },
      { label: 'prerendered, no route guard (bound)', cpuSlowdown: 1, rewrite: withoutRouteGuard },
      { label: 'no prerender, every chunk first (baseline)', cpuSlowdown: 1, rewrite: everyChunkNoPrerender },
      { label: 'as built, CPU 4× slower', cpuSlowdown: 4, rewrite: asBuilt },
      { label: 'without the prerender, CPU 4× slower', cpuSlowdown: 4, rewrite: withoutPrerender },
    ]);
  } finally {
    await browser.close();
  }
  const [built, unprerendered, , baseline, slow, slowUnprerendered] = rows as [Row, Row, Row, Row, Row, Row];

  printTable(
    ['load of /', 'LCP p50 ms', 'LCP p95 ms', 'DOMContentLoaded p50 ms', 'load p50 ms', 'JS files fetched'],
    rows.map((row) => [row.label, row.p50.toFixed(0), row.p95.toFixed(0), row.dcl.toFixed(0), row.load.toFixed(0), String(row.scripts.length)]),
  );
  const fetched = built.scripts.map((file) => (existsSync(path.join(dist, file)) ? jsFileSize(dist, file).gzipBytes : 0)).reduce((a, b) => a + b, 0);
  console.log(
    `\n  JS the landing page fetched before its LCP was final: ${built.scripts.length} files, ${kib(fetched)} gzip` +
      ` (${built.scripts.filter((file) => !initial.files.some((entry) => entry.file === file)).join(', ') || 'nothing beyond the initial JS'})`,
  );

  const rowsOut: GoalRow[] = [
    {
      goal: '5 first page',
      measure: 'landing initial JS, gzip',
      figure: kib(initial.gzipBytes),
      target: `≤ ${kib(INITIAL_JS_GOAL_BYTES)} gzip`,
      baseline: `${kib(INITIAL_JS_BEFORE.gzipBytes)} (before, git history)`,
      met: initial.gzipBytes <= INITIAL_JS_GOAL_BYTES,
    },
    {
      goal: '5 first page',
      measure: 'landing initial JS, raw',
      figure: kib(initial.bytes),
      target: '–',
      baseline: `${kib(INITIAL_JS_BEFORE.bytes)} (before)`,
    },
    {
      goal: '5 first page',
      measure: 'LCP of / on loopback, p50 / p95',
      figure: `${built.p50.toFixed(0)} / ${built.p95.toFixed(0)} ms`,
      target: `LCP ≤ ${LCP_GOAL_MS} ms`,
      baseline: `${unprerendered.p50.toFixed(0)} / ${unprerendered.p95.toFixed(0)} ms (no prerender); ${baseline.p50.toFixed(0)} / ${baseline.p95.toFixed(0)} ms (neither)`,
      met: built.p95 <= LCP_GOAL_MS,
    },
    {
      goal: '5 first page',
      measure: 'LCP of /, CPU 4× slower, p50 / p95',
      figure: `${slow.p50.toFixed(0)} / ${slow.p95.toFixed(0)} ms`,
      target: '–',
      baseline: `${slowUnprerendered.p50.toFixed(0)} / ${slowUnprerendered.p95.toFixed(0)} ms (no prerender)`,
    },
  ];
  reportGoals(rowsOut);
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-first-page-'));
void runBench(() => main(tempDir), {
  stopping: 'the gateway',
  cleanup: () => rmSync(tempDir, { recursive: true, force: true }),
});
