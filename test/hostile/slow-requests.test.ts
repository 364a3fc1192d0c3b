import net from 'node:net';
import { listingBody, registered, startStack, type Stack } from '@vnmarket/testkit';

/**
 * No request is left hanging, against the real gateway and listings service: a malformed request line is
 * answered at once, and a body that trickles is cut after the gateway's read timeout (1 s here), whether
 * the service refused the write before reading it (an anonymous one) or was waiting for all of it. A
 * trickled listing is never created.
 */
const READ_TIMEOUT_MS = 1000;
let stack: Stack<'auth' | 'listings'>;
let port: number;

beforeAll(async () => {
  stack = await startStack('hostile-slow-requests', {
    only: ['auth', 'listings'],
    overrides: { gateway: { GATEWAY_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS) } },
  });
  port = Number(new URL(stack.gatewayUrl).port);
}, 60_000);
afterAll(() => stack.stop());

/** Sends `head` at once, then `trickle` bytes one at a time every `everyMs`; resolves with what came back and when the gateway closed. */
function exchange(head: string, trickle = 0, everyMs = 200, giveUpMs = 5000): Promise<{ received: string; closedAfterMs: number | undefined }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    const started = performance.now();
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent++ < trickle && !socket.destroyed) socket.write('x');
    }, everyMs);
    const giveUp = setTimeout(() => finish(undefined), giveUpMs);
    const finish = (closedAfterMs: number | undefined) => {
      clearInterval(timer);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ received, closedAfterMs });
    };
    socket.on('data', (chunk) => (received += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.on('close', () => finish(performance.now() - started));
    socket.write(head);
  });
}

it('answers `GET http://[::1 HTTP/1.1` with a 400 and closes the connection within a second', async () => {
  const { received, closedAfterMs } = await exchange('GET http://[::1 HTTP/1.1\r\nHost: localhost\r\n\r\n', 0, 200, 1000);
  expect(closedAfterMs).toBeLessThan(1000);
  expect(received).toMatch(/^HTTP\/1\.1 400 /);
});

it('cuts off an anonymous POST /api/listings that announces 100 kB and trickles it, after the read timeout', async () => {
  const head = 'POST /api/listings HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n';
  const { received, closedAfterMs } = await exchange(head, 100_000);
  // 408 while the service waits for the body it parses before it checks the session; 401 if it refused first.
  expect(received).toMatch(/^HTTP\/1\.1 (408|401) /);
  expect(closedAfterMs).toBeGreaterThanOrEqual(READ_TIMEOUT_MS * 0.9);
  expect(closedAfterMs).toBeLessThan(READ_TIMEOUT_MS * 4);
});

it("cuts off a member's trickled listing with a 408, creates nothing, and the member's next listing goes through", async () => {
  const member = await registered(stack);
  const body = JSON.stringify(listingBody({ title: 'Nhỏ giọt' }));
  const head =
    `POST /api/listings HTTP/1.1\r\nHost: localhost\r\nCookie: ${member.client.cookieHeader()}\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, 20)}`;
  const { received, closedAfterMs } = await exchange(head, 1000);
  expect(received).toMatch(/^HTTP\/1\.1 408 /);
  expect(received).toContain('"code":"request_timeout"');
  expect(closedAfterMs).toBeLessThan(READ_TIMEOUT_MS * 4);
  expect((await member.client.get('/api/users/listings')).body).toEqual([]);

  const created = await member.client.post('/api/listings', listingBody({ title: 'Đủ cả' }));
  expect(created.status).toBe(201);
});
