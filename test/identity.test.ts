import { listingBody, registered, startStack, verifiedPhone, type Stack, eventually } from '@vnmarket/testkit';

/**
 * PostgreSQL folds a uuid's case; JavaScript string comparison does not. Every id a client sends is
 * normalised once (proto's idSchema, shared pathId), so an upper-case id is the same identity everywhere.
 */
// Reviews (auth), messages (messaging, which tells auth who talked), listings: no photos or SMS.
let stack: Stack<'auth' | 'listings' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('identity', { only: ['auth', 'listings', 'messaging'] });
});
afterAll(() => stack.stop());

const upper = (id: string) => id.toUpperCase();

it('a user cannot review themself by writing their id in upper case', async () => {
  const { client, user } = await registered(stack);
  const response = await client.post(`/api/users/${upper(user.id)}/reviews`, { rating: 5, comment: 'Tuyệt vời' });
  expect(response.status).toBe(400);
  expect(response.body.message).toBe('You cannot review yourself');
  expect((await stack.client().get(`/api/users/${user.id}/reviews`)).body).toHaveLength(0);
});

it('a message to an upper-case receiver id lands in the one conversation both can open and mark read', async () => {
  const sender = await registered(stack);
  const victim = await registered(stack);
  const sent = await eventually(async () => {
    const response = await sender.client.post('/api/messages', { receiverId: upper(victim.user.id), content: 'Xin chào' });
    expect(response.status).toBe(201);
    return response;
  });
  expect(sent.body.receiverId).toBe(victim.user.id);
  expect((await victim.client.get('/api/messages/unread-count')).body.count).toBe(1);
  const conversationId = sent.body.conversationId as string;
  expect(conversationId).toBe(conversationId.toLowerCase());
  expect((await victim.client.get(`/api/conversations/${conversationId}/messages`)).status).toBe(200);
  // Upper case in the path is the same conversation for participants, and still not an outsider's.
  expect((await victim.client.request('PUT', `/api/conversations/${upper(conversationId)}/read`, { json: {} })).status).toBe(200);
  expect((await victim.client.get('/api/messages/unread-count')).body.count).toBe(0);
  const outsider = await registered(stack);
  expect((await outsider.client.get(`/api/conversations/${upper(conversationId)}/messages`)).status).toBe(403);
});

it('an upper-case listing id is the same listing: the owner may change it, nobody else may', async () => {
  const owner = await registered(stack);
  const other = await registered(stack);
  const created = await owner.client.post('/api/listings', listingBody({ title: 'Nhà cho thuê' }));
  expect(created.status).toBe(201);
  const id = upper(created.body.id);
  expect((await other.client.patch(`/api/listings/${id}`, { isActive: false })).status).toBe(403);
  expect((await other.client.request('DELETE', `/api/listings/${id}`)).status).toBe(403);
  const patched = await owner.client.patch(`/api/listings/${id}`, { isActive: false });
  expect(patched.status).toBe(200);
  expect(patched.body.id).toBe(created.body.id);
  expect((await other.client.post(`/api/listings/${id}/save`)).status).not.toBe(500);
});

describe('lists are paged', () => {
  it('a seller’s reviews come in pages of limit/offset, newest first, and a bad limit is a 400', async () => {
    const seller = await registered(stack);
    for (let i = 0; i < 3; i += 1) {
      const reviewer = await registered(stack);
      // Reviews come from people the seller has dealt with: a real message each way (messaging → auth by
      // event), from a reviewer whose phone is verified.
      await eventually(async () =>
        expect((await reviewer.client.post('/api/messages', { receiverId: seller.user.id, content: 'còn hàng không?' })).status).toBe(201),
      );
      // The reviewer's account reaches messaging's copy of users by event: the reply may have to wait for it.
      await eventually(async () =>
        expect((await seller.client.post('/api/messages', { receiverId: reviewer.user.id, content: 'còn bạn ơi' })).status).toBe(201),
      );
      await verifiedPhone(stack.auth, reviewer);
      await eventually(async () =>
        expect((await reviewer.client.post(`/api/users/${seller.user.id}/reviews`, { rating: 3 + i, comment: `review ${i}` })).status).toBe(201),
      );
    }
    const first = await stack.client().get(`/api/users/${seller.user.id}/reviews?limit=2`);
    const second = await stack.client().get(`/api/users/${seller.user.id}/reviews?limit=2&offset=2`);
    expect(first.body.map((review: { comment: string }) => review.comment)).toEqual(['review 2', 'review 1']);
    expect(second.body.map((review: { comment: string }) => review.comment)).toEqual(['review 0']);
    const bad = await stack.client().get(`/api/users/${seller.user.id}/reviews?limit=5000`);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit must be at most 100');
  });

  it('the inbox comes in pages of limit/offset', async () => {
    const me = await registered(stack);
    for (let i = 0; i < 3; i += 1) {
      const other = await registered(stack);
      // Messaging learns of new users through events: wait until it knows the receiver.
      await eventually(async () => expect((await other.client.post('/api/messages', { receiverId: me.user.id, content: `tin nhắn ${i}` })).status).toBe(201));
    }
    const first = (await me.client.get('/api/conversations?limit=2')).body as { lastMessage: { content: string } }[];
    const rest = (await me.client.get('/api/conversations?limit=2&offset=2')).body as { lastMessage: { content: string } }[];
    expect(first.map((summary) => summary.lastMessage.content)).toEqual(['tin nhắn 2', 'tin nhắn 1']);
    expect(rest.map((summary) => summary.lastMessage.content)).toEqual(['tin nhắn 0']);
    expect((await me.client.get('/api/conversations?offset=-1')).status).toBe(400);
  });
});
