import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { MAX_SAVED_SEARCHES_PER_MEMBER } from '@vnmarket/proto';
import { eventsInMessage } from '@vnmarket/shared';
import { listingBody, registered, startStack, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';

let stack: Stack<'auth' | 'listings'>;
let connection: amqp.ChannelModel;
let member: RegisteredUser;
let other: RegisteredUser;
const matched: { at: number; data: Record<string, string | null> }[] = [];

beforeAll(async () => {
  stack = await startStack('saved-searches', { only: ['auth', 'listings'] });
  member = await registered(stack);
  other = await registered(stack);
  connection = await amqp.connect(stack.listings.config.AMQP_URL);
  const channel = await connection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true });
  await channel.bindQueue(queue, stack.listings.config.EVENTS_EXCHANGE, 'saved_search.matched');
  await channel.consume(
    queue,
    (message) => {
      if (message) for (const { event } of eventsInMessage(message)) matched.push({ at: Date.now(), data: event.data as Record<string, string | null> });
    },
    { noAck: true },
  );
});
afterAll(async () => {
  await connection.close();
  await stack.stop();
});

const save = (who: RegisteredUser, name: string, filters: Record<string, unknown>) => who.client.post('/api/saved-searches', { name, filters });
/** The events for a listing, to the members given (earlier tests' searches may match it too). */
const matchesFor = (listingId: string, members: RegisteredUser[]) =>
  matched.filter((event) => event.data.listingId === listingId && members.some((one) => one.user.id === event.data.userId));

/**
 * Resolves once every saved_search.matched a listing raises has reached this test's queue: the service has
 * applied the listing's listing.created (its processed_events row, written in the transaction that wrote
 * those events to the outbox), and as many of them as the outbox holds have arrived.
 */
async function allMatchesArrived(listingId: string): Promise<void> {
  const db = stack.listings.infrastructure.db;
  const eventsAbout = (type: string, field: 'id' | 'listingId') =>
    db('outbox_events').where({ type }).whereRaw(`envelope->'data'->>'${field}' = ?`, [listingId]);
  await eventually(async () => {
    const created = await eventsAbout('listing.created', 'id').first('id');
    expect(created).toBeDefined();
    expect(await db('processed_events').where({ event_id: created.id })).toHaveLength(1);
    const raised = await eventsAbout('saved_search.matched', 'listingId').select('id');
    expect(matched.filter((event) => event.data.listingId === listingId).length).toBeGreaterThanOrEqual(raised.length);
  });
}

describe('POST, GET and DELETE /api/saved-searches', () => {
  it('saves the filters as the listings query reads them, lists newest first, deletes', async () => {
    const saver = await registered(stack);
    const first = await save(saver, 'Nhà San Jose', {
      category: 'rent',
      minPrice: '1000',
      maxPrice: '2500',
      bedrooms: '2',
      near: 'San Jose',
      limit: '20',
      page: 3,
    });
    expect(first.status).toBe(201);
    // Numbers as numbers, the page (limit) and unknown names dropped.
    expect(first.body).toMatchObject({ name: 'Nhà San Jose', filters: { category: 'rent', minPrice: 1000, maxPrice: 2500, bedrooms: 2, near: 'San Jose' } });
    expect(Object.keys(first.body.filters).sort()).toEqual(['bedrooms', 'category', 'maxPrice', 'minPrice', 'near']);
    const second = await save(saver, '  Phở  ', { category: 'food', search: 'phở bò', foodType: 'vietnamese' });
    expect(second.status).toBe(201);
    expect(second.body.name).toBe('Phở');

    const listed = await saver.client.get('/api/saved-searches');
    expect(listed.status).toBe(200);
    expect(listed.body.map((search: { id: string }) => search.id)).toEqual([second.body.id, first.body.id]);

    expect((await saver.client.request('DELETE', `/api/saved-searches/${first.body.id}`)).status).toBe(204);
    expect((await saver.client.request('DELETE', `/api/saved-searches/${first.body.id}`)).status).toBe(404);
    expect((await saver.client.get('/api/saved-searches')).body.map((search: { id: string }) => search.id)).toEqual([second.body.id]);
  });

  it("answers 404 for another member's search and keeps it", async () => {
    const mine = (await save(member, 'Của tôi', { category: 'sale', search: 'tủ lạnh' })).body;
    const attempt = await other.client.request('DELETE', `/api/saved-searches/${mine.id}`);
    expect(attempt.status).toBe(404);
    expect(attempt.body).toEqual({ message: 'Saved search not found', code: 'not_found' });
    expect((await member.client.get('/api/saved-searches')).body.map((search: { id: string }) => search.id)).toContain(mine.id);
    expect((await other.client.get('/api/saved-searches')).body).toEqual([]);
  });

  it('refuses bad names and filters with a 400 that saves nothing', async () => {
    const saver = await registered(stack);
    const cases: [unknown, string][] = [
      [{ filters: { category: 'rent' } }, 'Name is required'],
      [{ name: '   ', filters: {} }, 'Name is required'],
      [{ name: 'x'.repeat(81), filters: {} }, 'Name must be at most 80 characters'],
      [{ name: 'Nhà', filters: 'category=rent' }, 'Filters must be an object of the listing filters'],
      [{ name: 'Nhà', filters: ['rent'] }, 'Filters must be an object of the listing filters'],
      [{ name: 'Nhà', filters: { category: 'boats' } }, 'Unknown category'],
      [{ name: 'Nhà', filters: { minPrice: '-5' } }, 'Minimum price cannot be negative'],
      [{ name: 'Nhà', filters: { search: '!!! ???' } }, 'Search must have a word or number in it'],
    ];
    for (const [body, message] of cases) {
      const response = await saver.client.post('/api/saved-searches', body);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await saver.client.get('/api/saved-searches')).body).toEqual([]);
    expect((await stack.client().get('/api/saved-searches')).status).toBe(401);
    expect((await stack.client().post('/api/saved-searches', { name: 'Nhà', filters: {} })).status).toBe(401);
    expect((await saver.client.request('DELETE', '/api/saved-searches/not-an-id')).status).toBe(404);
  });

  it('refuses the same filter set twice, and more than the allowance', async () => {
    const saver = await registered(stack);
    expect((await save(saver, 'Một', { category: 'jobs', remote: 'true' })).status).toBe(201);
    const again = await save(saver, 'Hai', { remote: true, category: 'jobs' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'You have already saved this search', code: 'saved_search_exists' });

    const db = stack.listings.infrastructure.db;
    await db('saved_searches').insert(
      Array.from({ length: MAX_SAVED_SEARCHES_PER_MEMBER - 1 }, (_, index) => ({
        user_id: saver.user.id,
        name: `S${index}`,
        filters: JSON.stringify({ minPrice: index }),
      })),
    );
    const attempts = await Promise.all([1, 2, 3].map((index) => save(saver, 'Thêm', { maxPrice: index })));
    for (const response of attempts) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('too_many_saved_searches');
    }
    expect((await saver.client.get('/api/saved-searches')).body).toHaveLength(MAX_SAVED_SEARCHES_PER_MEMBER);
  });

  it("goes with a deleted member's account", async () => {
    const leaving = await registered(stack);
    expect((await save(leaving, 'Tạm', { category: 'event' })).status).toBe(201);
    expect((await leaving.client.request('DELETE', '/api/users/profile', { json: { password: leaving.password } })).status).toBeLessThan(300);
    await eventually(async () => expect(await stack.listings.infrastructure.db('saved_searches').where({ user_id: leaving.user.id })).toEqual([]));
  });
});

