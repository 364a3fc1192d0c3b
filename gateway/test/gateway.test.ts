import http from 'node:http';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLogger, listen, loadConfig, type RunningServer } from '@vnmarket/shared';
import { newUser, registered, startStack, type Stack, TestClient } from '@vnmarket/testkit';
import { createGateway, type Gateway } from '../src/app';
import { gatewayConfigSchema } from '../src/config';
import { webScriptHashes } from '../src/web';
import { WEB_CSP_FILE } from '@vnmarket/proto';

const logger = createLogger('gateway', 'silent');

async function startGateway(env: Record<string, string>): Promise<{ gateway: Gateway; server: RunningServer; client(): TestClient; stop(): Promise<void> }> {
  // The default health timeout: a refused port fails at once anyway, while a live service's /readyz (its
  // database and Redis checks) can take longer than a short timeout on a CI machine busy with other test workers.
  const config = loadConfig(gatewayConfigSchema, { LOG_LEVEL: 'silent', ...env });
  const gateway = createGateway(config, logger);
  const server = await listen(gateway.app, 0, '127.0.0.1', (httpServer) => gateway.attach(httpServer));
  return {
    gateway,
    server,
    client: () => new TestClient(server.url),
    async stop() {
      await server.drain(1000);
      gateway.close();
    },
  };
}

describe('through the gateway to the real services', () => {
  // Every service: /healthz is checked with all five upstreams ready.
  let stack: Stack;
  let edge: { client(): TestClient };
  beforeAll(async () => {
    stack = await startStack('gateway', { overrides: { auth: { LOGIN_MAX_ATTEMPTS_PER_IP: '8' } } });
    edge = stack;
  });
  afterAll(() => stack.stop());

  it('register, read the user, sign out: the old cookie then gets 401', async () => {
    const { client, user } = await registered(edge);
    const me = await client.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    expect(me.text).not.toMatch(/password/);
    const cookie = client.cookieHeader();
    expect((await client.post('/api/logout')).status).toBe(200);
    const replay = await edge.client().get('/api/auth/user', { cookie });
    expect(replay.status).toBe(401);
    expect(replay.body.message).toContain('Unauthorized');
  });

  it('keeps the caller request id, or makes one, and passes it to the service', async () => {
    const given = await edge.client().get('/api/auth/user', { 'x-request-id': 'trace-me-123' });
    expect(given.headers.get('x-request-id')).toBe('trace-me-123');
    const made = await edge.client().get('/api/auth/user', { 'x-request-id': 'bad id with spaces\n' });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('streams bodies without parsing them: the service enforces its limit (413)', async () => {
    const response = await edge.client().request('POST', '/api/register', { json: { ...newUser(), bio: 'x'.repeat(200_000) } });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe('Request body is too large');
  });

  it('rate limits on the real client address: a spoofed X-Forwarded-For does not reset the count', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const response = await edge.client().request('POST', '/api/login', {
        json: { identifier: `ghost${i}@example.com`, password: 'x' },
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 8).every((status) => status === 401)).toBe(true);
    expect(statuses[8]).toBe(429);
  });

  it('answers unknown API paths with JSON 404 and starts sign-in at GET /api/login', async () => {
    const unknown = await edge.client().get('/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Not found', code: 'not_found' });
    const login = await edge.client().get('/api/login');
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/login');
  });

  it('is healthy only while every upstream is ready', async () => {
    const healthy = await edge.client().get('/healthz');
    expect(healthy.status).toBe(200);
    expect(healthy.body.upstreams).toEqual({ auth: 'ready', listings: 'ready', messaging: 'ready', media: 'ready', verification: 'ready' });

    const down = await startGateway({
      AUTH_URL: 'http://127.0.0.1:1',
      LISTINGS_URL: stack.listings.url,
      MESSAGING_URL: stack.messaging.url,
      MEDIA_URL: stack.media.url,
      VERIFICATION_URL: stack.verification.url,
      WEB_DIST: '/nonexistent',
    });
    const unhealthy = await down.client().get('/healthz');
    expect(unhealthy.status).toBe(503);
    expect(unhealthy.body.upstreams).toEqual({ auth: 'unreachable', listings: 'ready', messaging: 'ready', media: 'ready', verification: 'ready' });
    // Refused before it reached a replica: 503 with Retry-After (trying again is safe), not 502.
    const proxied = await down.client().get('/api/auth/user');
    expect(proxied.status).toBe(503);
    expect(proxied.headers.get('retry-after')).toBe('1');
    expect(proxied.body.message).toMatch(/Service unavailable/);
    expect((await down.client().get('/livez')).status).toBe(200);
    // Its own readiness does not follow one service's: a slow service must not pull the site out of the load balancer.
    expect((await down.client().get('/readyz')).status).toBe(200);
    await down.stop();
  });
});

