import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { buildEvent, type EventData, type EventType } from '@vnmarket/proto';
import {
  eventsHandled,
  listingBody,
  mayReview,
  openSocket,
  queueOf,
  registered,
  startStack,
  type RegisteredUser,
  type Stack,
  type TestSocket,
  eventually,
} from '@vnmarket/testkit';

// Listings publishes listing.moderated (a held listing), auth review.created; the events of saved searches,
// expiry and sales are published here as their publishers write them (the contract in proto/src/events.ts).
let stack: Stack<'auth' | 'listings' | 'messaging'>;
const sockets: TestSocket[] = [];
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  stack = await startStack('notifications', {
    only: ['auth', 'listings', 'messaging'],
    overrides: {
      listings: { REPORTS_TO_HOLD_LISTING: '1' },
      messaging: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, PUSH_ALLOW_LOOPBACK: 'true' },
    },
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await stack.stop();
});

/** A member messaging knows (their user.registered has arrived). */
async function member(overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const who = await registered(stack, overrides);
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').where({ id: who.user.id })).toHaveLength(1));
  return who;
}

async function socketOf(who: RegisteredUser): Promise<TestSocket> {
  const socket = await openSocket(stack.messaging.url, who.client.cookieHeader());
  sockets.push(socket);
  return socket;
}

function publish<T extends EventType>(type: T, data: EventData<T>) {
  return stack.listings.infrastructure.bus.publish(buildEvent(type, data, randomUUID(), new Date()));
}

const matched = (userId: string, title = 'Phòng cho thuê ở Berryessa') => ({
  userId,
  savedSearchId: randomUUID(),
  savedSearchName: 'Phòng San Jose',
  listingId: randomUUID(),
  listingTitle: title,
  listingPrice: '950.00',
  listingImage: null,
});

const notificationsOf = async (who: RegisteredUser) => (await who.client.get('/api/notifications')).body;

