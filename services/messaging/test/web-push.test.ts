import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { buildEvent, conversationIdFor, pushPayloadSchema, type EventData } from '@vnmarket/proto';
import { LocalPushEndpoint, openSocket, registered, startStack, type RegisteredUser, type Stack, type TestSocket, eventually } from '@vnmarket/testkit';

// End to end: a member's browser subscribes through the gateway; an event or a message for them while no
// tab of theirs is open becomes a push that a local push service (testkit/src/push-endpoint.ts) takes only
// with a valid VAPID signature, and decrypts with the subscription's own keys.
let stack: Stack<'auth' | 'messaging'>;
let pushService: LocalPushEndpoint;
const sockets: TestSocket[] = [];
const vapid = webpush.generateVAPIDKeys();

beforeAll(async () => {
  pushService = await LocalPushEndpoint.start();
  stack = await startStack('web-push', {
    only: ['auth', 'messaging'],
    overrides: { messaging: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, PUSH_ALLOW_LOOPBACK: 'true' } },
  });
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await stack.stop();
  await pushService.stop();
});

async function member(overrides: Record<string, unknown> = {}): Promise<RegisteredUser> {
  const who = await registered(stack, overrides);
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').where({ id: who.user.id })).toHaveLength(1));
  return who;
}

/** A member with a browser subscribed to push (through the gateway, as the app does). */
async function subscribed(overrides: Record<string, unknown> = {}, answer?: number) {
  const who = await member(overrides);
  const browser = pushService.subscribe({ answer });
  const response = await who.client.post('/api/push/subscriptions', browser.subscription);
  expect(response.status).toBe(201);
  return { ...who, browser };
}

function publish<T extends 'saved_search.matched' | 'listing.moderated'>(type: T, data: EventData<T>) {
  return stack.auth.infrastructure.bus.publish(buildEvent(type, data, randomUUID(), new Date()));
}

const match = (userId: string) => ({
  userId,
  savedSearchId: randomUUID(),
  savedSearchName: 'Phòng San Jose',
  listingId: randomUUID(),
  listingTitle: 'Phòng cho thuê gần Grand Century',
  listingPrice: '900.00',
  listingImage: null,
});

const pushesTo = (id: string) => pushService.received.filter((push) => push.subscriptionId === id);

it('offers the VAPID public key', async () => {
  expect((await stack.client().get('/api/push/public-key')).body).toEqual({ publicKey: vapid.publicKey });
});

it('pushes a saved-search match to a member with no open tab, in their language, and it decrypts', async () => {
  const lan = await subscribed({ preferredLanguage: 'vi' });
  const event = match(lan.user.id);
  await publish('saved_search.matched', event);
  const push = await pushService.next((received) => received.subscriptionId === lan.browser.id);
  expect(push.vapidKey).toBe(vapid.publicKey);
  expect(push.headers.ttl).toBe('86400');
  const payload = pushPayloadSchema.parse(JSON.parse(push.text));
  expect(payload).toMatchObject({
    title: 'Có tin mới hợp với “Phòng San Jose”',
    body: 'Phòng cho thuê gần Grand Century · $900.00',
    url: `/listing/${event.listingId}`,
    lang: 'vi',
  });
  expect(pushService.refused).toEqual([]);
});

it('pushes a new message to a receiver with no open tab, and none to one with a tab open', async () => {
  const alice = await member({ firstName: 'Alice', lastName: 'Trần' });
  const bao = await subscribed({ firstName: 'Bảo' });
  const sent = await alice.client.post('/api/messages', { receiverId: bao.user.id, content: 'Chào anh, xe còn không?' });
  expect(sent.status).toBe(201);
  const push = await pushService.next((received) => received.subscriptionId === bao.browser.id);
  expect(JSON.parse(push.text)).toMatchObject({
    title: 'New message from Alice Trần',
    body: 'Chào anh, xe còn không?',
    url: `/messages?c=${conversationIdFor(alice.user.id, bao.user.id)}`,
    lang: 'en',
  });

  // With a tab open, the message and the bell reach the tab, and no push goes out.
  const tab = await openSocket(stack.messaging.url, bao.client.cookieHeader());
  sockets.push(tab);
  const second = (await alice.client.post('/api/messages', { receiverId: bao.user.id, content: 'Anh ơi?' })).body;
  await publish('saved_search.matched', match(bao.user.id));
  await tab.next((message) => message.type === 'new_message' && message.message.content === 'Anh ơi?');
  await tab.next((message) => message.type === 'notifications' && message.notification?.kind === 'saved_search_match');
  // The message's own event has reached messaging's consumer too (the one that would push it).
  const { db } = stack.messaging.infrastructure;
  await eventually(async () => {
    const outboxRow = await db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [second.id]).first('id');
    expect(await db('processed_events').where({ event_id: outboxRow?.id ?? randomUUID() })).toHaveLength(1);
  });
  await stack.messaging.service.notifier.settled();
  expect(pushesTo(bao.browser.id)).toHaveLength(1);
});

it('sends no push for a kind the member turned push off for', async () => {
  const minh = await subscribed();
  await minh.client.request('PUT', '/api/notifications/preferences', { json: { saved_search_match: { push: false } } });
  await publish('saved_search.matched', match(minh.user.id));
  await publish('listing.moderated', { userId: minh.user.id, listingId: randomUUID(), listingTitle: 'Xe đạp', state: 'held' });
  const push = await pushService.next((received) => received.subscriptionId === minh.browser.id);
  expect(JSON.parse(push.text).title).toBe('Your listing is under review');
  // Both notifications are in the bell; only the held listing was pushed.
  await eventually(async () => expect((await minh.client.get('/api/notifications')).body.unreadCount).toBe(2));
  await stack.messaging.service.notifier.settled();
  expect(pushesTo(minh.browser.id)).toHaveLength(1);
});

