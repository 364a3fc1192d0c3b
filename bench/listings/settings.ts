/** The listings benchmark's settings, its scenarios (what the web app's pages ask for) and issue 14's budgets for them. */
import { benchDatabaseName, envInt, envPorts, LOCALHOST } from '../lib/settings';

/** The uncached listings process on the listings port + 1; the uncached gateway and the one without answer cache on the gateway's + 1 and + 2. */
const ports = (base: { auth: number; listings: number; gateway: number }) => ({
  ...base,
  listingsUncached: base.listings + 1,
  gatewayUncached: base.gateway + 1,
  gatewayNoAnswerCache: base.gateway + 2,
});

export const settings = {
  listings: envInt('BENCH_LISTINGS', 100_000, 1),
  duration: envInt('BENCH_DURATION', 8, 1),
  warmup: envInt('BENCH_WARMUP', 2, 0),
  connections: envInt('BENCH_CONNECTIONS', 20, 1),
  pipelining: 1,
  /** Uncached slow queries under load queue for seconds: allow it, and report (not abort) a scenario whose responses are not all 200. */
  timeout: envInt('BENCH_TIMEOUT', 30, 1),
  onProblem: 'report' as const,
  ports: ports(envPorts({ auth: 4111, listings: 4112, gateway: 8190 })),
  databaseUrl: process.env.BENCH_LISTINGS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_listings',
};
export const databaseName = benchDatabaseName(settings.databaseUrl, 'BENCH_LISTINGS_DATABASE_URL');

/** What a page of the web app asks for. A scenario with several queries cycles through them on every connection. */
export interface Scenario {
  goal: 'browse' | 'filtered' | 'search';
  label: string;
  queries: Record<string, string>[];
  /** Sent with the signed-in user's session cookie. */
  signedIn?: boolean;
}

/** The web app's first page of any list (PAGE_SIZE 24). */
const page = { limit: '24', offset: '0' };
const search = (words: string) => ({ search: words, ...page });
export const SCENARIOS: Scenario[] = [
  { goal: 'browse', label: 'home, anonymous', queries: [page] },
  // What Home asks for a member by default: within 25 miles of the chosen city (San Francisco first), newest first.
  { goal: 'browse', label: 'home, signed in', queries: [{ near: 'San Francisco', sort: 'recent', ...page }], signedIn: true },
  { goal: 'browse', label: 'category page (food)', queries: [{ category: 'food', ...page }] },
  {
    goal: 'filtered',
    label: 'filters: rent 2+ bd, price, city',
    queries: [{ category: 'rent', minPrice: '1500', maxPrice: '3500', location: 'san jose', bedrooms: '2', ...page }],
  },
  { goal: 'filtered', label: 'filters: food vegetarian', queries: [{ category: 'food', dietaryOptions: 'vegetarian', ...page }] },
  // "Within N miles" of a place of the list (a city, a ZIP code), newest first and nearest first.
  { goal: 'filtered', label: 'within 10 mi of San Jose, rent', queries: [{ category: 'rent', near: 'San Jose', radius: '10', ...page }] },
  { goal: 'filtered', label: 'within 5 mi of 94103, by distance', queries: [{ near: '94103', radius: '5', sort: 'distance', ...page }] },
  {
    goal: 'filtered',
    label: 'filters: sale, price, condition',
    queries: [{ category: 'sale', maxPrice: '500', condition: 'like-new', sort: 'price-low', ...page }],
  },
  { goal: 'search', label: 'search "pho"', queries: [search('pho')] },
  { goal: 'search', label: 'search "nha"', queries: [search('nha')] },
  { goal: 'search', label: 'search "ban"', queries: [search('ban')] },
  { goal: 'search', label: 'search "banh mi"', queries: [search('banh mi')] },
  {
    goal: 'search',
    label: 'search mix (10 queries)',
    queries: ['phở bò', 'bánh mì chay', 'cho thue phong', 'apartment san jose', 'nhà', 'room', 'thợ nail', 'sua xe', 'iphone', 'tet'].map(search),
  },
];

export const WORDS_COUNTED = ['pho', 'nha', 'ban', 'banh <-> mi'];
export const gatewayOrigin = `http://${LOCALHOST}:${settings.ports.gateway}`;
export const uncachedGatewayOrigin = `http://${LOCALHOST}:${settings.ports.gatewayUncached}`;
export const noAnswerCacheOrigin = `http://${LOCALHOST}:${settings.ports.gatewayNoAnswerCache}`;
export const listingsPath = (query: Record<string, string>) => `/api/listings?${new URLSearchParams(query)}`;

/** Issue 14's goals for this benchmark; the search and filter budgets are those for ≤ 100k listings, 150 ms at 1M. */
export const BROWSE_RATIO_GOAL = 0.5;
export const budgetMs = (goal: Scenario['goal']) => (settings.listings >= 1_000_000 ? 150 : goal === 'search' ? 50 : 40);