describe('a new listing raises saved_search.matched', () => {
  it('for every member whose search it matches, within 5 s, never for its seller nor for a non-match', async () => {
    const [buyer, alsoBuyer, seller] = [await registered(stack), await registered(stack), await registered(stack)];
    const filters = { category: 'rent', maxPrice: '2000', near: 'San Jose', search: 'phòng' };
    const saved = (await save(buyer, 'Phòng San Jose', filters)).body;
    // Two of one member's searches match: one event for them.
    await save(alsoBuyer, 'Phòng rẻ', { category: 'rent', maxPrice: 3000 });
    await save(alsoBuyer, 'Milpitas', { location: 'milpitas' });
    // The seller's own search matches their listing: never an event for them.
    await save(seller, 'Của mình', filters);

    const tooDear = (await seller.client.post('/api/listings', listingBody({ title: 'Phòng đẹp', price: '2600', location: 'Milpitas, CA' }))).body;
    const posted = Date.now();
    const match = (await seller.client.post('/api/listings', listingBody({ title: 'Phòng gần chợ', price: '1500', location: 'Milpitas, CA', images: [] })))
      .body;

    await eventually(async () =>
      expect(
        matchesFor(match.id, [buyer, alsoBuyer, seller])
          .map((event) => event.data.userId)
          .sort(),
      ).toEqual([buyer.user.id, alsoBuyer.user.id].sort()),
    );
    const mine = matchesFor(match.id, [buyer, alsoBuyer, seller]).find((event) => event.data.userId === buyer.user.id)!;
    expect(mine.at - posted).toBeLessThan(5000);
    expect(mine.data).toEqual({
      userId: buyer.user.id,
      savedSearchId: saved.id,
      savedSearchName: 'Phòng San Jose',
      listingId: match.id,
      listingTitle: 'Phòng gần chợ',
      listingPrice: '1500.00',
      listingImage: null,
    });
    // The dearer listing (posted first) matched only the member whose searches allow its price.
    await allMatchesArrived(tooDear.id);
    expect(matchesFor(tooDear.id, [buyer, alsoBuyer, seller]).map((event) => event.data.userId)).toEqual([alsoBuyer.user.id]);
    expect(matched.filter((event) => event.data.userId === seller.user.id)).toEqual([]);
  });

  it('not for a deleted saved search', async () => {
    const [buyer, seller] = [await registered(stack), await registered(stack)];
    const saved = (await save(buyer, 'Bánh mì', { category: 'food', search: 'bánh mì' })).body;
    await buyer.client.request('DELETE', `/api/saved-searches/${saved.id}`);
    const keep = (await save(buyer, 'Đồ ăn', { category: 'food', search: 'chè' })).body;
    const food = { category: 'food', priceType: 'fixed', metadata: { cuisineType: 'vietnamese' } };
    const banhMi = (await seller.client.post('/api/listings', listingBody({ ...food, title: 'Bánh mì thịt nướng' }))).body;
    const che = (await seller.client.post('/api/listings', listingBody({ ...food, title: 'Chè ba màu' }))).body;
    await eventually(async () => expect(matchesFor(che.id, [buyer]).map((event) => event.data.savedSearchId)).toEqual([keep.id]));
    await allMatchesArrived(banhMi.id);
    expect(matchesFor(banhMi.id, [buyer])).toEqual([]);
  });
});

it('answers 404 for an unknown saved search id', async () => {
  expect((await member.client.request('DELETE', `/api/saved-searches/${randomUUID()}`)).status).toBe(404);
});
