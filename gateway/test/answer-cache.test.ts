import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, listen, loadConfig, type RunningServer } from '@vnmarket/shared';
import { eventually } from '@vnmarket/testkit';
import { createGateway, type Gateway } from '../src/app';
import { AnswerCache, matchesIfNoneMatch, sharedMaxAge } from '../src/answer-cache';
import { gatewayConfigSchema } from '../src/config';

/**
 * The gateway's answer cache, in front of a service whose answers the test sets: what is kept, for how
 * long, what empties it, and what is never kept.
 */
interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** Held until the test calls release(). */
  held?: boolean;
}

let upstream: http.Server;
let upstreamUrl: string;
/** What the service answers, by path (the query is part of the request, not of this key). */
let answers: Map<string, Answer>;
/** The requests that reached the service: method and target. */
let reached: string[];
let releaseHeld: (() => void)[] = [];

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(200).end();
    reached.push(`${req.method} ${req.url}`);
    req.resume();
    const answer = answers.get((req.url ?? '').split('?')[0]!) ?? { body: '{"ok":true}' };
    const body = answer.body ?? '{"ok":true}';
    const send = () =>
      res
        .writeHead(answer.status ?? 200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), ...answer.headers })
        .end(body);
    if (answer.held) releaseHeld.push(send);
    else send();
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

beforeEach(() => {
  answers = new Map();
  reached = [];
  releaseHeld = [];
});

async function startGateway(settings: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void>; gateway: Gateway }> {
  const config = loadConfig(gatewayConfigSchema, {
    LOG_LEVEL: 'silent',
    AUTH_URL: upstreamUrl,
    LISTINGS_URL: upstreamUrl,
    WEB_DIST: '/nonexistent',
    ...settings,
  });
  const gateway = createGateway(config, createLogger('gateway', 'silent'));
  const server: RunningServer = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    url: server.url,
    gateway,
    async stop() {
      await server.drain(500);
      gateway.close();
    },
  };
}

