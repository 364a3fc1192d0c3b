import http from 'node:http';
import net from 'node:net';
import { startGatewayWith, startUpstream, type InProcessGateway } from './in-process';

/**
 * No request is left hanging: a request target Express cannot route is refused at once, a body that
 * trickles is cut after the read timeout (set small here) while a steady upload longer than it goes
 * through, and one client cannot hold more than its share of requests in flight.
 */
const READ_TIMEOUT_MS = 1000;
const MIN_BYTES_PER_SECOND = 1024;

let upstream: Awaited<ReturnType<typeof startUpstream>>;
/** Bytes of body each path's requests brought to the service, by request. */
let bodies: Map<string, number>;
let releaseHeld: (() => void)[] = [];
let edge: InProcessGateway;
let port: number;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    const answer = (status: number) => {
      const body = JSON.stringify({ ok: status < 400, got: bodies.get(req.url!) ?? 0 });
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
    };
    // Refused before its body is read, as requireAuth refuses an anonymous write.
    if (req.url === '/api/listings/anonymous') return void answer(401);
    if (req.url === '/api/listings/held') return void releaseHeld.push(() => answer(200));
    bodies.set(req.url!, 0);
    req.on('data', (chunk: Buffer) => bodies.set(req.url!, bodies.get(req.url!)! + chunk.length));
    req.on('end', () => answer(200));
  });
  edge = await startGatewayWith({
    LISTINGS_URL: upstream.url,
    MEDIA_URL: upstream.url,
    // Each test's client names itself in X-Forwarded-For, as an ingress would.
    TRUST_PROXY_HOPS: '1',
    GATEWAY_READ_TIMEOUT_MS: String(READ_TIMEOUT_MS),
    GATEWAY_BODY_MIN_BYTES_PER_SECOND: String(MIN_BYTES_PER_SECOND),
    GATEWAY_MAX_IN_FLIGHT_PER_CLIENT: '2',
  });
  port = Number(new URL(edge.server.url).port);
});

afterAll(async () => {
  for (const release of releaseHeld) release();
  await edge.stop(500);
  await upstream.close();
});

beforeEach(() => {
  bodies = new Map();
  releaseHeld = [];
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RawExchange {
  socket: net.Socket;
  /** What came back so far. */
  received(): string;
  /** Resolves with the milliseconds from connecting until the gateway closed the connection. */
  closed: Promise<number>;
}

/** A raw connection that sends `head` at once; the caller writes the rest. */
function rawConnection(head: string): RawExchange {
  const socket = net.connect(port, '127.0.0.1');
  const started = performance.now();
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => undefined);
  const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(performance.now() - started)));
  socket.write(head);
  return { socket, received: () => received, closed };
}

/** Fails the test if the connection is still open after `ms`. */
async function closedWithin(exchange: RawExchange, ms: number): Promise<number> {
  const timer = sleep(ms).then(() => -1);
  const outcome = await Promise.race([exchange.closed, timer]);
  exchange.socket.destroy();
  if (outcome < 0) throw new Error(`still open after ${ms} ms; received ${JSON.stringify(exchange.received())}`);
  return outcome;
}

// The last: an origin-form target that Express's parser (url.parse, for a target with a '#') still refuses.
it.each(['GET http://[::1 HTTP/1.1', 'GET http://[::1/api/listings HTTP/1.1', 'POST http://[::1/api/listings HTTP/1.1', 'GET //x@[#a HTTP/1.1'])(
  'answers `%s` with a 400 and closes, within a second',
  async (requestLine) => {
    const exchange = rawConnection(`${requestLine}\r\nHost: localhost\r\n\r\n`);
    await closedWithin(exchange, 1000);
    expect(exchange.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(exchange.received().split('\r\n\r\n')[1]!)).toEqual({ message: 'Bad request', code: 'bad_request' });
  },
);

/** Sends `bytes` of a body announced as `announced` bytes, `chunk` bytes every `everyMs`, until the connection closes. */
function trickle(exchange: RawExchange, chunk: number, everyMs: number, bytes: number): void {
  let sent = 0;
  const timer = setInterval(() => {
    if (exchange.socket.destroyed || sent >= bytes) return clearInterval(timer);
    exchange.socket.write('x'.repeat(Math.min(chunk, bytes - sent)));
    sent += chunk;
  }, everyMs);
  exchange.socket.on('close', () => clearInterval(timer));
}

