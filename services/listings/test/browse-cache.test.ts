import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { buildEvent } from '@vnmarket/proto';
import {
  startGateway,
  startListings,
  listingBody,
  registered,
  startStack,
  type RunningListings,
  type Stack,
  eventually,
  withRecordedStatements,
} from '@vnmarket/testkit';
import { metricsRegistry } from '@vnmarket/shared';
import { BrowseCache, cachedPage, cacheKeyOf } from '../src/search/browse-cache';
import { SellerCopyWatch } from '../src/events/seller-copy-watch';

/** A GET as a browser revalidating its cache sends it (fetch would add Cache-Control: no-cache to a conditional request). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The gateway answer cache's hits for listings, in this process (every gateway here counts into it). */
async function answerCacheHits(): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric('gateway_answer_cache_total')!.get();
  return metric.values.find((value) => value.labels.service === 'listings' && value.labels.result === 'hit')?.value ?? 0;
}

/** Long enough that only an event (or a local write) can make a replica show a change within the test. */
const LONG_TTL = { BROWSE_CACHE_TTL_MS: '60000' };

describe('browse cache on every replica', () => {
  let stack: Stack<'auth' | 'listings'>;
  let second: RunningListings;

  beforeAll(async () => {
    stack = await startStack('browse-cache', { only: ['auth', 'listings'], overrides: { listings: LONG_TTL } });
    second = await startListings('browse-cache-2', LONG_TTL, stack.environment);
  });
  afterAll(async () => {
    await second?.stop();
    await stack?.stop();
  });

  const replicas = () => [stack.listings, second];
  const browse = async (replica: RunningListings, query: string) => {
    const response = await replica.client().get(`/api/listings?${query}`);
    expect(response.status).toBe(200);
    return response.body as { id: string; title: string; user?: { firstName: string } }[];
  };
  /**
   * A new seller, once every replica has acted on their user.registered (the cache waits for the read copy, then
   * empties itself if the seller has listings): a test that counts emptyings or relies on a page staying cached
   * must not have that land in the middle.
   */
  const settledSeller = async () => {
    const started = replicas().map((replica) => replica.service.browseCache.deferred.started);
    const seller = await registered(stack);
    await eventually(async () => {
      for (const [index, replica] of replicas().entries()) {
        expect(replica.service.browseCache.deferred.started).toBeGreaterThan(started[index]!);
        expect(replica.service.browseCache.deferred.running).toBe(0);
      }
    });
    return seller;
  };
  /** Polls a replica until `check` holds; returns how long that took. Fails after 1 s: the promise is 1 s. */
  const within1s = async (check: () => Promise<boolean>) => {
    const started = Date.now();
    while (!(await check())) {
      if (Date.now() - started > 1000) throw new Error('still stale after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return Date.now() - started;
  };

  it('serves a cached page until told otherwise (a change behind the service, without an event, does not show)', async () => {
    const seller = await settledSeller();
    const before = replicas().map((replica) => replica.service.browseCache.invalidations);
    const created = (await seller.client.post('/api/listings', listingBody({ title: 'Cached tủ lạnh', location: 'Cachetown, CA' }))).body;
    // The listing.created event empties both caches when it arrives: wait for it, or it could empty the page read next.
    await eventually(async () => expect(replicas().map((replica) => replica.service.browseCache.invalidations)).toEqual([before[0]! + 2, before[1]! + 1]));
    const query = 'location=Cachetown';
    for (const replica of replicas()) expect((await browse(replica, query)).map((listing) => listing.title)).toEqual(['Cached tủ lạnh']);
    await stack.listings.infrastructure.db('listings').where({ id: created.id }).update({ title: 'Changed behind its back' });
    for (const replica of replicas()) expect((await browse(replica, query)).map((listing) => listing.title)).toEqual(['Cached tủ lạnh']);
    for (const replica of replicas()) replica.service.browseCache.invalidate();
    for (const replica of replicas()) expect((await browse(replica, query)).map((listing) => listing.title)).toEqual(['Changed behind its back']);
  });

  it('shows an edit, a deactivation and a delete on the other replica within 1 s, and at once on the one written to', async () => {
    const seller = await settledSeller();
    const town = `Replicatown${Date.now()}`;
    const query = `location=${town}`;
    const created = (await seller.client.post('/api/listings', listingBody({ title: 'Bàn ghế gỗ', location: `${town}, CA` }))).body;
    const titlesOn = async (replica: RunningListings) => (await browse(replica, query)).map((listing) => listing.title);
    for (const replica of replicas()) await within1s(async () => (await titlesOn(replica)).includes('Bàn ghế gỗ'));

    // The gateway sends the writes to the first replica; the second hears of them by event.
    await seller.client.request('PUT', `/api/listings/${created.id}`, { json: listingBody({ title: 'Bàn ghế gỗ, giảm giá', location: `${town}, CA` }) });
    expect(await titlesOn(stack.listings)).toEqual(['Bàn ghế gỗ, giảm giá']);
    await within1s(async () => (await titlesOn(second)).includes('Bàn ghế gỗ, giảm giá'));

    await seller.client.patch(`/api/listings/${created.id}`, { isActive: false });
    expect(await titlesOn(stack.listings)).toEqual([]);
    await within1s(async () => (await titlesOn(second)).length === 0);

    await seller.client.patch(`/api/listings/${created.id}`, { isActive: true });
    for (const replica of replicas()) await within1s(async () => (await titlesOn(replica)).length === 1);
    await seller.client.request('DELETE', `/api/listings/${created.id}`);
    expect(await titlesOn(stack.listings)).toEqual([]);
    await within1s(async () => (await titlesOn(second)).length === 0);
  });

  it('through two gateways (each keeps answers for 500 ms): an edit shows at once through the one it went through, within 1 s through the other', async () => {
    // Gateway B in front of the second replica, as another pod would be; the stack's gateway is A. Both keep
    // answers for the default 500 ms.
    const serverB = await startGateway({ auth: stack.auth.url, listings: second.url });
    try {
      const seller = await settledSeller();
      const town = `Gatewaytown${Date.now()}`;
      const created = (await seller.client.post('/api/listings', listingBody({ title: 'Xe đạp trẻ em', location: `${town}, CA` }))).body;
      const titlesThrough = async (gatewayUrl: string) => {
        const response = await rawGet(`${gatewayUrl}/api/listings?location=${town}`, {});
        expect(response.status).toBe(200);
        expect(response.headers['gateway-cache-control']).toBeUndefined();
        return (JSON.parse(response.body.toString()) as { title: string }[]).map((listing) => listing.title);
      };
      for (const gatewayUrl of [stack.gatewayUrl, serverB.url]) await within1s(async () => (await titlesThrough(gatewayUrl)).includes('Xe đạp trẻ em'));
      const hitsBefore = await answerCacheHits();
      expect(await titlesThrough(serverB.url)).toEqual(['Xe đạp trẻ em']);
      expect(await answerCacheHits()).toBeGreaterThan(hitsBefore);

      await seller.client.request('PUT', `/api/listings/${created.id}`, { json: listingBody({ title: 'Xe đạp trẻ em, như mới', location: `${town}, CA` }) });
      expect(await titlesThrough(stack.gatewayUrl)).toEqual(['Xe đạp trẻ em, như mới']);
      await within1s(async () => (await titlesThrough(serverB.url)).includes('Xe đạp trẻ em, như mới'));

      await seller.client.patch(`/api/listings/${created.id}`, { isActive: false });
      expect(await titlesThrough(stack.gatewayUrl)).toEqual([]);
      await within1s(async () => (await titlesThrough(serverB.url)).length === 0);

      await seller.client.patch(`/api/listings/${created.id}`, { isActive: true });
      for (const gatewayUrl of [stack.gatewayUrl, serverB.url]) await within1s(async () => (await titlesThrough(gatewayUrl)).length === 1);
      await seller.client.request('DELETE', `/api/listings/${created.id}`);
      expect(await titlesThrough(stack.gatewayUrl)).toEqual([]);
      await within1s(async () => (await titlesThrough(serverB.url)).length === 0);
    } finally {
      await serverB.stop();
    }
  });

  it('shows a seller on a page cached before their read copy arrived, once it arrives (user events wait for the copy)', async () => {
    const seller = await settledSeller();
    const town = `Lateseller${Date.now()}`;
    await seller.client.post('/api/listings', listingBody({ location: `${town}, CA` }));
    const db = stack.listings.infrastructure.db;
    const copy = await db('sellers').where({ id: seller.user.id }).first();
    // As if user.registered had not been copied yet when the listing was first browsed.
    await db('sellers').where({ id: seller.user.id }).del();
    for (const replica of replicas()) replica.service.browseCache.invalidate();
    for (const replica of replicas()) expect((await browse(replica, `location=${town}`))[0]!.user).toBeUndefined();

    const registeredEvent = buildEvent(
      'user.registered',
      {
        id: copy.id,
        firstName: copy.first_name,
        lastName: copy.last_name,
        profileImageUrl: copy.profile_image_url,
        phone: copy.phone,
        email: null,
        phoneVerified: copy.phone_verified,
        isVerified: copy.is_verified,
        averageRating: Number(copy.average_rating),
        reviewCount: copy.review_count,
        createdAt: copy.member_since.toISOString(),
        updatedAt: copy.updated_at.toISOString(),
        version: copy.version,
      },
      randomUUID(),
      new Date(),
    );
    await stack.listings.infrastructure.bus.publish(registeredEvent);
    for (const replica of replicas()) await within1s(async () => (await browse(replica, `location=${town}`))[0]!.user?.firstName === copy.first_name);
  });

  it('checks a burst of user events with one query a tick, not one per event', async () => {
    const seller = await settledSeller();
    await seller.client.post('/api/listings', listingBody());
    const db = stack.listings.infrastructure.db;
    const watch = new SellerCopyWatch(db, { pollMs: 20, maxWaitMs: 400 });
    await withRecordedStatements(db, async (statements) => {
      const sellerQueries = () => statements.filter((sql) => /from "sellers"/.test(sql)).length;
      const started = Date.now();
      // 50 users whose change never reaches the copy, and one whose copy is there.
      const never = Array.from({ length: 50 }, () => watch.shownOnceCopied(randomUUID(), 1));
      const copied = watch.shownOnceCopied(seller.user.id, 0);
      expect(await copied).toBe(true);
      expect(Date.now() - started).toBeLessThan(300);
      expect(await Promise.all(never)).toEqual(Array(50).fill(false));
      // About 400 / 20 ticks, each one query for all of them (50 × 20 if each polled on its own).
      expect(sellerQueries()).toBeLessThan(40);
    });
  });

  it('stops asking the database once closed (the service stopping): its waiters are refused at once, and so is a new one', async () => {
    const db = stack.listings.infrastructure.db;
    const watch = new SellerCopyWatch(db, { pollMs: 20, maxWaitMs: 10_000 });
    // A watch left open beside it, waiting for two users (so its query names two ids): the ticks it makes
    // measure the time in which the closed one would have asked again.
    const open = new SellerCopyWatch(db, { pollMs: 20, maxWaitMs: 10_000 });
    await withRecordedStatements(db, async (statements) => {
      // The queries of a watch waiting for `ids` users: one parameter an id.
      const sellerQueries = (ids: number) => statements.filter((sql) => /from "sellers"/.test(sql) && sql.match(/\$\d+|\?/g)?.length === ids).length;
      const waiting = watch.shownOnceCopied(randomUUID(), 1);
      await eventually(async () => expect(sellerQueries(1)).toBeGreaterThan(0));
      watch.close();
      await expect(waiting).rejects.toThrow('closed');
      await expect(watch.shownOnceCopied(randomUUID(), 1)).rejects.toThrow('closed');
      const afterClose = sellerQueries(1);
      const openWaiting = [open.shownOnceCopied(randomUUID(), 1), open.shownOnceCopied(randomUUID(), 1)];
      await eventually(async () => expect(sellerQueries(2)).toBeGreaterThanOrEqual(10));
      open.close();
      await Promise.allSettled(openWaiting);
      // At most the tick that was in flight when it closed.
      expect(sellerQueries(1) - afterClose).toBeLessThanOrEqual(1);
    });
  });

  it('answers 304 to an unchanged page and a new ETag once the page changed', async () => {
    const seller = await settledSeller();
    const town = `Etagtown${Date.now()}`;
    await seller.client.post('/api/listings', listingBody({ location: `${town}, CA` }));
    const client = stack.client();
    const first = await client.get(`/api/listings?location=${town}`);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('x-total-count')).toBe('1');
    const url = `${stack.gatewayUrl}/api/listings?location=${town}`;
    const unchanged = await rawGet(url, { 'if-none-match': etag });
    expect(unchanged.status).toBe(304);
    expect(unchanged.body).toHaveLength(0);
    await seller.client.post('/api/listings', listingBody({ location: `${town}, CA` }));
    const changed = await rawGet(url, { 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(JSON.parse(changed.body.toString())).toHaveLength(2);
    expect(changed.headers['x-total-count']).toBe('2');
  });

  it('sends the cached page brotli-compressed to a client that accepts it, the same listings inside', async () => {
    const seller = await settledSeller();
    const town = `Brotown${Date.now()}`;
    for (let index = 0; index < 3; index += 1) await seller.client.post('/api/listings', listingBody({ location: `${town}, CA` }));
    const plain = (await stack.listings.client().get(`/api/listings?location=${town}`)).body;
    const raw = await rawGet(`${stack.gatewayUrl}/api/listings?location=${town}`, { 'accept-encoding': 'br, gzip' });
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(raw.body).toString())).toEqual(plain);
  });
});

describe('BrowseCache', () => {
  const page = (json: string) => cachedPage(json, '1');

  it('serves a page for its time, then once more while it reloads it, and waits for a reload past twice its time', async () => {
    let now = 0;
    const cache = new BrowseCache({ ttlMs: 1000, maxBytes: 1 << 20, now: () => now });
    let loads = 0;
    const load = async () => page(`[${++loads}]`);
    expect((await cache.get('k', load)).body.toString()).toBe('[1]');
    now = 999;
    expect((await cache.get('k', load)).body.toString()).toBe('[1]');
    now = 1000;
    expect((await cache.get('k', load)).body.toString()).toBe('[1]'); // stale, a reload started
    await new Promise((resolve) => setImmediate(resolve));
    expect((await cache.get('k', load)).body.toString()).toBe('[2]');
    expect(loads).toBe(2);
    now = 1000 + 2000;
    expect((await cache.get('k', load)).body.toString()).toBe('[3]'); // too old to serve: waited for
  });

  it('keeps a page that was dear to compute fresh for ten times what it cost', async () => {
    let now = 0;
    const cache = new BrowseCache({ ttlMs: 500, maxBytes: 1 << 20, now: () => now });
    let loads = 0;
    const dear = async () => {
      now += 200; // the query took 200 ms: fresh for 2 s
      return page(`[${++loads}]`);
    };
    await cache.get('k', dear);
    now += 1900;
    expect((await cache.get('k', dear)).body.toString()).toBe('[1]');
    expect(loads).toBe(1);
    now += 200;
    await cache.get('k', dear); // past 2 s: served once more while it reloads
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
  });

  it('runs one query for concurrent misses of the same page', async () => {
    const cache = new BrowseCache({ ttlMs: 1000, maxBytes: 1 << 20, now: () => 0 });
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page('[]');
    };
    await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(loads).toBe(1);
  });

  it('does not keep a page whose query started before an invalidation', async () => {
    const cache = new BrowseCache({ ttlMs: 1000, maxBytes: 1 << 20, now: () => 0 });
    let release!: () => void;
    const slow = cache.get('k', () => new Promise((resolve) => (release = () => resolve(page('["old"]')))));
    cache.invalidate();
    release();
    expect((await slow).body.toString()).toBe('["old"]');
    expect((await cache.get('k', async () => page('["new"]'))).body.toString()).toBe('["new"]');
  });

  it('evicts the least recently used pages past its memory bound', async () => {
    const cache = new BrowseCache({ ttlMs: 1000, maxBytes: 100, now: () => 0 });
    const body = 'x'.repeat(40);
    await cache.get('a', async () => page(body));
    await cache.get('b', async () => page(body));
    await cache.get('a', async () => page('unused'));
    await cache.get('c', async () => page(body));
    expect((await cache.get('a', async () => page('reloaded'))).body.toString()).toBe(body);
    expect((await cache.get('b', async () => page('reloaded'))).body.toString()).toBe('reloaded');
  });

  it('is off with a time limit of 0', async () => {
    const cache = new BrowseCache({ ttlMs: 0, maxBytes: 1 << 20, now: () => 0 });
    let loads = 0;
    await cache.get('k', async () => page(`[${++loads}]`));
    await cache.get('k', async () => page(`[${++loads}]`));
    expect(loads).toBe(2);
  });

  it('keys a query the same whatever the order of its parameters', () => {
    expect(cacheKeyOf({ search: 'pho', limit: 20, category: undefined })).toBe(cacheKeyOf({ limit: 20, search: 'pho' }));
    expect(cacheKeyOf({ search: 'pho' })).not.toBe(cacheKeyOf({ search: 'phở' }));
  });
});
