import { randomUUID } from 'node:crypto';
import { buildEvent } from '@vnmarket/proto';
import jwt from 'jsonwebtoken';
import { userSchema } from '@vnmarket/proto';
import { eventually, generateSigningKeys, newUser, registered, startAuth, TestClient, type RunningAuth } from '@vnmarket/testkit';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('accounts');
});
afterAll(() => auth.stop());

describe('register', () => {
  it('creates the account, signs in with an httpOnly SameSite cookie and never returns the password', async () => {
    const client = auth.client();
    const body = newUser({ email: 'Lan.Nguyen@Example.com', phone: '(408) 555-7788' });
    const response = await client.post('/api/register', body);
    expect(response.status).toBe(201);
    expect(userSchema.strict().parse(response.body)).toMatchObject({
      firstName: 'Lan',
      phone: '+14085557788',
      email: 'lan.nguyen@example.com',
      phoneVerified: false,
      isVerified: false,
      averageRating: 0.0,
      reviewCount: 0,
    });
    expect(response.text).not.toMatch(/password|argon/i);
    const cookie = response.headers.getSetCookie()[0]!;
    expect(cookie).toMatch(/^vnm_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/); // not production

    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(response.body.id);
    expect(Object.keys(me.body)).not.toContain('password');
  });

  it('takes the language of the sign-up page, so an account made in Vietnamese starts in Vietnamese', async () => {
    const client = auth.client();
    const response = await client.post('/api/register', newUser({ preferredLanguage: 'vi' }));
    expect(response.status).toBe(201);
    expect(userSchema.strict().parse(response.body).preferredLanguage).toBe('vi');
    expect((await client.get('/api/auth/user')).body.preferredLanguage).toBe('vi');
    expect(await auth.infrastructure.db('users').where({ id: response.body.id }).first()).toMatchObject({ preferred_language: 'vi' });
    // Without it the account has none (treated as English).
    expect((await auth.client().post('/api/register', newUser())).body.preferredLanguage).toBeNull();
    // Any other value is a 400 that creates nothing.
    const refused = newUser({ preferredLanguage: 'fr' });
    const answer = await auth.client().post('/api/register', refused);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: 'Preferred language must be "en" or "vi"',
      code: 'invalid_request',
      errors: { preferredLanguage: ['Preferred language must be "en" or "vi"'] },
    });
    expect(await auth.infrastructure.db('users').where({ phone: `+1${refused.phone}` })).toEqual([]);
  });

  it('refuses a phone number another account has verified, in any format, with 409', async () => {
    const first = await registered(auth);
    await auth.infrastructure.db('users').where({ id: first.user.id }).update({ phone_verified: true });
    const formatted = `(${first.phone.slice(0, 3)}) ${first.phone.slice(3, 6)}-${first.phone.slice(6)}`;
    const response = await auth.client().post('/api/register', newUser({ phone: formatted }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this phone number already exists');
  });

  it('lets the owner of a number sign up while a squatter holds it unverified; verifying takes it back', async () => {
    const squatter = await registered(auth);
    const owner = await auth.client().post('/api/register', newUser({ phone: squatter.phone, password: 'owner password' }));
    expect(owner.status).toBe(201);
    // The owner proves the number by SMS (verification publishes phone.verified).
    const event = buildEvent('phone.verified', { userId: owner.body.id, phone: owner.body.phone }, randomUUID(), new Date());
    await auth.infrastructure.bus.publish(event);
    await eventually(async () => expect((await auth.infrastructure.db('users').where({ id: owner.body.id }).first()).phone_verified).toBe(true));
    const lost = await auth.infrastructure.db('users').where({ id: squatter.user.id }).first();
    expect(lost).toMatchObject({ phone: null, phone_verified: false });
    expect((await squatter.client.get('/api/auth/user')).body.phone).toBeNull();
    // Signing in by that number now means the owner; a third sign-up with it is refused.
    const signIn = await auth.client().post('/api/login', { identifier: squatter.phone, password: 'owner password' });
    expect(signIn.body.id).toBe(owner.body.id);
    expect((await auth.client().post('/api/login', { identifier: squatter.phone, password: squatter.password })).status).toBe(401);
    expect((await auth.client().post('/api/register', newUser({ phone: squatter.phone }))).status).toBe(409);
  });

  it('refuses an email that is taken, whatever its case, with 409', async () => {
    await registered(auth, { email: 'dup@example.com' });
    const response = await auth.client().post('/api/register', newUser({ email: 'DUP@example.com' }));
    expect(response.status).toBe(409);
    expect(response.body.message).toBe('An account with this email already exists');
  });

  it.each([
    [{ password: 'short' }, 'Password must be at least 8 characters', 'password'],
    [{ phone: '123' }, 'Phone number is required', 'phone'],
    [{ phone: 'abcdefghijk' }, 'Please enter a valid phone number', 'phone'],
    [{ firstName: '' }, 'First name is required', 'firstName'],
    [{ lastName: '   ' }, 'Last name is required', 'lastName'],
    [{ email: 'not-an-email' }, 'Please enter a valid email address', 'email'],
    [{ preferredLanguage: 'fr' }, 'Preferred language must be "en" or "vi"', 'preferredLanguage'],
    [{ preferredLanguage: null }, 'Preferred language must be "en" or "vi"', 'preferredLanguage'],
  ])('answers 400 for %j with the spec message', async (override, message, field) => {
    const response = await auth.client().post('/api/register', newUser(override));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(response.body.errors[field]).toContain(message);
    expect(response.headers.getSetCookie()).toHaveLength(0);
  });

  it('treats an empty email as none', async () => {
    const response = await auth.client().post('/api/register', newUser({ email: '' }));
    expect(response.status).toBe(201);
    expect(response.body.email).toBeNull();
  });

  it('ignores fields a client may not set (mass assignment)', async () => {
    const response = await auth
      .client()
      .post('/api/register', newUser({ phoneVerified: true, isVerified: true, averageRating: 5.0, id: '00000000-0000-4000-8000-000000000000' }));
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ phoneVerified: false, isVerified: false, averageRating: 0.0 });
    expect(response.body.id).not.toBe('00000000-0000-4000-8000-000000000000');
  });
});

