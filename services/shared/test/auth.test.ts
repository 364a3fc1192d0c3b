import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { createAuthenticator, createRedis, SESSION_TOKEN_ALGORITHM, SessionRegistry, type Authenticator } from '@vnmarket/shared';
import { deleteRedisKeys, generateSigningKeys, REDIS_URL, uniqueId } from '@vnmarket/testkit/core';

/** The session check every service runs, against the real Redis: signatures verified once per token, liveness every time. */
const prefix = `${uniqueId('auth-test')}:`;
const redis = createRedis(REDIS_URL, prefix);
const sessions = new SessionRegistry(redis);
const keys = generateSigningKeys();
const other = generateSigningKeys();
const claims = { issuer: 'vnmarket-auth', audience: 'vnmarket' };
let clock = Date.now();

afterAll(async () => {
  redis.disconnect();
  await deleteRedisKeys(prefix);
});
afterEach(() => jest.restoreAllMocks());

function authenticator(verifiedTokenCacheSize?: number): Authenticator {
  return createAuthenticator({ publicKey: keys.publicKey, ...claims, cookieName: 'vnm_session', sessions, now: () => clock, verifiedTokenCacheSize });
}

/** A live session and its token, expiring ttlSeconds from the test clock. */
async function signedIn(ttlSeconds = 3600, privateKey = keys.privateKey) {
  const userId = randomUUID();
  const sessionId = randomUUID();
  await sessions.activate(sessionId, userId, 3600);
  const token = jwt.sign({ sub: userId, jti: sessionId, exp: Math.floor(clock / 1000) + ttlSeconds }, privateKey, {
    algorithm: SESSION_TOKEN_ALGORITHM,
    ...claims,
  });
  return { userId, sessionId, token };
}

it('verifies a token’s signature once, and asks Redis whether its session is live on every request', async () => {
  const auth = authenticator();
  const { userId, sessionId, token } = await signedIn();
  const signatureChecks = jest.spyOn(jwt, 'verify');
  const liveness = jest.spyOn(sessions, 'ownerOf');
  expect(await auth.verify(token)).toMatchObject({ userId, sessionId });
  expect(await auth.verify(token)).toMatchObject({ userId, sessionId });
  expect(await auth.verify(token)).toMatchObject({ userId, sessionId });
  expect(signatureChecks).toHaveBeenCalledTimes(1);
  expect(liveness).toHaveBeenCalledTimes(3);
});

it('refuses a remembered token at once when its session is signed out', async () => {
  const auth = authenticator();
  const { sessionId, token } = await signedIn();
  expect(await auth.verify(token)).not.toBeNull();
  await sessions.revoke(sessionId);
  expect(await auth.verify(token)).toBeNull();
});

it('refuses a remembered token once it has expired', async () => {
  const auth = authenticator();
  const { token } = await signedIn(60);
  expect(await auth.verify(token)).not.toBeNull();
  clock += 60_000;
  expect(await auth.verify(token)).toBeNull();
  clock -= 60_000;
});

it('remembers nothing of a token that fails verification: a forged one, a tampered one', async () => {
  const auth = authenticator();
  const forged = await signedIn(3600, other.privateKey);
  expect(await auth.verify(forged.token)).toBeNull();
  expect(await auth.verify(forged.token)).toBeNull();
  const genuine = await signedIn();
  const [header, payload, signature] = genuine.token.split('.');
  const tampered = `${header}.${Buffer.from(JSON.stringify({ ...jwt.decode(genuine.token, { json: true }), sub: forged.userId })).toString('base64url')}.${signature}`;
  expect(payload).not.toBe(tampered.split('.')[1]);
  expect(await auth.verify(genuine.token)).not.toBeNull();
  expect(await auth.verify(tampered)).toBeNull();
});

it('keeps at most verifiedTokenCacheSize tokens: the oldest is verified again', async () => {
  const auth = authenticator(2);
  const [first, second, third] = [await signedIn(), await signedIn(), await signedIn()];
  for (const { token } of [first, second, third]) await auth.verify(token);
  const signatureChecks = jest.spyOn(jwt, 'verify');
  expect(await auth.verify(third.token)).not.toBeNull();
  expect(signatureChecks).toHaveBeenCalledTimes(0);
  expect(await auth.verify(first.token)).not.toBeNull();
  expect(signatureChecks).toHaveBeenCalledTimes(1);
});
