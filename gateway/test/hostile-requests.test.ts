import net from 'node:net';
import { freePort } from '@vnmarket/testkit';
import { spawnGateway, type GatewayProcess } from './process';

/**
 * Raw requests that once ended the gateway process. The gateway runs as its own process here, so a
 * crash shows as an exit, not as a failed assertion inside the test runner.
 */
let gateway: GatewayProcess;
let port: number;
let exited: number | null = null;

/** Whether the bytes hold one whole HTTP response: its head, and all the body its framing announces. */
function wholeResponse(received: string): boolean {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd < 0) return false;
  const head = received.slice(0, headEnd);
  const body = received.slice(headEnd + 4);
  const length = /^content-length:\s*(\d+)\s*$/im.exec(head);
  if (length) return body.length >= Number(length[1]);
  if (/^transfer-encoding:\s*chunked\s*$/im.test(head)) return /(^|\r\n)0\r\n\r\n$/.test(body);
  return false;
}

/**
 * Sends bytes as they are and returns what comes back: one whole response, or what came until the server
 * closed (or, for a response without framing on a connection kept open, went quiet for `quietMs` after its
 * last byte). The first byte is waited for longer: beside the whole suite a first answer can take seconds.
 */
function raw(request: string, quietMs = 1500, firstByteMs = 10_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      resolve(received);
    };
    let timer = setTimeout(finish, firstByteMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      if (wholeResponse(received)) return finish();
      clearTimeout(timer);
      timer = setTimeout(finish, quietMs);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
    socket.on('error', () => undefined);
    socket.write(request);
  });
}

async function alive(): Promise<void> {
  expect(exited).toBeNull();
  const response = await fetch(`http://127.0.0.1:${port}/livez`);
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  const closed = `http://127.0.0.1:${await freePort()}`;
  gateway = await spawnGateway({ AUTH_URL: closed, LISTINGS_URL: closed, MESSAGING_URL: closed, MEDIA_URL: closed, VERIFICATION_URL: closed });
  port = gateway.port;
  void gateway.exited.then((code) => {
    exited = code ?? -1;
  });
}, 40_000);

afterAll(() => {
  gateway.child.kill('SIGKILL');
});

it('answers 400 to an upgrade whose path is not a URL (`GET //[`), and keeps running', async () => {
  const reply = await raw(
    'GET //[ HTTP/1.1\r\nHost: localhost\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
  );
  expect(reply).toMatch(/^HTTP\/1\.1 400 /);
  await alive();
});

it('answers `GET http://[::1 HTTP/1.1` (a malformed absolute URL) with a 400 or a close within a second', async () => {
  const started = performance.now();
  const reply = await raw('GET http://[::1 HTTP/1.1\r\nHost: localhost\r\n\r\n', 200, 1000);
  expect(performance.now() - started).toBeLessThan(1000);
  expect(reply).toMatch(/^(HTTP\/1\.1 400 |$)/);
  await alive();
});

it.each([
  ['an upgrade to an unknown path', 'GET /nope HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n', /^HTTP\/1\.1 404 /],
  [
    'an upgrade in absolute form with a bad host',
    'GET http://[::1/ws HTTP/1.1\r\nHost: x\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n',
    /^HTTP\/1\.1 4\d\d /,
  ],
  ['a path with a broken percent sequence', 'GET /api/listings/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 (4\d\d|503) /],
  ['a web path with a lone percent', 'GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', /^HTTP\/1\.1 4\d\d /],
  ['a request line with a NUL', 'GET /a\u0000b HTTP/1.1\r\nHost: x\r\n\r\n', /^HTTP\/1\.1 400 /],
  ['two Content-Length headers', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab', /^HTTP\/1\.1 400 /],
  ['a chunk size that is not hex', 'POST /api/login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n', /^HTTP\/1\.1 400 /],
])('refuses %s and stays up', async (_name, request, expected) => {
  const reply = await raw(request);
  expect(reply).toMatch(expected);
  expect(reply).not.toMatch(/ 500 |at .*\.ts:\d+/);
  await alive();
});
