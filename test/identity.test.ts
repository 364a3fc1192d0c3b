import { registered } from '../services/auth/test/support';
import { listingBody } from '../services/listings/test/support';
import { startStack, type Stack } from './stack';

/**
 * PostgreSQL folds a uuid's case; JavaScript string comparison does not. Every id a client sends is
 * normalised once (proto's idSchema, shared pathId), so an upper-case id is the same identity everywhere.
 */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack('identity');
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
  const sent = await sender.client.post('/api/messages', { receiverId: upper(victim.user.id), content: 'Xin chào' });
  expect(sent.status).toBe(201);
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
