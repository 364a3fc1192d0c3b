import { listingBody, registered, startStack, type Stack, eventually } from '@vnmarket/testkit';

/**
 * Answers about the signed-in member carry Cache-Control: no-store (no browser, proxy or shared cache keeps
 * them); public answers keep their own caching. Through the gateway, as a browser sees them.
 */
let stack: Stack<'auth' | 'listings' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('personal-answers', { only: ['auth', 'listings', 'messaging'] });
}, 60_000);
afterAll(() => stack.stop());

it('every answer about the member is no-store; public ones are not', async () => {
  const member = await registered(stack);
  const other = await registered(stack);
  const listing = (await other.client.post('/api/listings', listingBody())).body as { id: string };
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').whereIn('id', [member.user.id, other.user.id])).toHaveLength(2));
  const message = (await member.client.post('/api/messages', { receiverId: other.user.id, content: 'Chào chị' })).body as { conversationId: string };
  await member.client.post(`/api/listings/${listing.id}/save`);

  const personal: [string, string, unknown?][] = [
    ['GET', '/api/auth/user'],
    ['PATCH', '/api/users/profile', { bio: 'Xin chào' }],
    ['GET', '/api/users/listings'],
    ['GET', '/api/saved-listings'],
    ['GET', '/api/conversations'],
    ['GET', `/api/conversations/${message.conversationId}/messages`],
    ['GET', '/api/messages/unread-count'],
    ['POST', `/api/listings/${listing.id}/phone`],
    ['POST', '/api/messages', { receiverId: other.user.id, content: 'Còn không chị?' }],
  ];
  for (const [method, path, json] of personal) {
    const response = await member.client.request(method, path, json === undefined ? {} : { json });
    expect([method, path, response.status < 500, response.headers.get('cache-control')]).toEqual([method, path, true, 'no-store']);
  }
  // Signing in answers the member too.
  const signIn = await stack.client().post('/api/login', { identifier: member.phone, password: member.password });
  expect(signIn.headers.get('cache-control')).toBe('no-store');

  const browse = await member.client.get('/api/listings');
  expect(browse.headers.get('cache-control')).toBe('no-cache');
  for (const path of [`/api/listings/${listing.id}`, `/api/users/${other.user.id}`]) {
    const response = await member.client.get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control') ?? '').not.toContain('no-store');
  }
});
