import { randomUUID } from 'node:crypto';
import { buildEvent, conversationIdFor } from '@vnmarket/proto';
import { listingBody, registered, startMessaging, startStack, type RunningMessaging, type Stack, type TestSocket, eventually } from '@vnmarket/testkit';
import { knownPair, socketOpener, upgradeStatus } from './support';

// Listings publish the listing copies messaging keeps (and their deletion); media and verification play no part.
let stack: Stack<'auth' | 'listings' | 'messaging'>;
/** A second messaging replica on the same database and broker: the gateway talks to replica A. */
let replicaB: RunningMessaging;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startStack('messaging', {
    only: ['auth', 'listings', 'messaging'],
    overrides: { messaging: { WS_MAX_SOCKETS_PER_USER: '3', WS_MAX_PAYLOAD_BYTES: '65536' } },
  });
  replicaB = await startMessaging('messaging-b', { MESSAGES_PER_MINUTE: '8' }, stack.environment);
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await replicaB.stop();
  await stack.stop();
});

const pair = () => knownPair(stack, { firstName: 'Alice' }, { firstName: 'Bảo' });
const socketFor = socketOpener(sockets);

describe('sending and reading', () => {
  it('stores a trimmed message and computes the conversation id', async () => {
    const { alice, bob, conversationId } = await pair();
    const response = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: '  Chào anh, phòng còn không?  ', conversationId });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      conversationId,
      senderId: alice.user.id,
      receiverId: bob.user.id,
      content: 'Chào anh, phòng còn không?',
      isRead: false,
      listingId: null,
    });
  });

  it.each([
    ['blank content', { content: '   ' }, 400, 'Message cannot be empty'],
    ['no content', { content: undefined }, 400, 'Message cannot be empty'],
    ['5001 characters', { content: 'x'.repeat(5001) }, 400, 'Messages can be at most 5000 characters'],
    ['a malformed receiver', { receiverId: 'bob' }, 400, 'Choose who to message'],
    ['a conversationId of other people', { conversationId: 'made-up' }, 400, 'conversationId does not match the sender and receiver'],
    ['a malformed listing id', { listingId: 'nope' }, 400, 'Invalid listing id'],
    ['an unknown receiver', { receiverId: randomUUID() }, 404, 'Recipient not found'],
  ])('refuses %s', async (_label, override, status, message) => {
    const { alice, bob } = await pair();
    const response = await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'hello', ...override });
    expect(response.status).toBe(status);
    expect(response.body.message).toBe(message);
  });

  it("refuses a listing that is neither party's, or deleted; one its copy has not reached yet is taken", async () => {
    const { alice, bob } = await pair();
    const carol = await registered(stack, { firstName: 'Châu' });
    const bobs = (await bob.client.post('/api/listings', listingBody({ title: 'Xe đạp của Bảo' }))).body;
    const carols = (await carol.client.post('/api/listings', listingBody({ title: 'Bàn của Châu' }))).body;
    const copied = (id: string) => async () => expect(await stack.messaging.infrastructure.db('listings').where({ id })).toHaveLength(1);
    await eventually(copied(bobs.id));
    await eventually(copied(carols.id));
    const send = (listingId: string) => alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'còn không?', listingId });

    const notTheirs = await send(carols.id);
    expect(notTheirs.status).toBe(400);
    expect(notTheirs.body.message).toBe("A message can only be about the recipient's listing or your own");
    expect((await send(bobs.id)).status).toBe(201);

    await bob.client.request('DELETE', `/api/listings/${bobs.id}`);
    await eventually(async () => expect((await stack.messaging.infrastructure.db('listings').where({ id: bobs.id }).first())?.deleted).toBe(true));
    const removed = await send(bobs.id);
    expect(removed.status).toBe(404);
    expect(removed.body.message).toBe('Listing not found');
    // Listings publish a new listing a moment after it is made: its copy may not be here yet.
    expect((await send(randomUUID())).status).toBe(201);
    const thread = (await alice.client.get(`/api/conversations/${conversationIdFor(alice.user.id, bob.user.id)}/messages`)).body as unknown[];
    expect(thread).toHaveLength(2);
  });

  it('refuses messaging yourself and visitors', async () => {
    const { alice } = await pair();
    const self = await alice.client.post('/api/messages', { receiverId: alice.user.id, content: 'hi me' });
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('You cannot message yourself');
    expect((await stack.client().post('/api/messages', { receiverId: alice.user.id, content: 'hi' })).status).toBe(401);
    expect((await stack.client().get('/api/conversations')).status).toBe(401);
    expect((await stack.client().get('/api/messages/unread-count')).status).toBe(401);
  });

  it('lists conversations newest first with the other user, the listing, the last message and unread count, in one query', async () => {
    const { alice, bob, conversationId } = await pair();
    const carol = await registered(stack, { firstName: 'Châu' });
    await eventually(async () => expect(await stack.messaging.infrastructure.db('users').where({ id: carol.user.id })).toHaveLength(1));
    const listing = (await bob.client.post('/api/listings', listingBody({ title: 'Phòng gần SJSU', price: '950' }))).body;
    await eventually(async () => expect(await stack.messaging.infrastructure.db('listings').where({ id: listing.id })).toHaveLength(1));

    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Phòng còn không?', listingId: listing.id });
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Còn chị ơi' });
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Chị muốn xem lúc nào?' });
    await carol.client.post('/api/messages', { receiverId: alice.user.id, content: 'Hello from Châu' });

    const queries: string[] = [];
    const record = (query: { sql: string }) => queries.push(query.sql);
    stack.messaging.infrastructure.db.on('query', record);
    const inbox = await alice.client.get('/api/conversations');
    stack.messaging.infrastructure.db.off('query', record);
    // The outbox relay and event consumers share the pool; count only reads of messages.
    expect(queries.filter((sql) => /^\s*(with|select)\b/i.test(sql) && /\bmessages\b/.test(sql))).toHaveLength(1);

    expect(inbox.status).toBe(200);
    expect(inbox.body.map((summary: { otherUser: { firstName: string } }) => summary.otherUser.firstName)).toEqual(['Châu', 'Bảo']);
    expect(inbox.body[1]).toEqual({
      conversationId,
      otherUser: { id: bob.user.id, firstName: 'Bảo', lastName: 'Nguyễn', profileImageUrl: null },
      listing: { id: listing.id, title: 'Phòng gần SJSU', price: '950.00' },
      lastMessage: { content: 'Chị muốn xem lúc nào?', createdAt: expect.any(String) },
      unreadCount: 2,
    });
    expect(inbox.body[0].listing).toBeUndefined();
    expect((await alice.client.get('/api/messages/unread-count')).body).toEqual({ count: 3 });
    expect((await bob.client.get('/api/messages/unread-count')).body).toEqual({ count: 1 });
  });

  it('shows a thread oldest first to participants only, paged', async () => {
    const { alice, bob, conversationId } = await pair();
    for (let i = 1; i <= 5; i += 1) await alice.client.post('/api/messages', { receiverId: bob.user.id, content: `tin ${i}` });
    const thread = await bob.client.get(`/api/conversations/${conversationId}/messages`);
    expect(thread.body.map((message: { content: string }) => message.content)).toEqual(['tin 1', 'tin 2', 'tin 3', 'tin 4', 'tin 5']);
    const latest = await bob.client.get(`/api/conversations/${conversationId}/messages?limit=2`);
    expect(latest.body.map((message: { content: string }) => message.content)).toEqual(['tin 4', 'tin 5']);
    const older = await bob.client.get(`/api/conversations/${conversationId}/messages?limit=2&before=${latest.body[0].id}`);
    expect(older.body.map((message: { content: string }) => message.content)).toEqual(['tin 2', 'tin 3']);

    const stranger = await registered(stack);
    const denied = await stranger.client.get(`/api/conversations/${conversationId}/messages`);
    expect(denied.status).toBe(403);
    expect((await stranger.client.request('PUT', `/api/conversations/${conversationId}/read`)).status).toBe(403);
    expect((await bob.client.get('/api/conversations/not-a-conversation/messages')).status).toBe(404);
    expect((await bob.client.get(`/api/conversations/${conversationId}/messages?limit=1000`)).status).toBe(400);
  });

  it('PUT read marks what I received as read, not what I sent', async () => {
    const { alice, bob, conversationId } = await pair();
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'một' });
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'hai' });
    const read = await bob.client.request('PUT', `/api/conversations/${conversationId}/read`);
    expect(read.body).toEqual({ updated: 1 });
    expect((await bob.client.get('/api/messages/unread-count')).body.count).toBe(0);
    expect((await alice.client.get('/api/messages/unread-count')).body.count).toBe(1);
    const thread = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).body;
    expect(thread.map((message: { isRead: boolean }) => message.isRead)).toEqual([true, false]);
  });

  it('limits how fast one user can send (429)', async () => {
    const { alice, bob } = await pair();
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1)
      statuses.push((await alice.client.request('POST', `${replicaB.url}/api/messages`, { json: { receiverId: bob.user.id, content: `spam ${i}` } })).status);
    expect(statuses.slice(0, 8).every((status) => status === 201)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});

