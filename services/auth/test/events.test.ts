import { randomUUID } from 'node:crypto';
import amqp from 'amqplib';
import { buildEvent, type EventType } from '@vnmarket/proto';
import { eventsInMessage } from '@vnmarket/shared';
import { eventsHandled, mayReview, queueOf, registered, startAuth, type RunningAuth, eventually, withRecordedStatements } from '@vnmarket/testkit';
import { RecordedPairs } from '../src/events/recorded-pairs';

let auth: RunningAuth;
let connection: amqp.ChannelModel;
let channel: amqp.Channel;
const received: { type: string; data: any; id: string }[] = [];

beforeAll(async () => {
  auth = await startAuth('auth-events');
  connection = await amqp.connect(auth.config.AMQP_URL);
  channel = await connection.createChannel();
  // A listener of our own on the service's exchange, as another service would bind.
  const { queue } = await channel.assertQueue('', { exclusive: true });
  for (const type of ['user.registered', 'user.updated', 'user.deleted']) await channel.bindQueue(queue, auth.config.EVENTS_EXCHANGE, type);
  await channel.consume(
    queue,
    (message) => {
      if (message) received.push(...eventsInMessage(message).map(({ event }) => event));
    },
    { noAck: true },
  );
});
afterAll(async () => {
  await connection.close();
  await auth.stop();
});

async function publish(type: EventType, data: any, id = randomUUID()) {
  const event = buildEvent(type, data, id, new Date());
  channel.publish(auth.config.EVENTS_EXCHANGE, type, Buffer.from(JSON.stringify(event)), { persistent: true, messageId: id });
  return event;
}

const eventsFor = (userId: string, type: string) => received.filter((event) => event.type === type && event.data.id === userId);

it('publishes user.registered through the outbox, with the public profile and no password', async () => {
  const { user } = await registered(auth);
  const [event] = await eventually(async () => {
    const found = eventsFor(user.id, 'user.registered');
    expect(found).toHaveLength(1);
    return found;
  });
  expect(event!.data).toMatchObject({ id: user.id, firstName: 'Lan', phone: user.phone, phoneVerified: false });
  expect(JSON.stringify(event)).not.toMatch(/password/i);
  // The relay marks rows sent when its transaction commits, just after the broker confirmed them.
  await eventually(async () => expect(await auth.service.outbox.pendingCount()).toBe(0));
});

it('publishes user.updated when the profile changes', async () => {
  const { client, user } = await registered(auth);
  await client.patch('/api/users/profile', { firstName: 'Hoa' });
  await eventually(async () => expect(eventsFor(user.id, 'user.updated').map((event) => event.data.firstName)).toEqual(['Hoa']));
});

it('user events carry preferredLanguage: null until chosen, then the choice', async () => {
  const { client, user } = await registered(auth);
  const vietnamese = await registered(auth, { preferredLanguage: 'vi' });
  await client.patch('/api/users/profile', { preferredLanguage: 'vi' });
  await eventually(async () => {
    expect(eventsFor(user.id, 'user.registered').map((event) => event.data.preferredLanguage)).toEqual([null]);
    expect(eventsFor(user.id, 'user.updated').map((event) => event.data.preferredLanguage)).toEqual(['vi']);
    expect(eventsFor(vietnamese.user.id, 'user.registered').map((event) => event.data.preferredLanguage)).toEqual(['vi']);
  });
});

it('phone.verified sets phoneVerified, and a redelivered event is applied once', async () => {
  const { client, user } = await registered(auth);
  const id = randomUUID();
  const handledBefore = await eventsHandled(queueOf('auth', auth));
  await publish('phone.verified', { userId: user.id, phone: user.phone }, id);
  await eventually(async () => expect((await client.get('/api/auth/user')).body).toMatchObject({ phoneVerified: true, isVerified: true }));
  await publish('phone.verified', { userId: user.id, phone: user.phone }, id);
  await publish('phone.verified', { userId: user.id, phone: user.phone }, id);
  await eventually(async () => {
    const processed = await auth.infrastructure.db('processed_events').where({ event_id: id });
    expect(processed).toHaveLength(1);
  });
  // The duplicates have gone through the consumer (acknowledged, changing nothing) before counting what came out.
  await eventually(async () => expect(await eventsHandled(queueOf('auth', auth))).toBeGreaterThanOrEqual(handledBefore + 3));
  await eventually(async () => expect(eventsFor(user.id, 'user.updated')).toHaveLength(1));
});