const postHead = (path: string, length: number, client: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nX-Forwarded-For: ${client}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;

it('cuts off a body that trickles (one byte every 200 ms) after the read timeout, with a 408', async () => {
  const exchange = rawConnection(postHead('/api/listings', 100_000, '198.51.100.1'));
  trickle(exchange, 1, 200, 100_000);
  const elapsed = await closedWithin(exchange, READ_TIMEOUT_MS * 4);
  expect(elapsed).toBeGreaterThanOrEqual(READ_TIMEOUT_MS * 0.9);
  expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect(exchange.received()).toContain('"code":"request_timeout"');
});

it('cuts off the trickle after the service already refused it (an anonymous write), so the connection is not held', async () => {
  const exchange = rawConnection(postHead('/api/listings/anonymous', 100_000, '198.51.100.2'));
  trickle(exchange, 1, 200, 100_000);
  const elapsed = await closedWithin(exchange, READ_TIMEOUT_MS * 4);
  expect(exchange.received()).toMatch(/^HTTP\/1\.1 401 /);
  expect(elapsed).toBeGreaterThanOrEqual(READ_TIMEOUT_MS * 0.9);
});

it('cuts off a body that stops arriving', async () => {
  const exchange = rawConnection(`${postHead('/api/listings', 1000, '198.51.100.3')}{"title":`);
  const elapsed = await closedWithin(exchange, READ_TIMEOUT_MS * 4);
  expect(elapsed).toBeGreaterThanOrEqual(READ_TIMEOUT_MS * 0.9);
  expect(exchange.received()).toMatch(/^HTTP\/1\.1 408 /);
});

it('lets a steady upload that takes several read timeouts finish (8 kB/s for 4 s, the pace scaled down from a phone)', async () => {
  const size = 32 * 1024;
  const exchange = rawConnection(postHead('/api/listings/upload', size, '198.51.100.4'));
  trickle(exchange, 1024, 125, size);
  const started = performance.now();
  while (!exchange.received().includes('\r\n\r\n{') && performance.now() - started < 10_000) await sleep(50);
  exchange.socket.destroy();
  expect(performance.now() - started).toBeGreaterThan(READ_TIMEOUT_MS * 3);
  expect(exchange.received()).toMatch(/^HTTP\/1\.1 200 /);
  expect(bodies.get('/api/listings/upload')).toBe(size);
});

it('closes a connection whose request head does not arrive within the read timeout, but keeps an idle keep-alive one', async () => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ status: number; socket: net.Socket }>((resolve, reject) => {
      http
        .get(`${edge.server.url}/livez`, { agent }, (response) => {
          response.resume();
          response.on('end', () => resolve({ status: response.statusCode!, socket: response.socket }));
        })
        .on('error', reject);
    });
  const first = await get();
  // Cut by the read timeout, the slow head has waited longer than it; the keep-alive connection, idle since
  // before the slow head was sent, longer still, and through the same checks of the server's connections.
  const slowHead = rawConnection('GET /api/listings HTTP/1.1\r\nHost: localhost\r\n');
  await closedWithin(slowHead, READ_TIMEOUT_MS * 3);
  const second = await get();
  expect([first.status, second.status]).toEqual([200, 200]);
  expect(second.socket).toBe(first.socket);
  agent.destroy();
});

function request(path: string, client: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${edge.server.url}${path}`, { headers: { 'x-forwarded-for': client }, agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      })
      .on('error', reject);
  });
}

it('answers 429 to a client past its share of requests in flight, while another client is served', async () => {
  const held = [request('/api/listings/held', '203.0.113.7'), request('/api/listings/held', '203.0.113.7')];
  while (releaseHeld.length < 2) await sleep(5);

  const third = await request('/api/listings/held', '203.0.113.7');
  expect(third.status).toBe(429);
  expect(third.headers['retry-after']).toBe('1');
  expect(JSON.parse(third.body)).toEqual({
    message: 'Too many requests at once from your connection. Please wait a moment and try again.',
    code: 'too_many_in_flight',
  });
  // IPv6 clients count by their /64, as the services' limits do.
  const other = request('/api/listings/other', '2001:db8:1:2::1');
  expect((await other).status).toBe(200);

  for (const release of releaseHeld.splice(0)) release();
  expect((await Promise.all(held)).map((answer) => answer.status)).toEqual([200, 200]);
  expect((await request('/api/listings/again', '203.0.113.7')).status).toBe(200);
});
