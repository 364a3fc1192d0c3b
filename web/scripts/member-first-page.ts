/**
 * A returning member's first page ("/", home) on a phone: this build against another, in the same run.
 * Chromium emulates Lighthouse's mobile profile (150 ms round trips, 1.6 Mbit/s down, the CPU 4× slower) and
 * reads the largest contentful paint from its own PerformanceObserver. Each build gets its own stack and
 * demo data; the loads alternate between them, one cold load each per round, after one warm-up load each.
 *
 *   BEFORE_DIST=/tmp/web-before npm run member-first-page -w web      (build both first)
 *
 * BEFORE_DIST is another build of the app (`vite build --outDir …` of an older commit); this one is
 * WEB_DIST or web/dist. RUNS (default 6) rounds; CPU_SLOWDOWN (default 4).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { startStack, type Stack, TestClient } from '@vnmarket/testkit';
import { CHROMIUM, CHROMIUM_ARGS, newAccount, seedDemoData, WEB_DIST } from '../test/support';
import { SIGNED_IN_HINT_KEY } from '../src/lib/signed-in-hint';
import { readLcpScript, type PageTiming } from '../build/read-lcp';

const RUNS = Number(process.env.RUNS ?? 6);
const CPU_SLOWDOWN = Number(process.env.CPU_SLOWDOWN ?? 4);
/** Lighthouse's mobile throttling: a slow 4G link. */
const LINK = { offline: false, latency: 150, downloadThroughput: (1638.4 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

/** The last largest-contentful-paint entry once none has come for 1.5 s. */
const READ_LCP = readLcpScript(1500, 20_000);

interface Target {
  label: string;
  stack: Stack;
  member: { firstName: string; cookies: [string, string][] };
  lcps: number[];
}

/** A stack serving `dist`, with the demo data and a member signed in through the API. */
async function target(label: string, dist: string): Promise<Target> {
  if (!existsSync(path.join(dist, 'index.html'))) throw new Error(`${dist} has no index.html: build it first`);
  const stack = await startStack(`member-first-page-${label}`, { overrides: { gateway: { WEB_DIST: dist } } });
  await seedDemoData(stack.gatewayUrl);
  const client = new TestClient(stack.gatewayUrl);
  const account = newAccount('Lan', 'Phạm');
  const registered = await client.post('/api/register', account);
  if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
  return { label: `${label} (${dist})`, stack, member: { firstName: account.firstName, cookies: [...client.cookies] }, lcps: [] };
}

/** One cold load of home, as the member's phone: the session cookies and the hint their last visit left. */
async function loadHome(browser: Browser, { stack, member }: Target): Promise<number> {
  const base = stack.gatewayUrl;
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    await context.addCookies(member.cookies.map(([name, value]) => ({ name, value, url: base })));
    await context.addInitScript((key: string) => (globalThis as unknown as { localStorage: Storage }).localStorage.setItem(key, '1'), SIGNED_IN_HINT_KEY);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(`${base}/`, { waitUntil: 'load' });
    await page.getByRole('heading', { name: `Welcome back, ${member.firstName}` }).waitFor({ timeout: 30_000 });
    return ((await page.evaluate(READ_LCP)) as PageTiming).lcp;
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const before = process.env.BEFORE_DIST;
  if (!before) throw new Error('BEFORE_DIST: the build to compare against (vite build --outDir … of another commit)');
  const targets = [await target('before', path.resolve(before)), await target('this build', WEB_DIST)];
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS, headless: true });
  try {
    for (const entry of targets) await loadHome(browser, entry);
    for (let round = 0; round < RUNS; round += 1) for (const entry of targets) entry.lcps.push(await loadHome(browser, entry));
  } finally {
    await browser.close();
    for (const entry of targets) await entry.stack.stop();
  }
  console.log(`\nA member's home on a slow 4G phone (150 ms RTT, 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}× slower): LCP, ${RUNS} cold loads each\n`);
  console.log('| build | LCP median ms | every load, ms |');
  console.log('|---|---:|---|');
  for (const entry of targets) console.log(`| ${entry.label} | ${median(entry.lcps).toFixed(0)} | ${entry.lcps.map((lcp) => lcp.toFixed(0)).join(', ')} |`);
  const [baseline, current] = targets.map((entry) => median(entry.lcps));
  console.log(`\nthis build ÷ before: ${(current! / baseline!).toFixed(2)}`);
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
