import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RunningServer } from '@vnmarket/shared';
import { startInProcessGateway, writeWebDist } from './in-process';

/** What goes out compressed: the built app's files (precompressed at build time), its pages (their head made per page) and API JSON above 1 KB. */
const BIG_JSON = JSON.stringify(Array.from({ length: 60 }, (_, index) => ({ id: index, title: `Phở bò tái nạm số ${index}`, location: 'San Jose, CA' })));
const SMALL_JSON = JSON.stringify({ count: 3 });
const SCRIPT = `console.log(${JSON.stringify('Chợ Việt '.repeat(400))});\n`;
const BODY = `<body>${'<p>Rao vặt</p>'.repeat(200)}</body></html>`;
const PAGE = `<!doctype html><html><head><title>Chợ Việt</title></head>${BODY}`;

let upstream: http.Server;
let server: RunningServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  const { dist, precompressed } = writeWebDist({ 'index.html': PAGE, 'assets/index-abc123.js': SCRIPT });
  expect(precompressed).toBe(2);

  // The listings service's answers, as it sends them (uncompressed JSON).
  upstream = http.createServer((req, res) => {
    if (req.url === '/readyz') return void res.writeHead(200).end();
    const body = req.url?.startsWith('/api/listings') ? BIG_JSON : SMALL_JSON;
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  ({ server, stop } = await startInProcessGateway(url, dist));
});

afterAll(async () => {
  await stop();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
});

/** A raw GET (fetch would decompress silently): status, headers and the bytes as sent. */
function get(urlPath: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}${urlPath}`,
      { headers: { accept: 'text/html,application/json,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      },
    );
    request.on('error', reject);
  });
}

describe('the built web app', () => {
  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
  ] as const)('Accept-Encoding "%s": assets and pages go out as %s, with Vary', async (accept, encoding, decode) => {
    // A page is the document with the page's own head (pages.test.ts): as it goes out uncompressed.
    const page = (await get('/messages')).body.toString();
    expect(page).toContain(BODY);
    for (const [urlPath, original, type] of [
      ['/assets/index-abc123.js', SCRIPT, /javascript/],
      ['/messages', page, /text\/html/],
    ] as const) {
      const response = await get(urlPath, accept);
      expect([urlPath, response.status, response.headers['content-encoding']]).toEqual([urlPath, 200, encoding]);
      expect(response.headers.vary).toMatch(/Accept-Encoding/i);
      expect(response.headers['content-type']).toMatch(type);
      expect(decode(response.body).toString()).toBe(original);
      expect(response.body.length).toBeLessThan(Buffer.byteLength(original) / 3);
    }
  });

  it('goes out as it is to a client that accepts no encoding, still cached as before', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.headers['content-encoding']).toBeUndefined();
    expect(asset.body.toString()).toBe(SCRIPT);
    expect(asset.headers['cache-control']).toMatch(/immutable/);
    const page = await get('/messages');
    expect(page.headers['content-encoding']).toBeUndefined();
    expect(page.body.toString()).toContain(BODY);
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('API answers', () => {
  it.each([
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
  ] as const)('JSON above 1 KB is compressed for "%s" (%s), with Vary', async (accept, encoding, decode) => {
    const response = await get('/api/listings?limit=60', accept);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/Accept-Encoding/i);
    expect(decode(response.body).toString()).toBe(BIG_JSON);
  });

  it('small JSON, and clients that accept no encoding, get it as it is', async () => {
    const small = await get('/api/messages/unread-count', 'gzip');
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(SMALL_JSON);
    const plain = await get('/api/listings?limit=60');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG_JSON);
    // Still marked as varying with Accept-Encoding: a shared cache must not hand this copy to a client that wants brotli.
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
    expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
  });
});
