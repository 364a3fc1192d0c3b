import { randomUUID } from 'node:crypto';
import { startMessaging, startStack, type RunningMessaging, type Stack, type TestSocket } from '@vnmarket/testkit';
import { knownPair, socketOpener } from './support';

/**
 * Trust and safety in chat: blocking (a neutral 403 both ways, the conversation out of the blocker's inbox
 * and unread count, back on unblocking) and the scam guard's warning (stored with the message, shown to
 * its receiver in the thread and the push, never to its sender).
 */
let stack: Stack<'auth' | 'messaging'>;
/** A second replica: a push that reaches a socket there goes by the peer path (Redis), two frames and all. */
let replicaB: RunningMessaging;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  stack = await startStack('messaging-safety', { only: ['auth', 'messaging'] });
  replicaB = await startMessaging('messaging-safety-b', {}, stack.environment);
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  await replicaB.stop();
  await stack.stop();
});

const pair = () => knownPair(stack, { firstName: 'Ánh', lastName: 'Trần' }, { firstName: 'Bảo', lastName: 'Lê' });
const socketFor = socketOpener(sockets);

const inboxIds = async (client: Awaited<ReturnType<typeof pair>>['alice']['client']) =>
  ((await client.get('/api/conversations')).body as { conversationId: string }[]).map((conversation) => conversation.conversationId);

