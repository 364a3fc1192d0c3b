import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { openSocket, registered, startStack, type Stack, eventually } from '@vnmarket/testkit';
import { signSessionToken } from '@vnmarket/auth/tokens';

/** A socket lives only as long as its session: checked on every heartbeat, and closed at expiry. */
let stack: Stack<'auth' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('socket-sessions', { only: ['auth', 'messaging'], overrides: { messaging: { WS_HEARTBEAT_MS: '200' } } });
});
afterAll(() => stack.stop());

const sessionIdOf = (cookie: string) => (jwt.decode(/vnm_session=([^;]+)/.exec(cookie)![1]!) as { jti: string }).jti;

it('a session revoked without its broadcast (a replica cut off from the broker) still closes its sockets within a heartbeat', async () => {
  const user = await registered(stack);
  const socket = await openSocket(stack.gatewayUrl, user.client.cookieHeader());
  // Only Redis forgets the session: no session.revoked event is sent.
  await stack.messaging.infrastructure.sessions.revoke(sessionIdOf(user.client.cookieHeader()));
  // Not a sleep: the bound the close must happen within (a heartbeat is 200 ms).
  const closed = await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 3000))]);
  expect(closed).toEqual({ code: 4001, reason: 'Signed out' });
});

it('a socket closes when its session token expires, though nobody signed out', async () => {
  const user = await registered(stack);
  const sessionId = randomUUID();
  await stack.messaging.infrastructure.sessions.activate(sessionId, user.user.id, 60);
  const token = signSessionToken(
    { privateKey: stack.environment.keys.privateKey, issuer: stack.messaging.config.JWT_ISSUER, audience: stack.messaging.config.JWT_AUDIENCE },
    user.user.id,
    sessionId,
    2,
  );
  const socket = await openSocket(stack.gatewayUrl, `vnm_session=${token}`);
  const opened = Date.now();
  // Not a sleep: the bound the close must happen within (expiry at 2 s).
  const closed = await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
  expect(closed).toEqual({ code: 4001, reason: 'Session expired' });
  expect(Date.now() - opened).toBeLessThan(3500);
});

it('a live session keeps its socket across many heartbeats', async () => {
  const user = await registered(stack);
  const socket = await openSocket(stack.gatewayUrl, user.client.cookieHeader());
  // Six heartbeats, counted by the server's pings (each one re-checks the session), rather than a guess at the time they take.
  let pings = 0;
  socket.ws.on('ping', () => (pings += 1));
  await eventually(async () => expect(pings).toBeGreaterThanOrEqual(6));
  await socket.flush();
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  expect(stack.messaging.service.hub.socketCount).toBeGreaterThan(0);
  socket.ws.close();
});
