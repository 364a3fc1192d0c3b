import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent } from '@vnmarket/proto';
import { eventually } from '@vnmarket/shared/testing';
import { registered } from '../../auth/test/support';
import { startStack, type Stack } from '../../../test/stack';
import { listingBody } from './support';

let stack: Stack;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;
const received: { type: string; data: any }[] = [];

beforeAll(async () => {
  stack = await startStack('listings-events');
  connection = await amqp.connect(stack.listings.config.AMQP_URL);
  channel = await connection.createChannel();
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const type of ['listing.created', 'listing.updated', 'listing.deleted']) await channel.bindQueue(queue, stack.listings.config.EVENTS_EXCHANGE, type);
  await channel.consume(queue, (message) => message && received.push(JSON.parse(message.content.toString())), { noAck: true });
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
  await seller.client.patch('/api/users/profile', { firstName: 'Hương', profileImageUrl: '/objects/avatars/huong.webp' });
  await eventually(async () => {
    const shown = await seller.client.get(`/api/listings/${listing.id}`);
    expect(shown.body.user).toMatchObject({ firstName: 'Hương', profileImageUrl: '/objects/avatars/huong.webp' });
  });
});

it('ignores a user.updated older than the copy it holds', async () => {
  const seller = await registered(stack);
  const listing = (await seller.client.post('/api/listings', listingBody())).body;
  await eventually(async () => expect((await seller.client.get(`/api/listings/${listing.id}`)).body.user?.firstName).toBe('Lan'));
  const stale = buildEvent('user.updated', { ...(await seller.client.get('/api/auth/user')).body, firstName: 'Stale', updatedAt: '2020-01-01T00:00:00.000Z', bio: undefined, location: undefined, website: undefined }, randomUUID(), new Date());
  delete (stale.data as Record<string, unknown>).bio;
  await stack.listings.infrastructure.bus.publish(stale);
  await eventually(async () => expect(await stack.listings.infrastructure.db('processed_events').where({ event_id: stale.id })).toHaveLength(1));
  expect((await seller.client.get(`/api/listings/${listing.id}`)).body.user.firstName).toBe('Lan');
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
  expect(await stack.listings.infrastructure.db('sellers').where({ id: leaving.user.id })).toHaveLength(0);
  expect((await staying.client.get('/api/saved-listings')).body).toHaveLength(0);
  await eventually(async () => expect(eventsOf(theirs.id)).toContain('listing.deleted'));
});