describe('what the gateway forwards', () => {
  let upstream: http.Server;
  let upstreamUrl: string;
  let edge: Awaited<ReturnType<typeof startGateway>>;
  let seen: http.IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // A plain HTTP server standing in the auth slot, to see exactly what arrives.
    upstream = http.createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ ok: true }));
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as { port: number }).port}`;
    edge = await startGateway({ AUTH_URL: upstreamUrl, WEB_DIST: '/nonexistent' });
  });
  afterAll(async () => {
    await edge.stop();
    upstream.close();
  });
  beforeEach(() => {
    seen = [];
  });

  it('strips client-sent identity headers and replaces X-Forwarded-For with the real address', async () => {
    await edge.client().get('/api/auth/user', {
      'x-user-id': 'admin',
      'x-user': 'admin',
      'x-auth-user': 'admin',
      'x-forwarded-user': 'admin',
      'x-remote-user': 'admin',
      'remote-user': 'admin',
      'x-authenticated-userid': 'admin',
      'x-forwarded-for': '10.0.0.1',
      cookie: 'vnm_session=abc',
    });
    const headers = seen[0]!;
    for (const name of ['x-user-id', 'x-user', 'x-auth-user', 'x-forwarded-user', 'x-remote-user', 'remote-user', 'x-authenticated-userid']) {
      expect(headers[name]).toBeUndefined();
    }
    expect(headers['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(headers.cookie).toBe('vnm_session=abc');
    expect(headers['x-request-id']).toBeDefined();
  });

  it('reuses upstream connections (keep-alive)', async () => {
    const ports = new Set<number>();
    upstream.on('connection', (socket) => ports.add(socket.remotePort!));
    for (let i = 0; i < 20; i += 1) await edge.client().get('/api/auth/user');
    expect(ports.size).toBeLessThanOrEqual(2);
  });
});

describe('serving the web app', () => {
  it('serves the built app with a fallback to index.html for client routes (404 for a path that is none)', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const edge = await startGateway({ AUTH_URL: 'http://127.0.0.1:1', WEB_DIST: dist });
    const client = edge.client();
    for (const [page, status] of [
      ['/', 200],
      ['/login', 200],
      ['/dashboard', 200],
      ['/category/food', 200],
      ['/listing/123', 404],
      ['/no-such-page', 404],
    ] as const) {
      const response = await client.get(page, { accept: 'text/html' });
      expect([page, response.status]).toEqual([page, status]);
      expect(response.text).toMatch(/^<!doctype html>/);
      expect(response.text).toContain('<div id="root">');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    const asset = await client.get('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await client.get('/assets/missing.js')).status).toBe(404);
    const api = await client.get('/api/whatever', { accept: 'text/html' });
    expect(api.status).toBe(404);
    expect(api.body.message).toBe('Not found');
    await edge.stop();
  });

  it("allows the built index.html's inline scripts by the hashes the build wrote, and refuses to start on a broken list", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
    const hash = `'sha256-${'A'.repeat(43)}='`;
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script>1</script><div id="root"></div>');
    writeFileSync(path.join(dist, WEB_CSP_FILE), JSON.stringify({ scriptHashes: [hash] }));
    const edge = await startGateway({ AUTH_URL: 'http://127.0.0.1:1', WEB_DIST: dist });
    const policy = (await edge.client().get('/', { accept: 'text/html' })).headers.get('content-security-policy') ?? '';
    expect(/(?:^|;)\s*script-src ([^;]*)/.exec(policy)?.[1]).toBe(`'self' ${hash}`);
    await edge.stop();
    // Without the file (an app built before it, or none): nothing inline is allowed.
    const bare = await startGateway({ AUTH_URL: 'http://127.0.0.1:1', WEB_DIST: '/nonexistent' });
    expect((await bare.client().get('/api/whatever')).headers.get('content-security-policy') ?? '').not.toContain('sha256');
    await bare.stop();
    writeFileSync(path.join(dist, WEB_CSP_FILE), JSON.stringify({ scriptHashes: ["'unsafe-inline'"] }));
    expect(() => webScriptHashes(dist)).toThrow(/scriptHashes\.0: a CSP hash source/);
    writeFileSync(path.join(dist, WEB_CSP_FILE), '{');
    expect(() => webScriptHashes(dist)).toThrow(/not readable JSON/);
  });

  it('explains itself when the web app is not built', async () => {
    const edge = await startGateway({ AUTH_URL: 'http://127.0.0.1:1', WEB_DIST: '/nonexistent' });
    const response = await edge.client().get('/');
    expect(response.status).toBe(200);
    expect(response.text).toContain('/api');
    await edge.stop();
  });
});
