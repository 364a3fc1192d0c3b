import fc from 'fast-check';
import { WebSocket } from 'ws';
import { openSocket, registered, startStack, type Stack, eventually } from '@vnmarket/testkit';
import { assertProperty, hostileString } from './support';

/** Hostile WebSocket frames through the gateway: the service stays up and nobody else hears a thing. */
jest.setTimeout(120_000);

let stack: Stack<'auth' | 'messaging'>;
beforeAll(async () => {
  stack = await startStack('hostile-websocket', { only: ['auth', 'messaging'] });
});
afterAll(() => stack.stop());

const frame = fc.oneof(
  hostileString,
  fc.json(),
  fc.constantFrom(
    '{"type":"authenticate","userId":{"__proto__":{"admin":true}}}',
    '{"__proto__":{"type":"ping"}}',
    '{"type":"ping","type":"authenticate"}',
    '[]',
    'null',
    '{"type":"new_message"}',
  ),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
);

it('hostile frames never crash messaging, and another user receives nothing', async () => {
  const attacker = await registered(stack);
  const bystander = await registered(stack);
  const watcher = await openSocket(stack.gatewayUrl, bystander.client.cookieHeader());
  await assertProperty(
    fc.asyncProperty(fc.array(frame, { minLength: 1, maxLength: 6 }), async (frames) => {
      const socket = await openSocket(stack.gatewayUrl, attacker.client.cookieHeader());
      for (const payload of frames) {
        if (socket.ws.readyState === WebSocket.OPEN) socket.ws.send(payload);
      }
      // Every frame has been read (and answered) once a ping sent after them comes back, or the socket closed.
      await socket.flush();
      socket.ws.terminate();
      expect((await fetch(`${stack.messaging.url}/readyz`)).status).toBe(200);
    }),
    25,
  );
  // Someone else's id in authenticate ends the socket (1008); a frame over the limit too (1009).
  const impostor = await openSocket(stack.gatewayUrl, attacker.client.cookieHeader());
  impostor.send({ type: 'authenticate', userId: bystander.user.id.toUpperCase() });
  expect((await impostor.closed).code).toBe(1008);
  const flooder = await openSocket(stack.gatewayUrl, attacker.client.cookieHeader());
  flooder.ws.send('x'.repeat(70_000));
  expect((await flooder.closed).code).toBe(1009);
  await eventually(async () => expect((await fetch(`${stack.messaging.url}/readyz`)).status).toBe(200));
  expect(watcher.received.filter((message) => message.type === 'new_message')).toEqual([]);
  watcher.ws.close();
});