describe('blocking', () => {
  it('refuses messages both ways with a neutral 403, hides the conversation from the blocker, and unblocking restores it', async () => {
    const { alice, bob, conversationId } = await pair();
    expect((await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Chị ơi phòng còn không?' })).status).toBe(201);
    expect((await alice.client.get('/api/messages/unread-count')).body.count).toBe(1);

    const blocked = await alice.client.post(`/api/users/${bob.user.id}/block`);
    expect(blocked.status).toBe(200);
    expect(blocked.body).toEqual({ userId: bob.user.id, blocked: true });

    for (const [from, to] of [
      [bob, alice],
      [alice, bob],
    ] as const) {
      const refused = await from.client.post('/api/messages', { receiverId: to.user.id, content: 'còn đó không?' });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('messaging_unavailable');
      expect(refused.body.message).not.toMatch(/block/i);
    }
    expect(await stack.messaging.infrastructure.db('messages').where({ conversation_id: conversationId })).toHaveLength(1);

    expect(await inboxIds(alice.client)).not.toContain(conversationId);
    expect((await alice.client.get('/api/messages/unread-count')).body.count).toBe(0);
    // The blocked member is not told: their inbox keeps the conversation.
    expect(await inboxIds(bob.client)).toContain(conversationId);
    const list = await alice.client.get('/api/users/blocked');
    expect(list.status).toBe(200);
    expect(list.body).toEqual([{ id: bob.user.id, firstName: 'Bảo', lastName: 'Lê', profileImageUrl: null, blockedAt: expect.any(String) }]);

    const unblocked = await alice.client.request('DELETE', `/api/users/${bob.user.id}/block`);
    expect(unblocked.status).toBe(200);
    expect(unblocked.body).toEqual({ userId: bob.user.id, blocked: false });
    expect(await inboxIds(alice.client)).toContain(conversationId);
    expect((await alice.client.get('/api/messages/unread-count')).body.count).toBe(1);
    expect((await alice.client.get('/api/users/blocked')).body).toEqual([]);
    expect((await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Dạ em hỏi lại' })).status).toBe(201);
  });

  it('refuses a new conversation with a member who blocked you', async () => {
    const { alice, bob } = await pair();
    await alice.client.post(`/api/users/${bob.user.id}/block`);
    const first = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Chào chị' });
    expect(first.status).toBe(403);
    expect(await inboxIds(bob.client)).toEqual([]);
  });

  it('is idempotent both ways', async () => {
    const { alice, bob } = await pair();
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await alice.client.post(`/api/users/${bob.user.id}/block`)).status).toBe(200);
    expect(await stack.messaging.infrastructure.db('blocks').where({ blocker_id: alice.user.id })).toHaveLength(1);
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await alice.client.request('DELETE', `/api/users/${bob.user.id}/block`)).status).toBe(200);
    expect(await stack.messaging.infrastructure.db('blocks').where({ blocker_id: alice.user.id })).toHaveLength(0);
  });

  it.each([
    ['yourself', (own: string) => own, 400, 'You cannot block yourself'],
    ['an unknown member', () => randomUUID(), 404, 'Member not found'],
    ['a malformed id', () => 'not-a-member', 404, 'Member not found'],
  ])('refuses to block %s, and changes nothing', async (_label, target, status, message) => {
    const { alice } = await pair();
    for (const method of ['POST', 'DELETE']) {
      const response = await alice.client.request(method, `/api/users/${target(alice.user.id)}/block`);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    }
    expect(await stack.messaging.infrastructure.db('blocks').where({ blocker_id: alice.user.id })).toHaveLength(0);
  });

  it('is for members only', async () => {
    const { bob } = await pair();
    const visitor = stack.client();
    expect((await visitor.post(`/api/users/${bob.user.id}/block`)).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/users/${bob.user.id}/block`)).status).toBe(401);
    expect((await visitor.get('/api/users/blocked')).status).toBe(401);
  });
});

describe('the scam guard', () => {
  const scam = 'Anh chuyển khoản trước 500 để em giữ phòng nha, em đang ở Texas không dẫn đi xem được.';

  it('gives the warning to the receiver in the thread and the push, and to the sender neither', async () => {
    const { alice, bob, conversationId } = await pair();
    const [aliceHere, bobHere, aliceOnB, bobOnB] = [
      await socketFor(stack.gatewayUrl, alice.client),
      await socketFor(stack.gatewayUrl, bob.client),
      await socketFor(replicaB.url, alice.client),
      await socketFor(replicaB.url, bob.client),
    ];
    const sent = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: scam });
    expect(sent.status).toBe(201);
    expect(sent.body.warning).toBeNull();
    const pushed = (socket: TestSocket) => socket.next((push) => push.type === 'new_message' && push.message.id === sent.body.id);
    // This replica's own sockets (direct) and the other replica's (peer): the receiver's frame and the sender's.
    for (const socket of [aliceHere, aliceOnB]) expect((await pushed(socket)).message.warning).toBe('prepayment');
    for (const socket of [bobHere, bobOnB]) expect((await pushed(socket)).message.warning).toBeNull();

    const thread = (client: typeof alice.client) => client.get(`/api/conversations/${conversationId}/messages`);
    expect((await thread(alice.client)).body).toEqual([expect.objectContaining({ id: sent.body.id, warning: 'prepayment' })]);
    expect((await thread(bob.client)).body).toEqual([expect.objectContaining({ id: sent.body.id, warning: null })]);
    const stored = await stack.messaging.infrastructure.db('messages').where({ id: sent.body.id }).first('warning');
    expect(stored.warning).toBe('prepayment');
  });

  it('carries null on every ordinary message', async () => {
    const { alice, bob, conversationId } = await pair();
    await bob.client.post('/api/messages', { receiverId: alice.user.id, content: 'Phòng còn không chị? Em muốn qua xem thứ bảy.' });
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Còn em, cọc sau khi xem nhà nha.' });
    const messages = (await alice.client.get(`/api/conversations/${conversationId}/messages`)).body as { warning: unknown }[];
    expect(messages.map((message) => message.warning)).toEqual([null, null]);
  });

  it('flags contact details until the receiver has written, not after', async () => {
    const { alice, bob, conversationId } = await pair();
    const number = 'Nhắn zalo em nha 408-555-0199';
    const first = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: number });
    const again = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: number });
    await alice.client.post('/api/messages', { receiverId: bob.user.id, content: 'Dạ chị chào em' });
    const afterReply = await bob.client.post('/api/messages', { receiverId: alice.user.id, content: number });
    const warnings = new Map(
      ((await alice.client.get(`/api/conversations/${conversationId}/messages`)).body as { id: string; warning: unknown }[]).map((m) => [m.id, m.warning]),
    );
    expect([warnings.get(first.body.id), warnings.get(again.body.id), warnings.get(afterReply.body.id)]).toEqual(['contact_details', 'contact_details', null]);
  });
});
