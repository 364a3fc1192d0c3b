import { registered, startAuth, type RunningAuth } from '@vnmarket/testkit';
import { newAddresses, SMALL_SIGN_IN_LIMITS } from './support';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('login-throttle', SMALL_SIGN_IN_LIMITS);
});
afterAll(() => auth.stop());
const fromNewAddress = newAddresses();

describe('sign-in throttling (OWASP: per account and client, per account, per client)', () => {
  it('100 parallel wrong passwords: each is counted before hashing, so at most the limit are checked', async () => {
    const victim = await registered(auth, {}, fromNewAddress());
    const attacker = { 'x-forwarded-for': '198.51.100.7' };
    const attempts = await Promise.all(
      Array.from({ length: 100 }, () =>
        auth.client().request('POST', '/api/login', { json: { identifier: victim.phone, password: 'wrong guess' }, headers: attacker }),
      ),
    );
    const statuses = attempts.map((attempt) => attempt.status);
    // 401 only comes after argon2 compared the password: no more of those than the per-client limit.
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(96);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    const refused = attempts.find((attempt) => attempt.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it("junk attempts from one client do not lock the owner out from theirs, and the owner's success costs nothing", async () => {
    const owner = await registered(auth, {}, fromNewAddress());
    const attacker = fromNewAddress();
    for (let i = 0; i < 4; i += 1) {
      await auth.client().request('POST', '/api/login', { json: { identifier: owner.phone, password: `junk ${i}` }, headers: attacker });
    }
    const locked = await auth.client().request('POST', '/api/login', { json: { identifier: owner.phone, password: owner.password }, headers: attacker });
    expect(locked.status).toBe(429);
    const home = fromNewAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await auth.client().request('POST', '/api/login', { json: { identifier: owner.phone, password: owner.password }, headers: home })).status).toBe(
        200,
      );
    }
  });

  it('counts an account once however it is named: failures by phone lock its email out too, and the other way round', async () => {
    const email = `throttle.${Date.now()}@example.com`;
    const owner = await registered(auth, { email }, fromNewAddress());
    const attacker = fromNewAddress();
    const attempt = (identifier: string, password: string) =>
      auth.client().request('POST', '/api/login', { json: { identifier, password }, headers: attacker });
    for (let i = 0; i < 2; i += 1) expect((await attempt(owner.phone, `junk ${i}`)).status).toBe(401);
    for (let i = 0; i < 2; i += 1) expect((await attempt(email.toUpperCase(), `junk by email ${i}`)).status).toBe(401);
    // Four failures in all from this client: the limit, whichever name each one used.
    expect((await attempt(email, owner.password)).status).toBe(429);
    expect((await attempt(owner.phone, owner.password)).status).toBe(429);
    // An email that names no account is counted on its own, as before.
    const stranger = `nobody.${Date.now()}@example.com`;
    for (let i = 0; i < 4; i += 1) expect((await attempt(stranger, 'guess')).status).toBe(401);
    expect((await attempt(stranger, 'guess')).status).toBe(429);
  });

  it('keys IPv6 clients by their /64: rotating addresses inside it does not reset the count', async () => {
    const owner = await registered(auth, {}, fromNewAddress());
    const statuses: number[] = [];
    for (let i = 1; i <= 5; i += 1) {
      const response = await auth.client().request('POST', '/api/login', {
        json: { identifier: owner.phone, password: 'wrong' },
        headers: { 'x-forwarded-for': `2001:db8:abcd:12::${i.toString(16)}:${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