describe('the bell', () => {
  it('tells the owner live that their listing is held after a report, and lists it newest first', async () => {
    const owner = await member({ firstName: 'Hạnh' });
    const reporter = await member();
    const socket = await socketOf(owner);
    const listing = (await owner.client.post('/api/listings', listingBody({ title: 'Xe Honda cũ' }))).body;
    expect((await reporter.client.post('/api/reports', { listingId: listing.id, reason: 'fraud' })).status).toBe(201);

    const frame = await socket.next((message) => message.type === 'notifications', 10_000);
    expect(frame).toMatchObject({ unreadCount: 1, notification: { kind: 'listing_held', link: `/listing/${listing.id}`, isRead: false } });
    expect(frame.notification.data).toEqual({ listingId: listing.id, listingTitle: 'Xe Honda cũ' });

    await publish('listing.expiring', { userId: owner.user.id, listingId: listing.id, listingTitle: 'Xe Honda cũ', expiresAt: new Date().toISOString() });
    const page = await eventually(async () => {
      const body = await notificationsOf(owner);
      expect(body.notifications).toHaveLength(2);
      return body;
    });
    expect(page.unreadCount).toBe(2);
    expect(page.notifications.map((n: { kind: string }) => n.kind)).toEqual(['listing_expiring', 'listing_held']);
    expect(page.notifications[0].link).toBe('/dashboard');
    expect((await owner.client.get('/api/notifications?limit=1&offset=1')).body.notifications.map((n: { kind: string }) => n.kind)).toEqual(['listing_held']);
  });

  it('marks read only the member’s own, and every tab’s count follows', async () => {
    const lan = await member();
    const minh = await member();
    await publish('saved_search.matched', matched(lan.user.id));
    await publish('saved_search.matched', matched(lan.user.id, 'Bàn ghế gỗ'));
    await publish('saved_search.matched', matched(minh.user.id));
    const lans = await eventually(async () => {
      const body = await notificationsOf(lan);
      expect(body.unreadCount).toBe(2);
      return body.notifications as { id: string }[];
    });
    const minhs = await eventually(async () => {
      const body = await notificationsOf(minh);
      expect(body.unreadCount).toBe(1);
      return body.notifications as { id: string }[];
    });
    const otherTab = await socketOf(lan);

    // Minh naming Lan's notification changes nothing of hers.
    expect((await minh.client.post('/api/notifications/read', { ids: [lans[0]!.id] })).body).toEqual({ unreadCount: 1 });
    expect((await notificationsOf(lan)).unreadCount).toBe(2);

    expect((await lan.client.post('/api/notifications/read', { ids: [lans[0]!.id, minhs[0]!.id] })).body).toEqual({ unreadCount: 1 });
    expect(await otherTab.next((message) => message.type === 'notifications' && message.unreadCount === 1)).toBeTruthy();
    expect((await notificationsOf(minh)).unreadCount).toBe(1);
    expect((await lan.client.post('/api/notifications/read', { all: true })).body).toEqual({ unreadCount: 0 });
    expect((await notificationsOf(lan)).notifications.every((n: { isRead: boolean }) => n.isRead)).toBe(true);
  });

  it.each([
    ['no body', {}, 'Send ids or all: true'],
    ['a bad id', { ids: ['nope'] }, 'Invalid notification id'],
    ['an empty list', { ids: [] }, 'ids must name at least one notification'],
    ['too many', { ids: Array.from({ length: 101 }, () => randomUUID()) }, 'At most 100 notifications at once'],
  ])('refuses marking with %s', async (_label, body, message) => {
    const who = await member();
    const response = await who.client.post('/api/notifications/read', body);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_request', message });
  });

  it('asks for a sign-in', async () => {
    expect((await stack.client().get('/api/notifications')).status).toBe(401);
    expect((await stack.client().post('/api/notifications/read', { all: true })).status).toBe(401);
  });

  it('tells a seller about a review, and both sides of a sale to review each other', async () => {
    const seller = await member({ firstName: 'Tuấn', lastName: 'Lê' });
    const buyer = await member({ firstName: 'Vy', lastName: 'Phạm' });
    await mayReview(stack.auth, buyer, seller);
    expect((await buyer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 5, comment: 'Người bán dễ thương' })).status).toBe(201);
    const review = await eventually(async () => {
      const [first] = (await notificationsOf(seller)).notifications;
      expect(first?.kind).toBe('review_received');
      return first;
    });
    expect(review).toMatchObject({ data: { reviewerName: 'Vy Phạm', rating: 5 }, link: `/users/${seller.user.id}` });

    const listingId = randomUUID();
    await publish('listing.sold', { listingId, listingTitle: 'Tủ lạnh', sellerId: seller.user.id, buyerId: buyer.user.id });
    await eventually(async () => {
      expect((await notificationsOf(seller)).notifications[0]).toMatchObject({
        kind: 'review_prompt',
        link: `/users/${buyer.user.id}`,
        data: { otherUserId: buyer.user.id, asSeller: true },
      });
      expect((await notificationsOf(buyer)).notifications[0]).toMatchObject({
        kind: 'review_prompt',
        link: `/users/${seller.user.id}`,
        data: { otherUserId: seller.user.id, asSeller: false, listingTitle: 'Tủ lạnh' },
      });
    });
  });

  it('adds one notification for an event delivered twice', async () => {
    const who = await member();
    const event = buildEvent('saved_search.matched', matched(who.user.id), randomUUID(), new Date());
    await stack.listings.infrastructure.bus.publish(event);
    await stack.listings.infrastructure.bus.publish(event);
    await publish('listing.moderated', { userId: who.user.id, listingId: randomUUID(), listingTitle: 'Áo dài', state: 'restored' });
    await eventually(async () =>
      expect((await notificationsOf(who)).notifications.map((n: { kind: string }) => n.kind)).toEqual(['listing_restored', 'saved_search_match']),
    );
  });
});

