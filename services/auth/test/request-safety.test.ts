import { newUser, registered, startAuth, type RunningAuth, TestClient } from '@vnmarket/testkit';
import { BEHIND_PROXY, newAddresses } from './support';

let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('request-safety', { ...BEHIND_PROXY, BODY_LIMIT: '2kb', REGISTER_MAX_PER_IP_PER_HOUR: '3', LOGIN_MAX_ATTEMPTS_PER_IP: '5' });
});
afterAll(() => auth.stop());

/** Each test poses as a different client address. */
const fromNewAddress = newAddresses();

describe('CSRF', () => {
  it('refuses a cross-site form POST with a valid cookie and changes nothing', async () => {
    const address = fromNewAddress();
    const victim = await registered(auth, {}, fromNewAddress());
    const before = await victim.client.get('/api/auth/user');
    const attack = await victim.client.request('PATCH', '/api/users/profile', {
      body: '{"firstName":"Pwned"}',
      headers: { 'content-type': 'text/plain', origin: 'https://evil.example', ...address },
    });
    expect(attack.status).toBe(403);
    expect(attack.body.message).toBe('Cross-site request refused');
    const logout = await victim.client.request('POST', '/api/logout', {
      body: 'x=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
    });
    expect(logout.status).toBe(403);
    const after = await victim.client.get('/api/auth/user');
    expect(after.status).toBe(200);
    expect(after.body.firstName).toBe(before.body.firstName);
  });

  it('refuses a non-JSON body with a cookie even without an Origin header', async () => {
    const victim = await registered(auth, {}, fromNewAddress());
    const response = await victim.client.request('PATCH', '/api/users/profile', {
      body: 'firstName=Pwned',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect((await victim.client.get('/api/auth/user')).body.firstName).toBe('Lan');
  });

  it('accepts JSON writes from our own origin and from clients that send no Origin (curl)', async () => {
    const user = await registered(auth, {}, fromNewAddress());
    const own = await user.client.patch('/api/users/profile', { bio: 'Bán phở' }, { origin: 'http://localhost:8080' });
    expect(own.status).toBe(200);
    const curlLike = await user.client.patch('/api/users/profile', { bio: 'Bán bánh mì' });
    expect(curlLike.status).toBe(200);
    expect(curlLike.body.bio).toBe('Bán bánh mì');
  });
});

describe('bodies', () => {
  it('answers 413 JSON for a body over the limit', async () => {
    const response = await auth.client().request('POST', '/api/login', {
      json: { identifier: 'x'.repeat(5000), password: 'y' },
      headers: fromNewAddress(),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: 'Request body is too large', code: 'payload_too_large' });
  });

  it('answers 400 JSON for malformed JSON, without a stack trace', async () => {
    const response = await auth.client().request('POST', '/api/register', {
      body: '{"firstName": ',
      headers: { 'content-type': 'application/json', ...fromNewAddress() },
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Request body is not valid JSON');
    expect(response.text).not.toMatch(/at .*\.(ts|js):\d+/);
  });

  it('answers 400 for wrong types rather than failing', async () => {
    const response = await auth.client().request('POST', '/api/register', {
      json: { firstName: 12, lastName: ['x'], phone: { a: 1 }, password: null },
      headers: fromNewAddress(),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors).sort()).toEqual(['firstName', 'lastName', 'password', 'phone']);
  });

  it('answers 404 JSON for unknown paths', async () => {
    const response = await auth.client().get('/api/nope');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: 'Not found', code: 'not_found' });
  });
});

describe('rate limits keyed on the client address', () => {
  it('limits sign-ups per address, and another address is not affected', async () => {
    const address = fromNewAddress();
    for (let i = 0; i < 3; i += 1) {
      expect((await auth.client().request('POST', '/api/register', { json: newUser(), headers: address })).status).toBe(201);
    }
    const blocked = await auth.client().request('POST', '/api/register', { json: newUser(), headers: address });
    expect(blocked.status).toBe(429);
    expect((await auth.client().request('POST', '/api/register', { json: newUser(), headers: fromNewAddress() })).status).toBe(201);
  });

  it('limits login attempts per address across identifiers', async () => {
    const address = fromNewAddress();
    for (let i = 0; i < 5; i += 1) {
      const response = await auth.client().request('POST', '/api/login', { json: { identifier: `nobody${i}@example.com`, password: 'x' }, headers: address });
      expect(response.status).toBe(401);
    }
    const blocked = await auth.client().request('POST', '/api/login', { json: { identifier: 'someone@example.com', password: 'x' }, headers: address });
    expect(blocked.status).toBe(429);
  });

  it('trusts only the last hop: a client cannot dodge the limit by sending its own X-Forwarded-For', async () => {
    const proxyAddress = fromNewAddress()['x-forwarded-for'];
    for (let i = 0; i < 5; i += 1) {
      // What the gateway forwards when a client sends "X-Forwarded-For: 1.2.3.<i>": the gateway replaces it
      // with the real address; a second, untrusted entry before it must not change the key either.
      const response = await new TestClient(auth.url).request('POST', '/api/login', {
        json: { identifier: `spoof${i}@example.com`, password: 'x' },
        headers: { 'x-forwarded-for': `1.2.3.${i}, ${proxyAddress}` },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await new TestClient(auth.url).request('POST', '/api/login', {
      json: { identifier: 'spoof-last@example.com', password: 'x' },
      headers: { 'x-forwarded-for': `9.9.9.9, ${proxyAddress}` },
    });
    expect(blocked.status).toBe(429);
  });
});
