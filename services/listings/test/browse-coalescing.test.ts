import { eventually, listingBody, registered, startStack, type Stack, TestClient } from '@vnmarket/testkit';

// The production setting (testkit turns coalescing off for tests that read right after they write).
const COALESCE_MS = 500;
let stack: Stack<'auth' | 'listings'>;

beforeAll(async () => {
  stack = await startStack('browse-coalescing', { only: ['auth', 'listings'], overrides: { listings: { BROWSE_CACHE_COALESCE_MS: String(COALESCE_MS) } } });
});
afterAll(() => stack.stop());

/**
 * A new member, once their user.registered has reached the browse cache and been checked against the read
 * copy (they have no listings yet: nothing to empty). Sent after every event the broker already had, it
 * reaches the cache after them: waiting for it waits for those too.
 */
async function registeredAndChecked() {
  const cache = stack.listings.service.browseCache;
  const checked = cache.deferred.started;
  const member = await registered(stack);
  await eventually(async () => expect([cache.deferred.started > checked, cache.deferred.running]).toEqual([true, 0]));
  return member;
}

it('50 listing writes in a burst empty the browse cache a few times, not 100; a read after the burst sees the last write', async () => {
  const cache = stack.listings.service.browseCache;
  const seller = await registeredAndChecked();
  const tag = `Burstville${Date.now()}`;
  const emptiedBefore = cache.invalidations;
  const listing = (await seller.client.post('/api/listings', listingBody({ location: `${tag}, CA` }))).body as { id: string };
  // Straight to the service: the gateway's own answer cache is not what is measured here.
  const direct = new TestClient(stack.listings.url);
  const browse = async () => ((await direct.get(`/api/listings?location=${tag}`)).body as { title: string }[]).map((item) => item.title);
  // The creation's own emptyings pass (the write's at once, its event's within COALESCE_MS of it), then the page is cached.
  await eventually(async () => expect(cache.invalidations).toBe(emptiedBefore + 2));
  expect(await browse()).toHaveLength(1);
  const before = cache.invalidations;

  const started = Date.now();
  let lastTitle = '';
  for (let batch = 0; batch < 5; batch += 1) {
    // Ten at a time, as a script would send them; each browse between them keeps the cache in use.
    const titles = Array.from({ length: 10 }, (_, index) => `Burst ${batch * 10 + index}`);
    await Promise.all(
      titles.map((title) => seller.client.request('PUT', `/api/listings/${listing.id}`, { json: listingBody({ title, location: `${tag}, CA` }) })),
    );
    await browse();
    lastTitle = ((await seller.client.get(`/api/listings/${listing.id}`)).body as { title: string }).title;
  }
  const burstMs = Date.now() - started;
  const finished = Date.now();
  // The last write shows within the coalescing bound (and a little for its event), never later.
  let seen = await browse();
  while (seen[0] !== lastTitle && Date.now() - finished < 3000) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    seen = await browse();
  }
  expect(seen).toEqual([lastTitle]);
  expect(Date.now() - finished).toBeLessThan(COALESCE_MS + 500);
  // Their 50 listing.updated events arrive too. Once the outbox has sent them all, a user event sent after them
  // reaches the cache after them: each has then been handled, and an emptying they still owe is the one
  // COALESCE_MS after the burst that the bound below allows for.
  const unsent = () => stack.listings.infrastructure.db('outbox_events').whereNull('published_at').select('id');
  await eventually(async () => expect(await unsent()).toEqual([]));
  await registeredAndChecked();
  const emptyings = cache.invalidations - before;
  // At most about two per COALESCE_MS of the burst and after it, whatever the number of writes (50 local + 50 events).
  expect(emptyings).toBeGreaterThanOrEqual(1);
  expect(emptyings).toBeLessThanOrEqual(2 * Math.ceil((burstMs + 2 * COALESCE_MS) / COALESCE_MS));
  expect(emptyings).toBeLessThan(20);
  console.log(`browse cache: 50 writes in ${burstMs} ms emptied it ${emptyings} times (coalescing ${COALESCE_MS} ms)`);
});
