import http from 'node:http';
import type { AddressInfo } from 'node:net';
import url from 'node:url';
import express from 'express';
import { listen, type RunningServer } from '@vnmarket/shared';
import { simplePath, type Gateway } from '../src/app';
import { forwardedHeaders } from '../src/forwarded';
import { PLAIN_TARGET } from '../src/proxy';
import { startGatewayWith, startUpstream, type InProcessGateway } from './in-process';

/**
 * The front door (Gateway.handle, installed by attach): a proxied API request never enters Express, and
 * gets exactly what it got through Express.
 */
const BIG_JSON = JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ id: index, title: `Phở bò tái nạm số ${index}` })));

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let seen: http.IncomingHttpHeaders[] = [];
/** The request targets the service got. */
let targets: string[] = [];
let edge: InProcessGateway;
let gateway: Gateway;
/** app with handle in front (attach), as main.ts runs it. */
let front: RunningServer;
/** app alone: every request through Express. */
let expressOnly: RunningServer;

beforeAll(async () => {
  upstream = await startUpstream((req, res) => {
    seen.push(req.headers);
    targets.push(req.url!);
    req.resume();
    const body = req.url?.startsWith('/api/listings') ? BIG_JSON : '{"ok":true}';
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  edge = await startGatewayWith({ AUTH_URL: upstream.url, LISTINGS_URL: upstream.url, TRUST_PROXY_HOPS: '1' });
  ({ gateway, server: front } = edge);
  expressOnly = await listen(gateway.app, 0, '127.0.0.1');
});

afterAll(async () => {
  await expressOnly.drain(500);
  await edge.stop(500);
  await upstream.close();
});

beforeEach(() => {
  seen = [];
  targets = [];
});

function get(base: string, urlPath: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${urlPath}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

it('attach puts the front door in the place of app as the request listener', () => {
  expect(front.server.listeners('request')).toEqual([gateway.handle]);
  expect(expressOnly.server.listeners('request')).toEqual([gateway.app]);
});

it.each<[string, Record<string, string>]>([
  [
    '/api/auth/user',
    { 'x-request-id': 'trace-1', 'x-user-id': 'admin', 'x-forwarded-for': '203.0.113.9, 10.0.0.7', 'x-forwarded-proto': 'https', host: 'xn--ch-ej0a.example' },
  ],
  ['/api/auth/user?x=1', { 'x-request-id': 'bad id\t', 'remote-user': 'admin', host: 'a.example:8080' }],
  ['/api/listings?limit=20', { 'accept-encoding': 'gzip', 'x-forwarded-for': 'not-an-address' }],
  ['/api/listings', {}],
])('answers %s through the front door as Express does', async (urlPath, headers) => {
  const sent = { host: 'gateway.example', ...headers };
  const viaFront = await get(front.url, urlPath, sent);
  const viaExpress = await get(expressOnly.url, urlPath, sent);
  const [toServiceFront, toServiceExpress] = seen;
  expect(seen).toHaveLength(2);
  for (const answer of [viaFront, viaExpress]) expect(answer.status).toBe(200);
  for (const name of ['content-type', 'content-encoding', 'vary']) expect(viaFront.headers[name]).toEqual(viaExpress.headers[name]);
  expect(viaFront.body.equals(viaExpress.body)).toBe(true);
  if (headers['x-request-id'] === 'trace-1') expect(viaFront.headers['x-request-id']).toBe('trace-1');
  else expect(viaFront.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  expect(toServiceFront!['x-request-id']).toBe(viaFront.headers['x-request-id']);
  for (const name of ['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-user-id', 'remote-user', 'accept-encoding', 'host']) {
    expect([name, toServiceFront![name]]).toEqual([name, toServiceExpress![name]]);
  }
  expect(toServiceFront!['x-user-id']).toBeUndefined();
});

it('compresses big JSON for clients that accept it, and says Vary: Accept-Encoding either way', async () => {
  const compressed = await get(front.url, '/api/listings', { 'accept-encoding': 'br, gzip' });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers.vary).toBe('Accept-Encoding');
  const plain = await get(front.url, '/api/auth/user', { 'accept-encoding': 'gzip' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.headers.vary).toBe('Accept-Encoding');
});

it('leaves what is not proxied to Express: probes, unknown API paths, targets it parses itself', async () => {
  expect((await get(front.url, '/livez', {})).status).toBe(200);
  const unknown = await get(front.url, '/api/nope', {});
  expect(unknown.status).toBe(404);
  expect(JSON.parse(unknown.body.toString())).toEqual({ message: 'Not found', code: 'not_found' });
  expect(unknown.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  // Routed by the path as sent, as Express routed it: an escaped '#' is part of it.
  expect((await get(front.url, '/api/auth/user%23x', {})).status).toBe(200);
  expect(seen).toHaveLength(1);
});

it.each([
  '/api/auth/user?q=a%20b&x=1',
  "/api/auth/user?q='quoted'",
  '/api/auth/user?q="x"&y={1}|^`',
  '/api/auth\\user/..\\x?a\\b',
  '/api/auth/user/<p>?x=<y>',
  '/api/auth/user/%E0%A4%A',
  '/api/auth/user?a?b=c',
])('sends the service the target %s as it did through Express', async (target) => {
  await get(front.url, target, {});
  await get(expressOnly.url, target, {});
  expect(targets).toHaveLength(2);
  expect(targets[0]).toBe(targets[1]);
});

it('sends plain targets as they are: url.parse would give each back unchanged', () => {
  const alphabet = 'ABCXYZabcxyz0189-._~!$&()*+,;=:@/?%';
  for (let i = 0; i < 2000; i += 1) {
    const target = `/${Array.from({ length: 1 + (i % 40) }, (_, j) => alphabet[(i * 31 + j * 17 + ((i * j) % 7)) % alphabet.length]).join('')}`;
    expect(PLAIN_TARGET.test(target)).toBe(true);
    expect(url.parse(target).path).toBe(target);
  }
  for (const target of ["/a'b", '/a\\b', '/a"b', '/a{b}', '/a|b', '/a^b', '/a`b', '/a<b>', '/a b', '/a#b', '/a[b]', 'http://x/a', '*', '/é']) {
    expect(PLAIN_TARGET.test(target)).toBe(false);
  }
});

it.each([
  ['/api/auth/user', '/api/auth/user'],
  ['/api/auth/user?next=/x#y', '/api/auth/user'],
  ['/', '/'],
  ['//evil.example/api/auth/user', '//evil.example/api/auth/user'],
  ['http://x.example/api/auth/user', undefined],
  ['*', undefined],
  ['/api/a#b', undefined],
  ['', undefined],
  [undefined, undefined],
])('takes the path of %s without parsing a URL: %s', (target, path) => {
  expect(simplePath(target)).toBe(path);
});

describe('forwarded addresses and protocol, as Express computes req.ip and req.protocol', () => {
  const cases: Record<string, string>[] = [
    {},
    { 'x-forwarded-for': '203.0.113.9' },
    { 'x-forwarded-for': '203.0.113.9, 10.0.0.7' },
    { 'x-forwarded-for': '198.51.100.1, 203.0.113.9,10.0.0.7', 'x-forwarded-proto': 'https' },
    { 'x-forwarded-for': 'garbage', 'x-forwarded-proto': 'https, http' },
    { 'x-forwarded-proto': ' HTTPS ' },
    { 'x-forwarded-proto': '' },
  ];

  it.each([0, 1, 2, 3])('with %i trusted hops', async (hops) => {
    const forwarded = forwardedHeaders(hops);
    const app = express();
    app.set('trust proxy', hops);
    app.get('/', (req, res) => {
      res.json({ express: [req.ip, req.protocol], ours: [forwarded.for(req), forwarded.proto(req)] });
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      for (const headers of cases) {
        const answer = await get(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/', headers);
        const { express: theirs, ours } = JSON.parse(answer.body.toString()) as { express: string[]; ours: string[] };
        expect([headers, ours]).toEqual([headers, theirs]);
      }
    } finally {
      server.close();
    }
  });
});