it('phone.verified for a number the user has since changed is ignored', async () => {
  const { client, user } = await registered(auth);
  await client.patch('/api/users/profile', { phone: `650${user.phone.slice(-7)}` });
  const event = await publish('phone.verified', { userId: user.id, phone: user.phone });
  await eventually(async () => expect(await auth.infrastructure.db('processed_events').where({ event_id: event.id })).toHaveLength(1));
  expect((await client.get('/api/auth/user')).body.phoneVerified).toBe(false);
});

it("listing.created tells auth the seller's listings; listing.deleted detaches the listing from reviews and no new review may name it", async () => {
  const seller = await registered(auth);
  const reviewer = await registered(auth);
  const later = await registered(auth);
  const listingId = randomUUID();
  const listing = { id: listingId, userId: seller.user.id, title: 'Bánh cuốn', price: '12.00', category: 'food', isActive: true, images: [] };
  await publish('listing.created', { ...listing, updatedAt: new Date().toISOString(), version: 1 });
  await eventually(async () => expect(await auth.infrastructure.db('listing_owners').where({ id: listingId, user_id: seller.user.id })).toHaveLength(1));
  await Promise.all([mayReview(auth, reviewer, seller), mayReview(auth, later, seller)]);
  expect((await reviewer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 5, listingId })).status).toBe(201);
  await publish('listing.deleted', { id: listingId, userId: seller.user.id, version: 2 });
  await eventually(async () => {
    const reviews = (await auth.client().get(`/api/users/${seller.user.id}/reviews`)).body;
    expect(reviews[0].listingId).toBeNull();
  });
  // A late update does not bring it back: the copy keeps the deletion.
  const late = await publish('listing.updated', { ...listing, updatedAt: new Date().toISOString(), version: 1 });
  await eventually(async () => expect(await auth.infrastructure.db('processed_events').where({ event_id: late.id })).toHaveLength(1));
  const refused = await later.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 4, listingId });
  expect([refused.status, refused.body.code]).toEqual([400, 'listing_not_sellers']);
});

/** A message.created payload, as messaging publishes it. */
const message = (senderId: string, receiverId: string) => ({
  id: randomUUID(),
  conversationId: [senderId, receiverId].sort().join('_'),
  senderId,
  receiverId,
  listingId: null,
  content: 'Còn bán không?',
  isRead: false,
  createdAt: new Date().toISOString(),
});

/**
 * Runs a test body with every SQL statement auth's database runs meanwhile recorded: the consumer's only,
 * as the outbox relay, which polls on its own, is paused meanwhile.
 */
async function recordingStatements(run: (statements: string[]) => Promise<void>): Promise<void> {
  await auth.service.outbox.stop();
  try {
    await withRecordedStatements(auth.infrastructure.db, run);
  } finally {
    auth.service.outbox.start();
  }
}

