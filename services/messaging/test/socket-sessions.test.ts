import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { registered } from '../../auth/test/support';
import { signSessionToken } from '../../auth/src/tokens';
import { startStack, type Stack } from '../../../test/stack';
import { openSocket } from './support';

/** A socket lives only as long as its session: checked on every heartbeat, and closed at expiry. */
let stack: Stack;
beforeAll(async () => {
  stack = await startStack('socket-sessions', { messaging: { WS_HEARTBEAT_MS: '200' } });
});
afterAll(() => stack.stop());

const sessionIdOf = (cookie: string) => (jwt.decode(/vnm_session=([^;]+)/.exec(cookie)![1]!) as { jti: string }).jti;

it('a session revoked without its broadcast (a replica cut off from the broker) still closes its sockets within a heartbeat', async () => {
  const user = await registered(stack);
  const socket = await openSocket(stack.gatewayUrl, user.client.cookieHeader());
  // Only Redis forgets the session: no session.revoked event is sent.
  await stack.messaging.infrastructure.sessions.revoke(sessionIdOf(user.client.cookieHeader()));
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
  const closed = await Promise.race([socket.closed, new Promise((resolve) => setTimeout(() => resolve('still open'), 5000))]);
  expect(closed).toEqual({ code: 4001, reason: 'Session expired' });
  expect(Date.now() - opened).toBeLessThan(3500);
});

it('a live session keeps its socket across many heartbeats', async () => {
  const user = await registered(stack);
  const socket = await openSocket(stack.gatewayUrl, user.client.cookieHeader());
  await new Promise((resolve) => setTimeout(resolve, 1200));
  expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  expect(stack.messaging.service.hub.socketCount).toBeGreaterThan(0);
  socket.ws.close();
});