it('deletes notifications past NOTIFICATION_RETENTION_DAYS (180) and keeps the newer ones', async () => {
  const who = await member();
  const { db } = stack.messaging.infrastructure;
  const now = new Date();
  const written = (days: number) => ({
    user_id: who.user.id,
    kind: 'saved_search_match',
    data: matched(who.user.id),
    link: '/',
    event_id: randomUUID(),
    created_at: new Date(now.getTime() - days * 86_400_000),
  });
  await db('notifications').insert([400, 181, 179, 1].map(written));
  expect(await stack.messaging.service.notificationPrune.runOnce(now)).toBe(2);
  const ages = await db('notifications').where({ user_id: who.user.id }).pluck('created_at');
  expect(ages.map((at: Date) => Math.round((now.getTime() - at.getTime()) / 86_400_000)).sort((a, b) => a - b)).toEqual([1, 179]);
  expect((await who.client.get('/api/notifications/unread-count')).body).toEqual({ unreadCount: 2 });
  expect(await stack.messaging.service.notificationPrune.runOnce(now)).toBe(0);
});

it('keeps nothing for a member who has deleted their account', async () => {
  const who = await member();
  await publish('saved_search.matched', matched(who.user.id));
  const { db } = stack.messaging.infrastructure;
  await eventually(async () => expect(await db('notifications').where({ user_id: who.user.id })).toHaveLength(1));
  expect((await who.client.request('DELETE', '/api/users/profile', { json: { password: who.password } })).status).toBe(200);
  await eventually(async () => expect(await db('users').where({ id: who.user.id }).first('deleted')).toEqual({ deleted: true }));
  expect(await db('notifications').where({ user_id: who.user.id })).toHaveLength(0);
  // Events that were on their way when the account went: handled, and nothing kept.
  const queue = queueOf('messaging', stack.messaging);
  const handled = await eventsHandled(queue);
  await publish('saved_search.matched', matched(who.user.id));
  await publish('listing.moderated', { userId: who.user.id, listingId: randomUUID(), listingTitle: 'Xe đạp', state: 'held' });
  await eventually(async () => expect(await eventsHandled(queue)).toBeGreaterThanOrEqual(handled + 2));
  expect(await db('notifications').where({ user_id: who.user.id })).toHaveLength(0);
});

describe('choices', () => {
  it('starts with the bell and push on and the SMS digest off, and keeps what the member changes', async () => {
    const who = await member();
    const defaults = (await who.client.get('/api/notifications/preferences')).body;
    expect(defaults.saved_search_match).toEqual({ inApp: true, push: true, smsDigest: false });
    expect(defaults.message).toEqual({ inApp: true, push: true, smsDigest: false });

    const changed = await who.client.request('PUT', '/api/notifications/preferences', { json: { saved_search_match: { inApp: false, smsDigest: true } } });
    expect(changed.status).toBe(200);
    expect(changed.body.saved_search_match).toEqual({ inApp: false, push: true, smsDigest: true });
    expect((await who.client.get('/api/notifications/preferences')).body.listing_held).toEqual({ inApp: true, push: true, smsDigest: false });

    // Not in the bell any more; another kind still is.
    await publish('saved_search.matched', matched(who.user.id));
    await publish('listing.moderated', { userId: who.user.id, listingId: randomUUID(), listingTitle: 'Áo dài', state: 'held' });
    await eventually(async () => expect((await notificationsOf(who)).notifications.map((n: { kind: string }) => n.kind)).toEqual(['listing_held']));
  });

  it.each([
    ['an unknown kind', { parties: { inApp: false } }],
    ['an unknown channel', { listing_held: { email: true } }],
    ['a channel that is not true or false', { listing_held: { push: 'yes' } }],
  ])('refuses %s and changes nothing', async (_label, body) => {
    const who = await member();
    const response = await who.client.request('PUT', '/api/notifications/preferences', { json: body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('invalid_request');
    expect(await stack.messaging.infrastructure.db('notification_preferences').where({ user_id: who.user.id })).toHaveLength(0);
  });
});
