/**
 * k6 load test: browsing the catalogue against a running cluster, through its public entry point.
 *
 *   k6 run -e BASE_URL=https://staging.example.com deploy/k6/browse.js
 *
 * The same queries as `npm run bench:listings` (bench/listings/main.ts), which measures them on one machine;
 * this one drives an existing deployment the way people use the site. Every iteration is one visit, picked
 * by weight (like Online Boutique's load generator, browse 10 : add 2 : checkout 1):
 *
 *   landing  (LANDING_WEIGHT, 5)  an anonymous visitor: the page and its assets, "am I signed in?" (401),
 *                                 the newest listings and one category page
 *   browse   (BROWSE_WEIGHT, 3)   a signed-in user filtering a category (rent by price, place and bedrooms;
 *                                 food by diet; jobs by type; ...), sorting, paging, and a text search
 *   detail   (DETAIL_WEIGHT, 2)   a signed-in user opening a listing from a results page, the seller's
 *                                 reviews and saved listings, sometimes saving and unsaving it
 *
 * Visits arrive at VISIT_RATE a second (LOAD=steady, reached over RAMP), at a rate that climbs to MAX_VISIT_RATE
 * (LOAD=capacity), or from PEAK_VUS closed-loop VUs (LOAD=smoke). Signed-in visits use accounts that setup() signs
 * in (registering those that do not exist yet) or reads from USERS_FILE; each account signs in once, in setup(),
 * and the VUs reuse its session cookie. With no listings in the cluster, detail visits have nothing to open: seed
 * some first (README).
 *
 * Environment (-e NAME=value):
 *   LOAD            steady                    steady | capacity | smoke (lib/settings.js)
 *   BASE_URL        http://localhost:8080     the gateway (or ingress) origin
 *   ORIGIN          BASE_URL                  Origin header on writes, as a browser sends it ('' for none)
 *   USERS           10                        accounts setup() signs in (registering them on the first run; mind
 *                                             REGISTER_MAX_PER_IP_PER_HOUR, 20, shared with chat.js)
 *   USERS_FILE      unset                     JSON file of existing accounts: [{"identifier", "password"}]
 *   PASSWORD        k6-browse-password-1      password of the accounts setup() registers
 *   PHONE_PREFIX    415556                    registered accounts get phone PHONE_PREFIX + 4 digits (same every run)
 *   VISIT_RATE      5                         visits starting per second (steady; capacity: the starting rate)
 *   MAX_VISIT_RATE  4 × VISIT_RATE            capacity: the rate reached at the end of HOLD
 *   MAX_VUS         derived                   most visits in flight before k6 drops arrivals (dropped_iterations)
 *   PEAK_VUS        5                         smoke: closed-loop VUs
 *   RAMP, HOLD      1m, 5m                    time to reach the rate (smoke: the VUs), time at it (10s, 1m for smoke)
 *   THINK_S         1-5                       pause between page views (seconds, uniform)
 *   LANDING_WEIGHT, BROWSE_WEIGHT, DETAIL_WEIGHT   5, 3, 2   how often each visit is picked
 *   SAVE_SHARE      0.2                       chance that a detail visit saves (then unsaves) the listing
 *   SUMMARY_JSON    k6-browse-summary.json    where the key figures go (lib/summary.js; compare runs with compare.mjs)
 */
import http from 'k6/http';
import { check, fail, group, sleep } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import { plannedAccounts, signInAll } from './lib/accounts.js';
import { arrivalRate, loadSetting, numberSetting } from './lib/settings.js';
import { reported, reportFigures, summaryOutputs, withSlices } from './lib/summary.js';

// ------------------------------------------------------------------------------------------------
// Settings.

