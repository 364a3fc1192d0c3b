import { registered, startAuth, type RunningAuth } from '@vnmarket/testkit';
import { SMALL_SIGN_IN_LIMITS } from './support';

/** The sign-in limits at small sizes: account deletion's password check counts against the same ones. */
let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('deletion-throttle', SMALL_SIGN_IN_LIMITS);
});
afterAll(() => auth.stop());

const TOO_MANY = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const deleteAccount = (member: Awaited<ReturnType<typeof registered>>, password: string, headers: Record<string, string>) =>
  member.client.request('DELETE', '/api/users/profile', { json: { password }, headers });

it('a loop of wrong passwords on DELETE /api/users/profile is refused with 429 before argon2 runs, and signing in is refused alike', async () => {
  const member = await registered(auth, {}, { 'x-forwarded-for': '203.0.113.40' });
  const client = { 'x-forwarded-for': '198.51.100.40' };
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 12; attempt += 1) statuses.push((await deleteAccount(member, 'wrong guess', client)).status);
  expect(statuses.slice(0, 4)).toEqual([403, 403, 403, 403]);
  expect(statuses.slice(4)).toEqual(Array(8).fill(429));
  const refused = await deleteAccount(member, member.password, client);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ message: TOO_MANY, code: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // The same limiter as sign-in: this account from this address cannot sign in either for now.
  const signIn = await auth.client().request('POST', '/api/login', { json: { identifier: member.phone, password: member.password }, headers: client });
  expect(signIn.status).toBe(429);
  expect((await member.client.get('/api/auth/user')).status).toBe(200);
});

it('400 parallel wrong passwords: each is counted before hashing, so at most the limit are checked', async () => {
  const member = await registered(auth, {}, { 'x-forwarded-for': '203.0.113.41' });
  const client = { 'x-forwarded-for': '198.51.100.41' };
  const started = Date.now();
  const statuses = (await Promise.all(Array.from({ length: 400 }, () => deleteAccount(member, 'wrong guess', client)))).map((response) => response.status);
  // 403 comes only after argon2 compared the password: no more of those than the per-client limit.
  expect(statuses.filter((status) => status === 403).length).toBeLessThanOrEqual(4);
  expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(396);
  console.log(`400 parallel wrong deletion passwords answered in ${Date.now() - started} ms`);
});

it('the right password, within the limits, deletes the account and gives back what it counted', async () => {
  const member = await registered(auth, {}, { 'x-forwarded-for': '203.0.113.42' });
  const client = { 'x-forwarded-for': '198.51.100.42' };
  for (let attempt = 0; attempt < 3; attempt += 1) expect((await deleteAccount(member, 'wrong guess', client)).status).toBe(403);
  const deleted = await deleteAccount(member, member.password, client);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual({ message: 'Account deleted' });
});
