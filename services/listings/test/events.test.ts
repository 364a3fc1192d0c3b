import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent } from '@vnmarket/proto';
import { eventsInMessage } from '@vnmarket/shared';
import { listingBody, registered, startStack, type Stack, eventually } from '@vnmarket/testkit';

let stack: Stack<'auth' | 'listings'>;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;
const received: { type: string; data: any }[] = [];

beforeAll(async () => {
  stack = await startStack('listings-events', { only: ['auth', 'listings'] });
  connection = await amqp.connect(stack.listings.config.AMQP_URL);
  channel = await connection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const type of ['listing.created', 'listing.updated', 'listing.deleted']) await channel.bindQueue(queue, stack.listings.config.EVENTS_EXCHANGE, type);
  await channel.consume(queue, (message) => message && received.push(...eventsInMessage(message).map(({ event }) => event)), { noAck: true });
});
afterAll(async () => {
  await connection.close();
  await stack.stop();
});

const eventsOf = (id: string) => received.filter((event) => event.data.id === id).map((event) => event.type);

it('publishes listing.created, listing.updated and listing.deleted through the outbox', async () => {
  const seller = await registered(stack);
  const listing = (await seller.client.post('/api/listings', listingBody({ price: '1500' }))).body;
  await seller.client.request('PUT', `/api/listings/${listing.id}`, { json: listingBody({ title: 'Đã đổi tên' }) });
  await seller.client.patch(`/api/listings/${listing.id}`, { isActive: false });
  await seller.client.request('DELETE', `/api/listings/${listing.id}`);
  await eventually(async () => expect(eventsOf(listing.id)).toEqual(['listing.created', 'listing.updated', 'listing.updated', 'listing.deleted']));
  const created = received.find((event) => event.type === 'listing.created' && event.data.id === listing.id)!;
  expect(created.data).toMatchObject({ userId: seller.user.id, price: '1500.00', isActive: true, category: 'rent' });
});

it('keeps the seller read copy current from user.updated', async () => {
  const seller = await registered(stack);
  const listing = (await seller.client.post('/api/listings', listingBody())).body;
  const photo = `/objects/images/${seller.user.id}/${randomUUID()}.webp`;
  await seller.client.patch('/api/users/profile', { firstName: 'Hương', profileImageUrl: photo });
  await eventually(async () => {
    const shown = await seller.client.get(`/api/listings/${listing.id}`);
    expect(shown.body.user).toMatchObject({ firstName: 'Hương', profileImageUrl: photo });
  });
});

/** The columns of auth's users that its user events carry as they are. */
const USER_COLUMNS = [
  'id',
  'first_name',
  'last_name',
  'profile_image_url',
  'phone',
  'email',
  'phone_verified',
  'is_verified',
  'average_rating',
  'review_count',
];

/** The user as auth would publish them, at the version auth holds now. */
async function userEventData(stack: Stack<'auth' | 'listings'>, userId: string, changes: Record<string, unknown> = {}) {
  const profile = await stack.auth.infrastructure.db('users').where({ id: userId }).first();
  const camelCase = (column: string) => column.replace(/_(\w)/g, (_, letter: string) => letter.toUpperCase());
  return {
    ...Object.fromEntries(USER_COLUMNS.map((column) => [camelCase(column), profile[column]])),
    createdAt: profile.created_at.toISOString(),
    updatedAt: profile.updated_at.toISOString(),
    version: Number(profile.version),
    ...changes,
  };
}

async function deliver(type: 'user.updated' | 'user.registered', data: Record<string, unknown>) {
  const event = buildEvent(type, data as never, randomUUID(), new Date());
  await stack.listings.infrastructure.bus.publish(event);
  await eventually(async () => expect(await stack.listings.infrastructure.db('processed_events').where({ event_id: event.id })).toHaveLength(1));
}

it('ignores a user.updated with an older version than the copy holds, whatever its timestamps say', async () => {
  const seller = await registered(stack);
  const listing = (await seller.client.post('/api/listings', listingBody())).body;
  const before = await userEventData(stack, seller.user.id);
  await seller.client.patch('/api/users/profile', { firstName: 'Hoa' });
  await eventually(async () => expect((await seller.client.get(`/api/listings/${listing.id}`)).body.user?.firstName).toBe('Hoa'));
  // Written earlier, delivered late, with a clock that ran ahead: the version still says it is older.
  await deliver('user.updated', { ...before, firstName: 'Stale', updatedAt: '2099-01-01T00:00:00.000Z' });
  expect((await seller.client.get(`/api/listings/${listing.id}`)).body.user.firstName).toBe('Hoa');
});