const LOAD = loadSetting(__ENV);
const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const ORIGIN = __ENV.ORIGIN === undefined ? BASE_URL : __ENV.ORIGIN;
const USER_COUNT = numberSetting(__ENV, 'USERS', 10, { min: 1, integer: true });
const PASSWORD = __ENV.PASSWORD || 'k6-browse-password-1';
const PHONE_PREFIX = __ENV.PHONE_PREFIX || '415556';
const VISIT_RATE = numberSetting(__ENV, 'VISIT_RATE', 5, { min: 0.02 });
const MAX_VISIT_RATE = numberSetting(__ENV, 'MAX_VISIT_RATE', VISIT_RATE * 4, { min: 0.02 });
const PEAK_VUS = numberSetting(__ENV, 'PEAK_VUS', 5, { min: 1, integer: true });
const RAMP = __ENV.RAMP || (LOAD === 'smoke' ? '10s' : '1m');
const HOLD = __ENV.HOLD || (LOAD === 'smoke' ? '1m' : '5m');
const SAVE_SHARE = Number(__ENV.SAVE_SHARE || 0.2);
const THINK = range(__ENV.THINK_S, [1, 5]);
const USERS_FILE = __ENV.USERS_FILE ? JSON.parse(open(__ENV.USERS_FILE)) : undefined;
const COOKIE_NAME = 'vnm_session';

const JOURNEYS = [
  { name: 'landing', weight: Number(__ENV.LANDING_WEIGHT || 5), run: landing },
  { name: 'browse', weight: Number(__ENV.BROWSE_WEIGHT || 3), run: browse },
  { name: 'detail', weight: Number(__ENV.DETAIL_WEIGHT || 2), run: detail },
];

/** What the category pages of the web app ask for (the same filters as bench/listings/main.ts). */
const CATEGORY_PAGES = [
  { category: 'rent', minPrice: '1500', maxPrice: '3500', location: 'san jose', bedrooms: '2' },
  { category: 'rent', propertyType: 'room', maxPrice: '1500', sort: 'price-low' },
  { category: 'food', dietaryOptions: 'vegetarian' },
  { category: 'food', foodType: 'vietnamese', location: 'milpitas' },
  { category: 'sale', itemCategory: 'furniture', condition: 'good', sort: 'price-low' },
  { category: 'jobs', jobType: 'part-time', sort: 'salary-high' },
  { category: 'service', serviceType: 'tutoring' },
  { category: 'event', eventType: 'festival', sort: 'popular' },
];
const SEARCHES = ['phở bò', 'pho', 'banh mi', 'bánh mì chay', 'apartment san jose', 'nhà', 'room', 'thợ nail'];
const PAGE_SIZE = 24;

// ------------------------------------------------------------------------------------------------
// Load shape and pass/fail.

/** Smoke: the closed model (each VU visits, thinks, visits again); otherwise visits arrive at a rate. */
function visitorsScenario() {
  if (LOAD === 'smoke') {
    return {
      executor: 'ramping-vus',
      startVUs: 0,
      stages: [
        { duration: RAMP, target: PEAK_VUS },
        { duration: HOLD, target: PEAK_VUS },
      ],
      gracefulRampDown: '30s',
    };
  }
  return arrivalRate({
    load: LOAD,
    ratePerS: VISIT_RATE,
    peakPerS: MAX_VISIT_RATE,
    ramp: RAMP,
    duration: HOLD,
    // A visit is a few pages with THINK_S between them: about 15 s.
    iterationS: 15,
    maxVUs: numberSetting(__ENV, 'MAX_VUS', 0, { integer: true }),
    gracefulStop: '30s',
  });
}

const SLICES = [
  { label: 'visitors', tag: 'scenario:visitors' },
  { label: 'landing', tag: 'journey:landing' },
  { label: 'browse', tag: 'journey:browse' },
  { label: 'detail', tag: 'journey:detail' },
];

export const options = {
  scenarios: { visitors: visitorsScenario() },
  // Anonymous "am I signed in?" answers 401 by design: not a failure.
  thresholds: withSlices(
    {
      http_req_failed: ['rate<0.01'],
      http_req_duration: ['p(95)<300'],
      'http_req_duration{journey:landing}': ['p(95)<250'],
      'http_req_duration{journey:browse}': ['p(95)<300'],
      'http_req_duration{journey:detail}': ['p(95)<250'],
      'http_req_duration{name:search}': ['p(95)<400'],
      'http_req_duration{name:listing}': ['p(95)<150'],
      checks: ['rate>0.99'],
    },
    SLICES,
  ),
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  setupTimeout: '10m',
};