describe('real time over /ws', () => {
  it('a user connected to replica A receives the push for a message posted through replica B; so does the sender', async () => {
    const { alice, bob, conversationId } = await pair();
    const bobOnA = await socketFor(stack.gatewayUrl, bob.client);
    const aliceOnB = await socketFor(replicaB.url, alice.client);
    const sent = await alice.client.request('POST', `${replicaB.url}/api/messages`, { json: { receiverId: bob.user.id, content: 'Qua replica B' } });
    expect(sent.status).toBe(201);
    const pushed = await bobOnA.next((message) => message.type === 'new_message');
    expect(pushed.message).toMatchObject({ id: sent.body.id, conversationId, content: 'Qua replica B', senderId: alice.user.id });
    await aliceOnB.next((message) => message.type === 'new_message' && message.message.id === sent.body.id);
  });

  it('reaches every tab of the receiver and nobody else', async () => {
    const { alice, bob } = await pair();
    const stranger = await registered(stack);
    const tabs = [await socketFor(stack.gatewayUrl, bob.client), await socketFor(replicaB.url, bob.client)];
    const strangerSocket = await socketFor(stack.gatewayUrl, stranger.client);
    const sent = (await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Hai tab' })).body;
    for (const tab of tabs) await tab.next((message) => message.message?.id === sent.id);
    // The stranger's socket is on replica A with the first tab, which has pushed the message: anything
    // pushed to the stranger with it has arrived once a ping sent now comes back.
    await strangerSocket.flush();
    expect(strangerSocket.received.filter((message) => message.type === 'new_message')).toHaveLength(0);
  });

  it('accepts authenticate only for the cookie user: a socket claiming another userId is closed and gets nothing of theirs', async () => {
    const { alice, bob } = await pair();
    const eve = await registered(stack);
    const honest = await socketFor(stack.gatewayUrl, eve.client);
    honest.send({ type: 'authenticate', userId: eve.user.id });
    expect(await honest.next((message) => message.type === 'authenticated')).toEqual({ type: 'authenticated', userId: eve.user.id });

    const liar = await socketFor(stack.gatewayUrl, eve.client);
    liar.send({ type: 'authenticate', userId: bob.user.id });
    expect((await liar.closed).code).toBe(1008);
    const bobOnA = await socketFor(stack.gatewayUrl, bob.client);
    const sent = (await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Riêng tư' })).body;
    // Pushed on replica A (bob's own socket has it): whatever went to eve's socket there has arrived by the pong.
    await bobOnA.next((message) => message.message?.id === sent.id);
    await honest.flush();
    expect([...liar.received, ...honest.received].filter((message) => message.type === 'new_message')).toHaveLength(0);
  });

  it('refuses unauthenticated and cross-site upgrades, directly and through the gateway', async () => {
    const { alice } = await pair();
    for (const url of [stack.gatewayUrl, stack.messaging.url]) {
      expect(await upgradeStatus(url, { origin: 'http://localhost:8080' })).toBe(401);
      expect(await upgradeStatus(url, { origin: 'http://localhost:8080', cookie: 'vnm_session=forged' })).toBe(401);
      expect(await upgradeStatus(url, { origin: 'https://evil.example', cookie: alice.client.cookieHeader() })).toBe(403);
      expect(await upgradeStatus(url, { origin: 'http://localhost:8080', cookie: alice.client.cookieHeader() })).toBe(101);
    }
  });

  it('closes a socket that sends a frame over the limit with 1009', async () => {
    const { alice } = await pair();
    const socket = await socketFor(stack.gatewayUrl, alice.client);
    socket.ws.send('x'.repeat(70 * 1024));
    expect((await socket.closed).code).toBe(1009);
  });

  it('caps sockets per user by closing the oldest', async () => {
    const { alice } = await pair();
    const opened = [];
    for (let i = 0; i < 4; i += 1) opened.push(await socketFor(stack.messaging.url, alice.client));
    expect((await opened[0]!.closed).code).toBe(1008);
    expect(opened.slice(1).every((socket) => socket.ws.readyState === socket.ws.OPEN)).toBe(true);
  });

  it('signing out closes that session’s sockets on every replica, and only those', async () => {
    const { alice, bob } = await pair();
    const other = stack.client();
    await other.post('/api/login', { identifier: alice.phone, password: alice.password });
    const first = await socketFor(stack.gatewayUrl, alice.client);
    const second = await socketFor(replicaB.url, alice.client);
    const otherSession = await socketFor(replicaB.url, other);
    await alice.client.post('/api/logout');
    expect((await first.closed).code).toBe(4001);
    expect((await second.closed).code).toBe(4001);
    expect(otherSession.ws.readyState).toBe(otherSession.ws.OPEN);
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'still here?' });
    await otherSession.next((message) => message.type === 'new_message');
  });
});