it('a user.updated applied after user.deleted does not bring the deleted seller back', async () => {
  const leaving = await registered(stack);
  const late = await userEventData(stack, leaving.user.id, { firstName: 'Resurrected' });
  await leaving.client.request('DELETE', '/api/users/profile', { json: { password: leaving.password } });
  await eventually(async () => expect((await stack.listings.infrastructure.db('sellers').where({ id: leaving.user.id }).first())?.deleted).toBe(true));
  await deliver('user.updated', late);
  await deliver('user.registered', { ...late, version: 1 });
  const copy = await stack.listings.infrastructure.db('sellers').where({ id: leaving.user.id }).first();
  expect(copy).toMatchObject({ deleted: true, first_name: '', phone: null });
});

it("reveals a phone-contact seller's number only once the seller's user.updated says it is verified; the listing never carries it", async () => {
  const seller = await registered(stack);
  const listing = (await seller.client.post('/api/listings', listingBody({ contactPreference: 'phone' }))).body;
  const member = await registered(stack);
  await eventually(async () => expect((await member.client.get(`/api/listings/${listing.id}`)).body.user?.firstName).toBe('Lan'));
  await deliver('user.updated', await userEventData(stack, member.user.id, { phoneVerified: true, version: 99 }));
  expect((await member.client.post(`/api/listings/${listing.id}/phone`)).body.code).toBe('phone_unavailable');
  await deliver('user.updated', await userEventData(stack, seller.user.id, { phoneVerified: true, version: 99 }));
  expect((await member.client.post(`/api/listings/${listing.id}/phone`)).body).toEqual({ phone: seller.user.phone });
  // Not on the listing, for a member or a visitor, nor in browse, whose pages every caller shares.
  for (const client of [member.client, stack.client()]) {
    const shown = await client.get(`/api/listings/${listing.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.user.firstName).toBe('Lan');
    expect(shown.body.user).not.toHaveProperty('phone');
    expect(shown.text).not.toContain(seller.user.phone);
  }
  const browsed = await eventually(async () => {
    const page = (await member.client.get(`/api/listings?search=${encodeURIComponent(listing.title)}&limit=100`)).body as { id: string; user?: object }[];
    const found = page.find((item) => item.id === listing.id);
    expect(found?.user).toBeDefined();
    return found!;
  });
  expect(browsed.user).not.toHaveProperty('phone');
  expect(JSON.stringify(browsed)).not.toContain(seller.user.phone);
});

it('user.deleted removes their listings, saves and reports, and fixes others’ save counts', async () => {
  const leaving = await registered(stack);
  const staying = await registered(stack);
  const theirs = (await leaving.client.post('/api/listings', listingBody())).body;
  const mine = (await staying.client.post('/api/listings', listingBody())).body;
  await staying.client.post(`/api/listings/${theirs.id}/save`);
  await leaving.client.post(`/api/listings/${mine.id}/save`);
  await leaving.client.post('/api/reports', { listingId: mine.id, reason: 'spam' });
  expect((await staying.client.get(`/api/listings/${mine.id}`)).body.saveCount).toBe(1);

  await leaving.client.request('DELETE', '/api/users/profile', { json: { password: leaving.password } });

  await eventually(async () => expect((await staying.client.get(`/api/listings/${theirs.id}`)).status).toBe(404));
  expect((await staying.client.get(`/api/listings/${mine.id}`)).body.saveCount).toBe(0);
  expect(await stack.listings.infrastructure.db('reports').where({ reporter_id: leaving.user.id })).toHaveLength(0);
  expect(await stack.listings.infrastructure.db('sellers').where({ id: leaving.user.id, deleted: false })).toHaveLength(0);
  expect((await staying.client.get('/api/saved-listings')).body).toHaveLength(0);
  await eventually(async () => expect(eventsOf(theirs.id)).toContain('listing.deleted'));
});