const visits = reported(Counter, 'browse_visits', { visits: 'count' });
const listingsPerPage = reported(Trend, 'browse_listings_per_page', { 'listings per page (avg)': 'avg' });
const emptyDetailVisits = reported(Counter, 'browse_detail_without_listings', { 'detail visits without listings': 'count' });
reportFigures('http_req_duration{name:search}', { 'search p95 ms': 'p(95)' });
reportFigures('http_req_duration{name:listing}', { 'listing p95 ms': 'p(95)' });

// ------------------------------------------------------------------------------------------------
// Accounts: signed in once (registered on the first run); the VUs share their session cookies.

export function setup() {
  const accounts = plannedAccounts({ usersFile: USERS_FILE, count: USER_COUNT, phonePrefix: PHONE_PREFIX, password: PASSWORD, firstName: 'K6 browser' });
  const sessions = signInAll(accounts, { baseUrl: BASE_URL, headers: jsonHeaders(), cookieName: COOKIE_NAME }).map((account) => account.cookie);
  const probe = http.get(`${BASE_URL}/api/listings?limit=1`, { tags: { name: 'setup probe' } });
  if (probe.status !== 200) fail(`GET /api/listings answered ${probe.status}: is ${BASE_URL} the gateway?`);
  if (probe.json().length === 0) console.warn('setup: the catalogue is empty, so detail visits have nothing to open (see deploy/k6/README.md)');
  console.log(`setup: ${sessions.length} signed-in accounts (${BASE_URL})`);
  return { sessions };
}

export function handleSummary(data) {
  const settings = LOAD === 'smoke' ? { PEAK_VUS } : { VISIT_RATE, ...(LOAD === 'capacity' ? { MAX_VISIT_RATE } : {}) };
  return summaryOutputs(data, {
    script: 'browse.js',
    settings: { LOAD, USERS: USERS_FILE ? USERS_FILE.length : USER_COUNT, ...settings, RAMP, HOLD, BASE_URL },
    slices: SLICES,
  });
}

export default function visit(data) {
  const journey = pick(JOURNEYS);
  visits.add(1, { journey: journey.name });
  group(journey.name, () => journey.run(data));
}

// ------------------------------------------------------------------------------------------------
// Journeys.

/** Someone arriving from a search engine or a shared link, not signed in. */
function landing() {
  const tags = { journey: 'landing' };
  http.cookieJar().clear(BASE_URL);
  const page = http.get(`${BASE_URL}/`, { headers: { accept: 'text/html' }, tags: { ...tags, name: 'page' } });
  check(page, { 'landing page 200': (r) => r.status === 200 && String(r.headers['Content-Type'] || '').includes('text/html') });
  const assets = [...String(page.body).matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => [
    'GET',
    `${BASE_URL}${match[1]}`,
    null,
    { tags: { ...tags, name: 'asset' } },
  ]);
  if (assets.length > 0) check(http.batch(assets), { 'assets 200': (responses) => responses.every((r) => r.status === 200) });
  const who = http.get(`${BASE_URL}/api/auth/user`, { tags: { ...tags, name: 'auth user' }, responseCallback: http.expectedStatuses(401) });
  check(who, { 'visitor is not signed in (401)': (r) => r.status === 401 });
  const [recent, category] = http.batch([
    ['GET', listingsUrl({ limit: PAGE_SIZE }), null, { tags: { ...tags, name: 'recent' } }],
    ['GET', listingsUrl({ category: pickOne(CATEGORY_PAGES).category, limit: PAGE_SIZE }), null, { tags: { ...tags, name: 'category' } }],
  ]);
  checkListings(recent, 'recent listings');
  checkListings(category, 'category page');
  think();
}

