import { listingQuery, type SavedSearchFilters } from '@vnmarket/proto';
import { listingBody, registered, startStack, verifiedPhone, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';
import { saveSearch } from '../src/db/saved-searches';
import { MATCH_TESTS } from '../src/saved-searches/match-tests';
import { matchingSearches } from '../src/saved-searches/matcher';
import { necessaryWords, savedSearchKeys } from '../src/saved-searches/search-keys';

/**
 * The matcher filter by filter: each case saves one search, posts one listing and asks whether it matches,
 * beside what GET /api/listings answers for the same filters (the matcher turns the catalogue's rules around,
 * so the two must agree). A new filter of the listings query gets its cases here.
 */
let stack: Stack<'auth' | 'listings'>;
let seller: RegisteredUser;
let verifiedSeller: RegisteredUser;

beforeAll(async () => {
  stack = await startStack('saved-search-matching', { only: ['auth', 'listings'], overrides: { listings: { LISTINGS_MAX_PER_MEMBER_PER_DAY: '1000' } } });
  [seller, verifiedSeller] = [await registered(stack), await registered(stack)];
  await verifiedPhone(stack.auth, verifiedSeller);
  await eventually(async () =>
    expect(await stack.listings.infrastructure.db('sellers').where({ id: verifiedSeller.user.id, phone_verified: true })).toHaveLength(1),
  );
});
afterAll(() => stack.stop());

interface Case {
  name: string;
  filters: Record<string, unknown>;
  listing: Record<string, unknown>;
  matches: boolean;
  /** Posted by a seller whose phone is verified. */
  byVerifiedSeller?: boolean;
}

const room = (overrides: Record<string, unknown> = {}) => listingBody({ title: 'Phòng cho thuê gần chợ', ...overrides });
const food = (overrides: Record<string, unknown> = {}) =>
  listingBody({
    category: 'food',
    priceType: 'fixed',
    title: 'Phở bò tái',
    price: '15',
    metadata: { cuisineType: 'vietnamese', dietaryInfo: ['halal'] },
    ...overrides,
  });
const job = (overrides: Record<string, unknown> = {}) =>
  listingBody({ category: 'jobs', priceType: 'hourly', title: 'Cần thợ nail', price: '25', metadata: { jobType: 'full-time', remote: true }, ...overrides });
const sale = (overrides: Record<string, unknown> = {}) =>
  listingBody({
    category: 'sale',
    priceType: 'fixed',
    title: 'Tủ lạnh LG',
    price: '300',
    condition: 'good',
    metadata: { itemCategory: 'appliances' },
    ...overrides,
  });

const CASES: Case[] = [
  { name: 'no filter at all', filters: {}, listing: room(), matches: true },
  { name: 'the category', filters: { category: 'rent' }, listing: room(), matches: true },
  { name: 'another category', filters: { category: 'food' }, listing: room(), matches: false },
  { name: 'price within', filters: { minPrice: 1000, maxPrice: 1250 }, listing: room(), matches: true },
  { name: 'price above the maximum', filters: { maxPrice: 1249.99 }, listing: room(), matches: false },
  { name: 'price below the minimum', filters: { minPrice: 1250.01 }, listing: room(), matches: false },
  { name: 'the condition', filters: { category: 'sale', condition: 'good' }, listing: sale(), matches: true },
  { name: 'another condition', filters: { category: 'sale', condition: 'new' }, listing: sale(), matches: false },
  { name: 'the price type', filters: { priceType: 'monthly' }, listing: room(), matches: true },
  { name: 'another price type', filters: { priceType: 'hourly' }, listing: room(), matches: false },
  { name: 'a place typed without accents', filters: { location: 'ha noi' }, listing: room({ location: 'Phố Hà Nội, San Jose' }), matches: true },
  { name: 'a place not named', filters: { location: 'oakland' }, listing: room(), matches: false },
  { name: 'within 10 miles of San Jose: Milpitas', filters: { near: 'San Jose', radius: 10 }, listing: room({ location: 'Milpitas, CA' }), matches: true },
  {
    name: 'within 10 miles of San Jose: not San Francisco',
    filters: { near: 'San Jose', radius: 10 },
    listing: room({ location: 'San Francisco, CA' }),
    matches: false,
  },
  { name: 'within 50 miles of a ZIP code', filters: { near: '95112', radius: 50 }, listing: room({ location: 'San Francisco, CA' }), matches: true },
  { name: 'a place of no known position', filters: { near: 'San Jose' }, listing: room({ location: 'Somewhere, Mars' }), matches: false },
  { name: 'bedrooms at least', filters: { bedrooms: 2 }, listing: room({ metadata: { bedrooms: 3 } }), matches: true },
  { name: 'too few bedrooms', filters: { bedrooms: 2 }, listing: room({ metadata: { bedrooms: 1 } }), matches: false },
  { name: 'a studio for 0 bedrooms', filters: { bedrooms: 0 }, listing: room({ metadata: { propertyType: 'studio' } }), matches: true },
  { name: 'bathrooms at least', filters: { bathrooms: 1.5 }, listing: room({ metadata: { bathrooms: 2 } }), matches: true },
  { name: 'too few bathrooms', filters: { bathrooms: 1.5 }, listing: room({ metadata: { bathrooms: 1 } }), matches: false },
  { name: 'the property type', filters: { propertyType: 'room' }, listing: room(), matches: true },
  { name: 'another property type', filters: { propertyType: 'house' }, listing: room(), matches: false },
  { name: 'cuisine and dietary option', filters: { foodType: 'vietnamese', dietaryOptions: 'halal' }, listing: food(), matches: true },
  { name: 'a dietary option not offered', filters: { dietaryOptions: 'vegan' }, listing: food(), matches: false },
  { name: 'a job type, remote', filters: { jobType: 'full-time', remote: 'true' }, listing: job(), matches: true },
  { name: 'remote wanted, not offered', filters: { remote: true }, listing: job({ metadata: { jobType: 'full-time' } }), matches: false },
  { name: 'the item category', filters: { itemCategory: 'appliances' }, listing: sale(), matches: true },
  { name: 'another item category', filters: { itemCategory: 'electronics' }, listing: sale(), matches: false },
  { name: 'words without accents', filters: { search: 'pho bo' }, listing: food(), matches: true },
  { name: 'a synonym', filters: { search: 'refrigerator' }, listing: sale(), matches: true },
  { name: 'the last word as a prefix', filters: { search: 'tủ lạ' }, listing: sale(), matches: true },
  { name: 'the city in the search', filters: { search: 'phòng san jose' }, listing: room(), matches: true },
  { name: 'a word not there', filters: { search: 'phở gà' }, listing: food(), matches: false },
  { name: "the seller's own listings", filters: { sellerId: 'SELLER' }, listing: room(), matches: true },
  { name: "another seller's", filters: { sellerId: '00000000-0000-4000-8000-000000000000' }, listing: room(), matches: false },
  { name: 'verified sellers only, seller unverified', filters: { verifiedSellers: 'true' }, listing: room(), matches: false },
  { name: 'verified sellers only, seller verified', filters: { verifiedSellers: 'true' }, listing: room(), matches: true, byVerifiedSeller: true },
  {
    name: 'every filter at once',
    filters: { category: 'rent', maxPrice: 1300, near: 'San Jose', bedrooms: 1, search: 'phòng', propertyType: 'room' },
    listing: room(),
    matches: true,
  },
];

describe('the words a saved search needs (its keys)', () => {
  it('takes either side of an "and" or a phrase, and every side of an "or"', () => {
    expect(necessaryWords('pho')).toEqual(['w:pho']);
    expect(necessaryWords('pho:*')).toEqual(['p:pho']);
    expect(necessaryWords('(pho | (banh <-> mi)) & bo:*')).toEqual(['p:bo']);
    expect(necessaryWords('(tu <-> lanh | refrigerator | fridge) & lg')).toEqual(['w:lg']);
    expect(necessaryWords('(tu <-> lanh | refrigerator)')).toEqual(['w:tu', 'w:refrigerator']);
  });

  it('gives no keys for what it cannot read, so the search is tested every time', () => {
    expect(necessaryWords('(pho')).toBeUndefined();
    expect(necessaryWords('phở')).toBeUndefined();
    expect(savedSearchKeys(undefined, undefined)).toEqual(['*|*']);
    expect(savedSearchKeys('food', 'phở')).toEqual(['food|p:pho']);
  });
});

/** The listings query's names that are no filter of which listings match: orders. */
const NOT_FILTERS = new Set(['sort', 'limit', 'offset']);

it('every filter of the listings query has a match test', () => {
  const tested = new Set(MATCH_TESTS.flatMap((test) => test.filters as string[]));
  expect(Object.keys(listingQuery.shape).filter((name) => !NOT_FILTERS.has(name) && !tested.has(name))).toEqual([]);
});

it('every match test has a case that matches and one that does not', () => {
  for (const test of MATCH_TESTS) {
    const cases = CASES.filter((one) => test.filters.some((name) => name in one.filters));
    expect({ filters: test.filters, outcomes: [...new Set(cases.map((one) => one.matches))].sort() }).toEqual({
      filters: test.filters,
      outcomes: [false, true],
    });
  }
});

describe.each(CASES)('$name', ({ filters, listing, matches, byVerifiedSeller }) => {
  it(matches ? 'matches, as the catalogue finds it' : 'does not match, as the catalogue leaves it out', async () => {
    const searcher = await registered(stack);
    const poster = byVerifiedSeller ? verifiedSeller : seller;
    const given = Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, value === 'SELLER' ? poster.user.id : value]));
    const parsed = listingQuery.omit({ limit: true, offset: true }).parse(given) as SavedSearchFilters;
    const outcome = await saveSearch(stack.listings.infrastructure.db, searcher.user.id, 'case', parsed);
    expect('saved' in outcome).toBe(true);
    const created = await poster.client.post('/api/listings', listing);
    expect(created.status).toBe(201);

    const found = await matchingSearches(stack.listings.infrastructure.db, created.body.id);
    expect(found.some((match) => match.userId === searcher.user.id)).toBe(matches);
    const catalogue = await poster.client.get(`/api/listings?${new URLSearchParams({ sellerId: poster.user.id, ...stringified(given), limit: '100' })}`);
    expect((catalogue.body as { id: string }[]).some((shown) => shown.id === created.body.id)).toBe(matches);
  });
});

const stringified = (filters: Record<string, unknown>) => Object.fromEntries(Object.entries(filters).map(([name, value]) => [name, String(value)]));