it.each([404, 410])('drops a subscription whose push service answers %i', async (status) => {
  const hoa = await subscribed({}, status);
  const kept = pushService.subscribe();
  expect((await hoa.client.post('/api/push/subscriptions', kept.subscription)).status).toBe(201);
  await publish('saved_search.matched', match(hoa.user.id));
  await pushService.next((received) => received.subscriptionId === kept.id);
  const endpoints = () => stack.messaging.infrastructure.db('push_subscriptions').where({ user_id: hoa.user.id }).pluck('endpoint');
  await eventually(async () => expect(await endpoints()).toEqual([kept.subscription.endpoint]));
});

describe('subscriptions', () => {
  it.each([
    ['a host that is no push service', { endpoint: 'https://attacker.example/push' }, 'push_endpoint_refused'],
    ['an address of our own network', { endpoint: 'https://10.0.0.5/push' }, 'push_endpoint_refused'],
    ['a push service over plain http', { endpoint: 'http://fcm.googleapis.com/fcm/send/abc' }, 'push_endpoint_refused'],
    ['no URL', { endpoint: 'not a url' }, 'invalid_request'],
    ['a short p256dh', { keys: { p256dh: 'abc', auth: 'A'.repeat(22) } }, 'invalid_request'],
    ['no keys', { keys: undefined }, 'invalid_request'],
  ])('refuses %s and stores nothing', async (_label, override, code) => {
    const who = await member();
    const body = { ...pushService.subscribe().subscription, ...override };
    const response = await who.client.post('/api/push/subscriptions', body);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe(code);
    expect(await stack.messaging.infrastructure.db('push_subscriptions').where({ user_id: who.user.id })).toHaveLength(0);
  });

  it('takes a browser push service, and lets only its member unsubscribe it', async () => {
    const owner = await member();
    const other = await member();
    const endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
    const keys = pushService.subscribe().subscription.keys;
    expect((await owner.client.post('/api/push/subscriptions', { endpoint, keys })).status).toBe(201);
    expect((await other.client.request('DELETE', '/api/push/subscriptions', { json: { endpoint } })).status).toBe(200);
    expect(await stack.messaging.infrastructure.db('push_subscriptions').where({ endpoint }).pluck('user_id')).toEqual([owner.user.id]);
    expect((await owner.client.request('DELETE', '/api/push/subscriptions', { json: { endpoint } })).body).toEqual({ endpoint, subscribed: false });
    expect(await stack.messaging.infrastructure.db('push_subscriptions').where({ endpoint })).toHaveLength(0);
  });

  it("keeps a member's ten newest browsers: one more drops the one subscribed longest ago", async () => {
    const who = await member();
    const browsers = Array.from({ length: 11 }, () => pushService.subscribe());
    const subscribe = async (browser: (typeof browsers)[number]) =>
      expect((await who.client.post('/api/push/subscriptions', browser.subscription)).status).toBe(201);
    for (const browser of browsers.slice(0, 10)) await subscribe(browser);
    // Subscribing again makes a browser the newest: the second one is now the oldest.
    await subscribe(browsers[0]!);
    await subscribe(browsers[10]!);
    const kept = browsers.filter((_, index) => index !== 1);
    const endpoints = await stack.messaging.infrastructure.db('push_subscriptions').where({ user_id: who.user.id }).pluck('endpoint');
    expect(endpoints.sort()).toEqual(kept.map((browser) => browser.subscription.endpoint).sort());
    await publish('saved_search.matched', match(who.user.id));
    await eventually(async () => expect(kept.filter((browser) => pushesTo(browser.id).length === 1)).toHaveLength(10));
    await stack.messaging.service.notifier.settled();
    expect(pushesTo(browsers[1]!.id)).toHaveLength(0);
  });

  it('asks for a sign-in', async () => {
    expect((await stack.client().post('/api/push/subscriptions', pushService.subscribe().subscription)).status).toBe(401);
  });
});

it('handles a message to a receiver with no browser subscribed without a transaction of its own', async () => {
  const alice = await member({ firstName: 'Alice' });
  const chi = await member({ firstName: 'Chi' });
  const bao = await subscribed({ firstName: 'Bảo' });
  const { db } = stack.messaging.infrastructure;
  const eventOf = async (messageId: string) => (await db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [messageId]).first('id'))?.id as string;
  const toChi = (await alice.client.post('/api/messages', { receiverId: chi.user.id, content: 'Chào chị' })).body;
  const toBao = (await alice.client.post('/api/messages', { receiverId: bao.user.id, content: 'Chào anh' })).body;
  // The later message, to a subscribed receiver, goes through the transaction and is recorded as handled...
  await eventually(async () => expect(await db('processed_events').where({ event_id: await eventOf(toBao.id) })).toHaveLength(1));
  await pushService.next((received) => received.subscriptionId === bao.browser.id && JSON.parse(received.text).body === 'Chào anh');
  // ...the earlier one, to a receiver no push can reach, left no row: it ended before any transaction.
  expect(await db('processed_events').where({ event_id: await eventOf(toChi.id) })).toHaveLength(0);
});