it('message.created records each direction once: later messages of the conversation are acknowledged without touching the database', async () => {
  const [one, other] = [await registered(auth), await registered(auth)];
  const queue = queueOf('auth', auth);
  const [a, b] = [one.user.id, other.user.id].sort();
  const oneIsA = one.user.id === a;
  const pairRow = () => auth.infrastructure.db('conversation_partners').where({ user_a: a, user_b: b }).select('a_wrote', 'b_wrote');
  await recordingStatements(async (statements) => {
    const handledBefore = await eventsHandled(queue);
    await publish('message.created', message(one.user.id, other.user.id));
    await eventually(async () => expect(await eventsHandled(queue)).toBe(handledBefore + 1));
    // Only one has written: the pair is there, its other side not yet.
    expect(await pairRow()).toEqual([{ a_wrote: oneIsA, b_wrote: !oneIsA }]);
    const afterFirst = statements.length;
    expect(afterFirst).toBeGreaterThan(0);
    await publish('message.created', message(one.user.id, other.user.id));
    await eventually(async () => expect(await eventsHandled(queue)).toBe(handledBefore + 2));
    expect(statements.slice(afterFirst)).toEqual([]);
    // The reply is the other direction: recorded once, then known too.
    await publish('message.created', message(other.user.id, one.user.id));
    await eventually(async () => expect(await eventsHandled(queue)).toBe(handledBefore + 3));
    expect(await pairRow()).toEqual([{ a_wrote: true, b_wrote: true }]);
    const afterReply = statements.length;
    await publish('message.created', message(other.user.id, one.user.id));
    await publish('message.created', message(one.user.id, other.user.id));
    await eventually(async () => expect(await eventsHandled(queue)).toBe(handledBefore + 5));
    expect(statements.slice(afterReply)).toEqual([]);
  });
});

it('message.created of new pairs records them without a transaction or processed_events, and leaves out a pair with an unknown user', async () => {
  const users = [await registered(auth), await registered(auth), await registered(auth)];
  const stranger = randomUUID();
  const [u0, u1, u2] = users.map(({ user }) => user.id) as [string, string, string];
  const queue = queueOf('auth', auth);
  await recordingStatements(async (statements) => {
    const handledBefore = await eventsHandled(queue);
    const events = [
      await publish('message.created', message(u0, u1)),
      await publish('message.created', message(u1, u2)),
      await publish('message.created', message(u2, u0)),
      await publish('message.created', message(u0, stranger)),
    ];
    await eventually(async () => expect(await eventsHandled(queue)).toBe(handledBefore + events.length));
    const byService = [...statements];
    const pairs = await auth.infrastructure.db('conversation_partners').whereIn('user_a', [u0, u1, u2, stranger]).orWhereIn('user_b', [u0, u1, u2, stranger]);
    const sorted = (a: string, b: string) => [a, b].sort().join(':');
    expect(pairs.map((row: { user_a: string; user_b: string }) => `${row.user_a}:${row.user_b}`).sort()).toEqual(
      [sorted(u0, u1), sorted(u1, u2), sorted(u2, u0)].sort(),
    );
    expect(
      await auth.infrastructure.db('processed_events').whereIn(
        'event_id',
        events.map((event) => event.id),
      ),
    ).toEqual([]);
    expect(byService.filter((sql) => /^(begin|commit)/i.test(sql.trim()) || /processed_events/.test(sql))).toEqual([]);
    expect(byService.filter((sql) => /insert into conversation_partners/.test(sql)).length).toBeLessThanOrEqual(events.length);
  });
});

it('publishes user.deleted when an account is deleted', async () => {
  const { client, user, password } = await registered(auth);
  await client.request('DELETE', '/api/users/profile', { json: { password } });
  await eventually(async () => expect(eventsFor(user.id, 'user.deleted')).toHaveLength(1));
});

describe('RecordedPairs', () => {
  it('knows each direction apart and forgets the least recently recorded past its bound', () => {
    const pairs = new RecordedPairs(2);
    pairs.add('a', 'b');
    pairs.add('c', 'd');
    expect([pairs.has('a', 'b'), pairs.has('b', 'a')]).toEqual([true, false]);
    pairs.add('a', 'b'); // recorded again: now the most recent
    pairs.add('e', 'f');
    expect(pairs.size).toBe(2);
    expect([pairs.has('a', 'b'), pairs.has('c', 'd'), pairs.has('e', 'f'), pairs.has('f', 'e')]).toEqual([true, false, true, false]);
  });
});