describe('deletions travel as events', () => {
  it('listing.deleted keeps both parties’ messages and shows the listing as removed', async () => {
    const { alice, bob, conversationId } = await pair();
    const listing = (await bob.client.post('/api/listings', listingBody({ title: 'Phòng cho thuê' }))).body;
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'về phòng', listingId: listing.id });
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'chuyện khác' });
    await eventually(async () => expect((await alice.client.get('/api/conversations')).body[0]?.listing?.title).toBe('Phòng cho thuê'));
    await bob.client.request('DELETE', `/api/listings/${listing.id}`);
    await eventually(async () => {
      const [summary] = (await alice.client.get('/api/conversations')).body;
      expect(summary.listing).toMatchObject({ id: listing.id, removed: true });
    });
    const thread = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).body;
    expect(thread.map((message: { content: string }) => message.content)).toEqual(['về phòng', 'chuyện khác']);
    expect((await bob.client.get(`/api/conversations/${conversationId}/messages`)).body).toHaveLength(2);
  });

  it('user.deleted closes their sockets; the other party keeps the conversation with a former member, and cannot write to them', async () => {
    const { alice, bob, conversationId } = await pair();
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'tạm biệt' });
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'hẹn gặp lại' });
    const socket = await socketFor(stack.gatewayUrl, alice.client);
    await alice.client.request('DELETE', '/api/users/profile', { json: { password: alice.password } });
    expect((await socket.closed).code).toBe(4001);
    await eventually(async () => {
      const [summary] = (await bob.client.get('/api/conversations')).body;
      expect(summary.otherUser).toEqual({ id: alice.user.id, firstName: 'Former', lastName: 'member', profileImageUrl: null });
    });
    expect((await bob.client.get(`/api/conversations/${conversationId}/messages`)).body).toHaveLength(2);
    const refused = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'còn đó không?' });
    expect(refused.status).toBe(404);
    expect((await bob.client.get(`/api/conversations/${conversationId}/messages`)).body).toHaveLength(2);
  });

  it('an update delivered after the deletion does not bring a user or listing back', async () => {
    const { alice, bob } = await pair();
    const listing = (await bob.client.post('/api/listings', listingBody({ title: 'Bàn ghế' }))).body;
    await eventually(async () => expect(await stack.messaging.infrastructure.db('listings').where({ id: listing.id })).toHaveLength(1));
    const deliver = async (type: 'user.updated' | 'listing.updated', data: Record<string, unknown>) => {
      const event = buildEvent(type, data as never, randomUUID(), new Date());
      await stack.messaging.infrastructure.bus.publish(event);
      await eventually(async () => expect(await stack.messaging.infrastructure.db('processed_events').where({ event_id: event.id })).toHaveLength(1));
    };
    await bob.client.request('DELETE', `/api/listings/${listing.id}`);
    await alice.client.request('DELETE', '/api/users/profile', { json: { password: alice.password } });
    const db = stack.messaging.infrastructure.db;
    await eventually(async () => {
      expect((await db('users').where({ id: alice.user.id }).first()).deleted).toBe(true);
      expect((await db('listings').where({ id: listing.id }).first()).deleted).toBe(true);
    });
    await deliver('user.updated', {
      id: alice.user.id,
      firstName: 'Alice',
      lastName: 'Back',
      profileImageUrl: null,
      phone: alice.phone,
      email: null,
      phoneVerified: false,
      isVerified: false,
      averageRating: 0.0,
      reviewCount: 0,
      createdAt: alice.user.createdAt,
      updatedAt: '2099-01-01T00:00:00.000Z',
      version: 1,
    });
    await deliver('listing.updated', {
      id: listing.id,
      userId: bob.user.id,
      title: 'Back',
      price: '1.00',
      category: 'sale',
      isActive: true,
      images: [],
      updatedAt: '2099-01-01T00:00:00.000Z',
      version: 1,
    });
    expect(await db('users').where({ id: alice.user.id }).first()).toMatchObject({ deleted: true, first_name: '' });
    expect(await db('listings').where({ id: listing.id }).first()).toMatchObject({ deleted: true, title: 'Bàn ghế' });
    expect((await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'alo' })).status).toBe(404);
  });
});
