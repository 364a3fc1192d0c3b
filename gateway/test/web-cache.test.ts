/**
 * How long browsers may keep the built web app's files: hashed assets (the entry and every lazy route
 * chunk) for a year, immutable, in every encoding; index.html never without asking again, whether it is
 * reached by a page path, by "/" or by name, so a deploy is seen at the next load, and the service worker
 * (sw.js) likewise. A missing asset is a 404, never index.html cached for a year.
 */
import http from 'node:http';
import type { RunningServer } from '@vnmarket/shared';
import { startInProcessGateway, writeWebDist } from './in-process';

const PAGE = `<!doctype html><html><head><title>Chợ Việt</title></head><body>${'<p>Rao vặt</p>'.repeat(200)}</body></html>`;
const CHUNK = `export default ${JSON.stringify('Chợ Việt '.repeat(400))};\n`;
const YEAR = 365 * 24 * 60 * 60;

let server: RunningServer;
let stop: () => Promise<void>;

beforeAll(async () => {
  const { dist } = writeWebDist({
    'index.html': PAGE,
    'assets/index-abc123.js': CHUNK,
    'assets/Home-def456.js': CHUNK,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sw.js': `(function(){self.__list=${JSON.stringify('Chợ Việt '.repeat(400))}})();\n`,
  });
  ({ server, stop } = await startInProcessGateway('http://127.0.0.1:9', dist));
});

afterAll(() => stop());

function get(urlPath: string, acceptEncoding?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      `${server.url}${urlPath}`,
      { headers: { accept: 'text/html,*/*', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers }));
      },
    );
    request.on('error', reject);
  });
}

const ENCODINGS = [undefined, 'gzip', 'br'] as const;

describe('cache headers of the built web app', () => {
  it.each(ENCODINGS)('hashed assets, entry and lazy chunks, are immutable for a year (Accept-Encoding %s)', async (encoding) => {
    for (const asset of ['/assets/index-abc123.js', '/assets/Home-def456.js']) {
      const response = await get(asset, encoding);
      expect([asset, response.status]).toEqual([asset, 200]);
      expect(response.headers['cache-control']).toBe(`public, max-age=${YEAR}, immutable`);
    }
  });

  it.each(ENCODINGS)('index.html is no-cache by page path, by "/" and by name (Accept-Encoding %s)', async (encoding) => {
    for (const page of ['/', '/messages', '/category/food', '/index.html']) {
      const response = await get(page, encoding);
      expect([page, response.status, response.headers['cache-control']]).toEqual([page, 200, 'no-cache']);
    }
  });

  it.each(ENCODINGS)('the service worker is no-cache, so a deploy’s worker is found at the next load (Accept-Encoding %s)', async (encoding) => {
    const response = await get('/sw.js', encoding);
    expect([response.status, response.headers['cache-control'], response.headers['content-encoding']]).toEqual([
      200,
      'no-cache',
      encoding === 'br' ? 'br' : encoding === 'gzip' ? 'gzip' : undefined,
    ]);
  });

  it('a missing asset is a 404, not index.html cached for a year', async () => {
    const response = await get('/assets/Gone-000000.js', 'gzip');
    expect(response.status).toBe(404);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/immutable/);
  });

  it('other public files are kept for an hour', async () => {
    const response = await get('/favicon.svg');
    expect([response.status, response.headers['cache-control']]).toEqual([200, 'public, max-age=3600']);
  });
});
