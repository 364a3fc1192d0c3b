import { listingBody, registered, startStack, type RegisteredUser, type Stack } from '@vnmarket/testkit';

// Small allowances, so the limit + 1st request is quick to reach.
let stack: Stack<'auth' | 'listings'>;
let owner: RegisteredUser;

beforeAll(async () => {
  stack = await startStack('member-limits', {
    only: ['auth', 'listings'],
    overrides: { listings: { LISTINGS_MAX_PER_MEMBER_PER_DAY: '3', REPORTS_MAX_PER_MEMBER_PER_DAY: '2' } },
  });
  owner = await registered(stack);
});
afterAll(() => stack.stop());

function expectRefusedForTheDay(response: { status: number; body: unknown; headers: Headers }, message: string) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({ message, code: 'rate_limited' });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(23 * 3600);
  expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
}

it('LISTINGS_MAX_PER_MEMBER_PER_DAY: the 4th listing of a day is refused with 429, and nothing is stored', async () => {
  const poster = await registered(stack);
  // A refused form (400) does not use the allowance.
  expect((await poster.client.post('/api/listings', listingBody({ title: '' }))).status).toBe(400);
  for (let index = 0; index < 3; index += 1) expect((await poster.client.post('/api/listings', listingBody())).status).toBe(201);
  const refused = await poster.client.post('/api/listings', listingBody({ title: 'Một tin quá nhiều' }));
  expectRefusedForTheDay(refused, 'You have posted as many listings as allowed today. Please try again tomorrow.');
  expect((await poster.client.get('/api/users/listings')).body).toHaveLength(3);
  // Editing goes on, and another member's allowance is their own.
  const [first] = (await poster.client.get('/api/users/listings')).body as { id: string }[];
  expect((await poster.client.patch(`/api/listings/${first!.id}`, { isActive: false })).status).toBe(200);
  expect((await owner.client.post('/api/listings', listingBody())).status).toBe(201);
});

it('REPORTS_MAX_PER_MEMBER_PER_DAY: the 3rd report of a day is refused with 429; a report not filed does not count', async () => {
  const reporter = await registered(stack);
  const seller = await registered(stack);
  const listings = [];
  for (let index = 0; index < 3; index += 1) listings.push((await seller.client.post('/api/listings', listingBody())).body as { id: string });
  const report = (listingId: string) => reporter.client.post('/api/reports', { listingId, reason: 'spam' });
  expect((await report(listings[0]!.id)).status).toBe(201);
  // Twice the same listing: 409, and the allowance is given back.
  expect((await report(listings[0]!.id)).status).toBe(409);
  expect((await report(listings[1]!.id)).status).toBe(201);
  const refused = await report(listings[2]!.id);
  expectRefusedForTheDay(refused, 'You have sent as many reports as allowed today. Please try again tomorrow.');
  expect(await stack.listings.infrastructure.db('reports').where({ reporter_id: reporter.user.id })).toHaveLength(2);
});