/** A signed-in user narrowing a category down, changing the order, paging, then searching. */
function browse(data) {
  const tags = { journey: 'browse' };
  if (!signIn(data)) return;
  const filters = pickOne(CATEGORY_PAGES);
  const first = http.get(listingsUrl({ ...filters, limit: PAGE_SIZE }), { tags: { ...tags, name: 'filter' } });
  checkListings(first, 'filtered page');
  think();
  const sorted = http.get(listingsUrl({ ...filters, sort: pickOne(['recent', 'price-low', 'price-high', 'popular']), limit: PAGE_SIZE }), {
    tags: { ...tags, name: 'sort' },
  });
  checkListings(sorted, 'sorted page');
  think();
  const next = http.get(listingsUrl({ ...filters, limit: PAGE_SIZE, offset: PAGE_SIZE }), { tags: { ...tags, name: 'next page' } });
  checkListings(next, 'second page');
  think();
  const search = http.get(listingsUrl({ search: pickOne(SEARCHES), sort: 'relevance', limit: PAGE_SIZE }), { tags: { ...tags, name: 'search' } });
  checkListings(search, 'search results');
  think();
}

/** A signed-in user opening a listing from a results page: the listing, its seller's reviews, saving it. */
function detail(data) {
  const tags = { journey: 'detail' };
  if (!signIn(data)) return;
  const results = http.get(listingsUrl({ ...pickOne([{}, pickOne(CATEGORY_PAGES)]), limit: PAGE_SIZE }), { tags: { ...tags, name: 'filter' } });
  const listings = checkListings(results, 'results page');
  if (listings.length === 0) {
    emptyDetailVisits.add(1);
    return think();
  }
  think();
  const chosen = pickOne(listings);
  const [listing, reviews, saved] = http.batch([
    ['GET', `${BASE_URL}/api/listings/${chosen.id}`, null, { tags: { ...tags, name: 'listing' } }],
    ['GET', `${BASE_URL}/api/users/${chosen.userId}/reviews`, null, { tags: { ...tags, name: 'reviews' } }],
    ['GET', `${BASE_URL}/api/saved-listings`, null, { tags: { ...tags, name: 'saved' } }],
  ]);
  check(listing, { 'listing 200': (r) => r.status === 200 && r.json('id') === chosen.id });
  check(reviews, { 'reviews 200': (r) => r.status === 200 });
  check(saved, { 'saved listings 200': (r) => r.status === 200 });
  if (Math.random() < SAVE_SHARE) {
    think();
    const save = http.post(`${BASE_URL}/api/listings/${chosen.id}/save`, null, { headers: jsonHeaders(), tags: { ...tags, name: 'save' } });
    check(save, { 'save 2xx': (r) => r.status >= 200 && r.status < 300 });
    const unsave = http.del(`${BASE_URL}/api/listings/${chosen.id}/save`, null, { headers: jsonHeaders(), tags: { ...tags, name: 'unsave' } });
    check(unsave, { 'unsave 2xx': (r) => r.status >= 200 && r.status < 300 });
  }
  think();
}

// ------------------------------------------------------------------------------------------------
// Helpers.

function signIn(data) {
  if (!data.sessions || data.sessions.length === 0) {
    fail('no signed-in accounts: setup() found none');
    return false;
  }
  const cookie = data.sessions[(__VU - 1) % data.sessions.length];
  http.cookieJar().set(BASE_URL, COOKIE_NAME, cookie);
  return true;
}

function checkListings(response, what) {
  const ok = check(response, { [`${what} 200`]: (r) => r.status === 200 && Array.isArray(r.json()) });
  if (!ok) return [];
  const listings = response.json();
  listingsPerPage.add(listings.length);
  return listings;
}

function listingsUrl(query) {
  const parameters = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return `${BASE_URL}/api/listings${parameters ? `?${parameters}` : ''}`;
}

function jsonHeaders() {
  return ORIGIN ? { 'content-type': 'application/json', origin: ORIGIN } : { 'content-type': 'application/json' };
}

function pick(weighted) {
  const total = weighted.reduce((sum, item) => sum + Math.max(0, item.weight), 0);
  let roll = Math.random() * total;
  for (const item of weighted) {
    roll -= Math.max(0, item.weight);
    if (roll < 0) return item;
  }
  return weighted[weighted.length - 1];
}

function pickOne(items) {
  return items[Math.floor(Math.random() * items.length)];
}

function range(spec, fallback) {
  if (!spec) return fallback;
  const [low, high] = String(spec).split('-').map(Number);
  return [low, Number.isFinite(high) ? high : low];
}

function think() {
  sleep(THINK[0] + Math.random() * (THINK[1] - THINK[0]));
}