describe('login', () => {
  it('signs in by phone in any format and by email', async () => {
    const { phone, password, user } = await registered(auth, { email: 'minh@example.com' });
    const byPhone = await auth.client().post('/api/login', { identifier: `+1 ${phone}`, password });
    expect(byPhone.status).toBe(200);
    expect(byPhone.body.id).toBe(user.id);
    expect(byPhone.headers.getSetCookie()[0]).toMatch(/^vnm_session=.+HttpOnly/);

    const byEmail = auth.client();
    expect((await byEmail.post('/api/login', { identifier: 'MINH@example.com', password })).status).toBe(200);
    expect((await byEmail.get('/api/auth/user')).body.id).toBe(user.id);
  });

  it('answers a wrong password and an unknown account identically', async () => {
    const { phone } = await registered(auth);
    const wrongPassword = await auth.client().post('/api/login', { identifier: phone, password: 'not the password' });
    const unknownPhone = await auth.client().post('/api/login', { identifier: '4155550000', password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid credentials', code: 'invalid_credentials' });
    expect(unknownPhone.status).toBe(wrongPassword.status);
    expect(unknownPhone.text).toBe(wrongPassword.text);
  });

  it('validates with the spec messages', async () => {
    const noIdentifier = await auth.client().post('/api/login', { identifier: '', password: 'x' });
    expect(noIdentifier.status).toBe(400);
    expect(noIdentifier.body.message).toBe('Email or phone is required');
    const noPassword = await auth.client().post('/api/login', { identifier: 'a@b.co' });
    expect(noPassword.body.message).toBe('Password is required');
  });

  it('throttles an identifier after 10 failures: the 11th attempt gets 429, even with the right password', async () => {
    const { phone, password } = await registered(auth);
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await auth.client().post('/api/login', { identifier: phone, password: `wrong-${attempt}` });
      expect(response.status).toBe(401);
    }
    const blocked = await auth.client().post('/api/login', { identifier: phone, password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Too many sign-in attempts/);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('GET /api/login starts sign-in by sending the browser to /login', async () => {
    const response = await auth.client().get('/api/login');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/login');
  });
});

describe('sessions', () => {
  it('logout revokes the session server-side: the old cookie then gets 401 Unauthorized', async () => {
    const { client } = await registered(auth);
    const stolen = client.cookieHeader();
    const logout = await client.post('/api/logout');
    expect(logout.status).toBe(200);
    expect(logout.headers.getSetCookie()[0]).toMatch(/vnm_session=;/);
    const replay = await auth.client().get('/api/auth/user', { cookie: stolen });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toContain('Unauthorized');
  });

  it('sign-in sets a signed-in cookie the page can read, as long-lived as the session; sign-out clears both', async () => {
    const { phone, password } = await registered(auth);
    const login = await auth.client().post('/api/login', { identifier: phone, password });
    const [session, signedIn] = login.headers.getSetCookie();
    expect(session).toMatch(/^vnm_session=.+HttpOnly/);
    expect(signedIn).toMatch(/^vnm_signed_in=1; /);
    expect(signedIn).not.toMatch(/HttpOnly/);
    expect(signedIn).toMatch(/SameSite=Lax/);
    const maxAge = (cookie: string) => Number(/Max-Age=(\d+)/.exec(cookie)?.[1]);
    expect(maxAge(signedIn!)).toBe(maxAge(session!));
    expect(maxAge(session!)).toBe(auth.config.SESSION_TTL_SECONDS);

    const client = auth.client();
    await client.post('/api/login', { identifier: phone, password });
    const logout = await client.post('/api/logout');
    expect(logout.headers.getSetCookie().map((cookie) => cookie.split(';')[0])).toEqual(['vnm_session=', 'vnm_signed_in=']);
    expect(client.cookies.size).toBe(0);
  });

  it('GET /api/auth/user clears both cookies for a session that is gone, and gives a live one its signed-in cookie back', async () => {
    const { client } = await registered(auth);
    const revoked = client.cookieHeader();
    expect(revoked).toMatch(/vnm_signed_in=1/);
    // A member who has the cookies, with the signed-in one present: nothing to set.
    const asked = await client.get('/api/auth/user');
    expect(asked.status).toBe(200);
    expect(asked.headers.getSetCookie()).toEqual([]);

    // A session from before the signed-in cookie (or with it deleted) gets it, as long-lived as the session.
    client.cookies.delete('vnm_signed_in');
    const restored = await client.get('/api/auth/user');
    expect(restored.status).toBe(200);
    const [signedIn, ...others] = restored.headers.getSetCookie();
    expect(others).toEqual([]);
    expect(signedIn).toMatch(/^vnm_signed_in=1; /);
    const maxAge = Number(/Max-Age=(\d+)/.exec(signedIn!)?.[1]);
    expect(maxAge).toBeGreaterThan(auth.config.SESSION_TTL_SECONDS - 60);
    expect(maxAge).toBeLessThanOrEqual(auth.config.SESSION_TTL_SECONDS);

    // Signed out on another device: this browser's cookies name a session that is gone, and are cleared.
    expect((await auth.client().post('/api/logout', undefined, { cookie: revoked })).status).toBe(200);
    const gone = await auth.client().get('/api/auth/user', { cookie: revoked });
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ message: 'Unauthorized', code: 'authentication_required' });
    expect(gone.headers.getSetCookie().map((cookie) => cookie.split(';')[0])).toEqual(['vnm_session=', 'vnm_signed_in=']);
    // A forged signed-in cookie alone is cleared the same way; a request with no cookie gets no Set-Cookie.
    const forged = await auth.client().get('/api/auth/user', { cookie: 'vnm_signed_in=1' });
    expect(forged.status).toBe(401);
    expect(forged.headers.getSetCookie().map((cookie) => cookie.split(';')[0])).toEqual(['vnm_session=', 'vnm_signed_in=']);
    expect((await auth.client().get('/api/auth/user')).headers.getSetCookie()).toEqual([]);
  });

  it('signing out one device leaves the others signed in', async () => {
    const { phone, password, client: laptop } = await registered(auth);
    const phoneApp = auth.client();
    await phoneApp.post('/api/login', { identifier: phone, password });
    await laptop.post('/api/logout');
    expect((await phoneApp.get('/api/auth/user')).status).toBe(200);
  });

  it('rejects a missing cookie, garbage, another key, alg none, HS256 with the public key and an expired token', async () => {
    const { user } = await registered(auth);
    const claims = { sub: user.id, jti: 'some-session', iss: auth.config.JWT_ISSUER, aud: auth.config.JWT_AUDIENCE };
    const otherKey = jwt.sign(claims, generateSigningKeys().privateKey, { algorithm: 'ES256', expiresIn: 600 });
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
    const algNone = `${header}.${payload}.`;
    const confused = jwt.sign(claims, auth.config.JWT_PUBLIC_KEY, { algorithm: 'HS256', expiresIn: 600 });
    const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 }, auth.environment.keys.privateKey, { algorithm: 'ES256' });
    for (const token of [undefined, 'garbage', otherKey, algNone, confused, expired]) {
      const response = await new TestClient(auth.url).get('/api/auth/user', token ? { cookie: `vnm_session=${token}` } : {});
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: 'Unauthorized', code: 'authentication_required' });
    }
  });

  it('a correctly signed token for a session that was never opened is refused', async () => {
    const { user } = await registered(auth);
    const forged = jwt.sign({}, auth.environment.keys.privateKey, {
      algorithm: 'ES256',
      subject: user.id,
      jwtid: 'never-opened',
      issuer: auth.config.JWT_ISSUER,
      audience: auth.config.JWT_AUDIENCE,
      expiresIn: 600,
    });
    expect((await auth.client().get('/api/auth/user', { cookie: `vnm_session=${forged}` })).status).toBe(401);
  });

  it('sessions survive a Redis flush: auth refills the registry from its table', async () => {
    const { client } = await registered(auth);
    const keys = await auth.infrastructure.redis.keys(`${auth.config.REDIS_KEY_PREFIX}session:*`);
    const unprefixed = keys.map((key) => key.slice(auth.config.REDIS_KEY_PREFIX.length));
    await auth.infrastructure.redis.del(...unprefixed);
    expect((await client.get('/api/auth/user')).status).toBe(401);
    await auth.service.sessions.syncRegistry();
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });
});