function request(
  base: string,
  target: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${target}`, { method: options.method ?? 'GET', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end();
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MARKED = { 'gateway-cache-control': 'max-age=1', etag: '"page-1"', 'cache-control': 'no-cache', 'x-total-count': '3' };

describe('gateway answer cache', () => {
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    // Long enough that no answer expires within a test on a loaded machine; the expiry test has its own.
    gateway = await startGateway({ GATEWAY_CACHE_TTL_MS: '10000' });
  });
  afterAll(async () => {
    await gateway.stop();
  });

  it('gives a marked answer again within its time without asking the service, then asks again', async () => {
    const gateway = await startGateway({ GATEWAY_CACHE_TTL_MS: '1000' });
    try {
      answers.set('/api/listings', { headers: MARKED, body: '[{"title":"Phở"}]' });
      const askedAt = Date.now();
      const first = await request(gateway.url, '/api/listings?category=food');
      answers.set('/api/listings', { headers: MARKED, body: '[{"title":"Bún bò"}]' });
      const second = await request(gateway.url, '/api/listings?category=food');
      expect(reached).toEqual(['GET /api/listings?category=food']);
      expect(second.body).toBe(first.body);
      expect(second.body).toBe('[{"title":"Phở"}]');
      for (const answer of [first, second]) {
        expect(answer.headers['gateway-cache-control']).toBeUndefined();
        expect(answer.headers['x-total-count']).toBe('3');
        expect(answer.headers.etag).toBe('"page-1"');
        expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(first.body)));
      }
      // Each answer has its own request id, not the one the service echoed the first time.
      expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
      // Another query is another answer.
      await request(gateway.url, '/api/listings?category=rent');
      expect(reached).toHaveLength(2);

      // Asked until the service's new answer shows: the cached one until its time is up, then the service once.
      await eventually(async () => expect((await request(gateway.url, '/api/listings?category=food')).body).toBe('[{"title":"Bún bò"}]'), 5000);
      expect(Date.now() - askedAt).toBeGreaterThanOrEqual(1000);
      expect(reached).toHaveLength(3);
    } finally {
      await gateway.stop();
    }
  });

  it('keeps it no longer than the service says (max-age), nor at all with max-age=0', async () => {
    const cache = new AnswerCache('listings', { ttlMs: 5000, maxBytes: 10_000, maxBodyBytes: 1000 });
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
    expect(sharedMaxAge('max-age=1')).toBe(1);
    expect(sharedMaxAge('max-age=0')).toBe(0);
    expect(sharedMaxAge('private, max-age=5')).toBeUndefined();
    expect(sharedMaxAge('no-store')).toBeUndefined();
    expect(sharedMaxAge(undefined)).toBeUndefined();

    answers.set('/api/listings', { headers: { ...MARKED, 'gateway-cache-control': 'max-age=0' } });
    await request(gateway.url, '/api/listings?q=zero');
    await request(gateway.url, '/api/listings?q=zero');
    expect(reached).toHaveLength(2);
  });

  it('answers 304 from the cache to a matching If-None-Match, with the ETag and no body', async () => {
    answers.set('/api/listings', { headers: MARKED, body: '[{"title":"Phở"}]' });
    await request(gateway.url, '/api/listings?q=etag');
    const revalidated = await request(gateway.url, '/api/listings?q=etag', { headers: { 'if-none-match': 'W/"page-1"' } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect(revalidated.headers.etag).toBe('"page-1"');
    expect(revalidated.headers['content-type']).toBeUndefined();
    const changed = await request(gateway.url, '/api/listings?q=etag', { headers: { 'if-none-match': '"page-0"' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toBe('[{"title":"Phở"}]');
    expect(reached).toHaveLength(1);
    expect(matchesIfNoneMatch('"a", "page-1"', '"page-1"')).toBe(true);
    expect(matchesIfNoneMatch('*', '"x"')).toBe(true);
    expect(matchesIfNoneMatch('"a"', undefined)).toBe(false);
  });

  it('keeps each Accept-Encoding apart', async () => {
    answers.set('/api/listings', { headers: { ...MARKED, vary: 'Accept-Encoding' }, body: '[]' });
    await request(gateway.url, '/api/listings?q=enc', { headers: { 'accept-encoding': 'br' } });
    await request(gateway.url, '/api/listings?q=enc', { headers: { 'accept-encoding': 'gzip' } });
    await request(gateway.url, '/api/listings?q=enc', { headers: { 'accept-encoding': 'br' } });
    expect(reached).toHaveLength(2);
  });

  it('never keeps an answer that is not marked, sets a cookie, varies on another header, is not a 200, or is too large', async () => {
    const cases: [string, Answer][] = [
      ['/api/listings/unmarked', { headers: { etag: '"x"' } }],
      ['/api/listings/cookie', { headers: { ...MARKED, 'set-cookie': 'a=b' } }],
      ['/api/listings/vary', { headers: { ...MARKED, vary: 'Cookie' } }],
      ['/api/listings/missing', { status: 404, headers: MARKED, body: '{"message":"Listing not found"}' }],
      ['/api/listings/large', { headers: MARKED, body: JSON.stringify('x'.repeat(3000)) }],
    ];
    const small = await startGateway({ GATEWAY_CACHE_MAX_BODY_BYTES: '2000' });
    try {
      for (const [path, answer] of cases) {
        answers.set(path, answer);
        const first = await request(small.url, path);
        const second = await request(small.url, path);
        expect([first.status, second.status]).toEqual([answer.status ?? 200, answer.status ?? 200]);
        expect(second.body).toBe(answer.body ?? '{"ok":true}');
      }
    } finally {
      await small.stop();
    }
    expect(reached).toHaveLength(cases.length * 2);
  });

  it('asks the service when the client asks for a fresh answer (Cache-Control: no-cache), and keeps that one', async () => {
    answers.set('/api/listings', { headers: MARKED, body: '[1]' });
    await request(gateway.url, '/api/listings?q=reload');
    answers.set('/api/listings', { headers: MARKED, body: '[2]' });
    expect((await request(gateway.url, '/api/listings?q=reload', { headers: { 'cache-control': 'no-cache' } })).body).toBe('[2]');
    expect((await request(gateway.url, '/api/listings?q=reload')).body).toBe('[2]');
    expect(reached).toHaveLength(2);
  });

  it('empties a service’s answers when a write to that service passes, and does not keep one asked for during the write', async () => {
    answers.set('/api/listings', { headers: MARKED, body: '[1]' });
    await request(gateway.url, '/api/listings?q=write');
    await request(gateway.url, '/api/auth/user');
    answers.set('/api/listings', { headers: MARKED, body: '[2]' });
    await request(gateway.url, '/api/listings/abc', { method: 'PUT' });
    expect((await request(gateway.url, '/api/listings?q=write')).body).toBe('[2]');
    expect(reached).toEqual(['GET /api/listings?q=write', 'GET /api/auth/user', 'PUT /api/listings/abc', 'GET /api/listings?q=write']);

    // A page asked for before a write and answered after it may show the old state: it is not kept.
    answers.set('/api/listings', { headers: MARKED, body: '[3]', held: true });
    const during = request(gateway.url, '/api/listings?q=during');
    while (releaseHeld.length === 0) await sleep(5);
    answers.set('/api/listings/abc', { body: '{}' });
    await request(gateway.url, '/api/listings/abc', { method: 'PATCH' });
    releaseHeld.shift()!();
    expect((await during).body).toBe('[3]');
    answers.set('/api/listings', { headers: MARKED, body: '[4]' });
    expect((await request(gateway.url, '/api/listings?q=during')).body).toBe('[4]');
  });

  it('keeps its answers through writes the service refused (401, 403, 404), and empties them after one that passed', async () => {
    answers.set('/api/listings', { headers: MARKED, body: '[1]' });
    await request(gateway.url, '/api/listings?q=refused');
    answers.set('/api/listings', { headers: MARKED, body: '[2]' });
    for (const status of [401, 403, 404]) {
      answers.set('/api/listings/x', { status, body: '{"message":"no","code":"no"}' });
      expect((await request(gateway.url, '/api/listings/x', { method: 'DELETE' })).status).toBe(status);
      expect((await request(gateway.url, '/api/listings?q=refused')).body).toBe('[1]');
    }
    expect(reached.filter((line) => line.startsWith('GET'))).toEqual(['GET /api/listings?q=refused']);

    answers.set('/api/listings/x', { status: 204, body: '' });
    expect((await request(gateway.url, '/api/listings/x', { method: 'DELETE' })).status).toBe(204);
    expect((await request(gateway.url, '/api/listings?q=refused')).body).toBe('[2]');
  });

  it('keeps no more bytes than GATEWAY_CACHE_MAX_BYTES, whatever the queries: the oldest answers go first', async () => {
    const bounded = await startGateway({ GATEWAY_CACHE_MAX_BYTES: '50' });
    try {
      answers.set('/api/listings', { headers: MARKED, body: '["twenty bytes long"]' });
      for (const query of ['a', 'b', 'c']) await request(bounded.url, `/api/listings?q=${query}`);
      expect(reached).toHaveLength(3);
      // Two 20-byte answers fit in 50: c and b are kept, a (the oldest) went.
      await request(bounded.url, '/api/listings?q=c');
      await request(bounded.url, '/api/listings?q=b');
      expect(reached).toHaveLength(3);
      await request(bounded.url, '/api/listings?q=a');
      expect(reached).toHaveLength(4);
    } finally {
      await bounded.stop();
    }
  });

  it('is off with GATEWAY_CACHE_TTL_MS=0', async () => {
    const off = await startGateway({ GATEWAY_CACHE_TTL_MS: '0' });
    try {
      answers.set('/api/listings', { headers: MARKED, body: '[]' });
      await request(off.url, '/api/listings');
      const second = await request(off.url, '/api/listings');
      expect(second.headers['gateway-cache-control']).toBeUndefined();
      expect(reached).toHaveLength(2);
    } finally {
      await off.stop();
    }
  });
});
