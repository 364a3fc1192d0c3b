import { registered, startAuth, type RunningAuth } from '@vnmarket/testkit';

/**
 * Revocation in Redis is what every service checks. When it cannot be done, sign-out and account
 * deletion must fail and change nothing, never succeed while the token still works.
 */
let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('revocation');
});
afterAll(() => auth.stop());

/** Redis refusing revocations (a network split right after the request was authenticated). */
function failRevocations(): () => void {
  const registry = auth.infrastructure.sessions;
  const original = registry.revoke.bind(registry);
  registry.revoke = () => Promise.reject(Object.assign(new Error('Connection is closed.'), { name: 'Error' }));
  return () => {
    registry.revoke = original;
  };
}

it('account deletion that cannot revoke the sessions fails with 503 and deletes nothing; retried, it works', async () => {
  const { client, user, password } = await registered(auth);
  const restore = failRevocations();
  const failed = await client.request('DELETE', '/api/users/profile', { json: { password } });
  restore();
  expect(failed.status).toBe(503);
  expect(await auth.infrastructure.db('users').where({ id: user.id })).toHaveLength(1);
  expect(await auth.infrastructure.db('outbox_events').where({ type: 'user.deleted' }).whereRaw("envelope->'data'->>'id' = ?", [user.id])).toHaveLength(0);
  expect((await client.get('/api/auth/user')).status).toBe(200);

  const cookie = client.cookieHeader();
  expect((await client.request('DELETE', '/api/users/profile', { json: { password } })).status).toBe(200);
  expect((await auth.client().get('/api/auth/user', { cookie })).status).toBe(401);
});

it('sign-out that cannot revoke the session fails with 503, and the session row stays for a retry', async () => {
  const { client } = await registered(auth);
  const restore = failRevocations();
  const failed = await client.post('/api/logout');
  restore();
  expect(failed.status).toBe(503);
  expect((await client.get('/api/auth/user')).status).toBe(200);
  expect((await client.post('/api/logout')).status).toBe(200);
  expect((await client.get('/api/auth/user')).status).toBe(401);
});
