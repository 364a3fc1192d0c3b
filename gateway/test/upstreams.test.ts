import http from 'node:http';
import net from 'node:net';
import type { RunningServer } from '@vnmarket/shared';
import { eventually } from '@vnmarket/testkit';
import { startGatewayWith } from './in-process';

/** Replicas of a service behind the gateway: balanced, a refusing or draining one skipped; overload shed. */

interface Replica {
  url: string;
  hits: number;
  /** X-Forwarded-For of each request that reached it. */
  forwardedFor: (string | undefined)[];
  /** The body of each write that reached it. */
  bodies: string[];
  ready: boolean;
  /** /readyz polls answered 503 (not ready). */
  notReadyAnswers: number;
  delayMs: number;
  close(): Promise<void>;
}

async function replica(): Promise<Replica> {
  const state = { hits: 0, forwardedFor: [] as (string | undefined)[], bodies: [] as string[], ready: true, notReadyAnswers: 0, delayMs: 0 };
  const server = http.createServer((req, res) => {
    if (req.url === '/readyz') {
      if (!state.ready) state.notReadyAnswers += 1;
      res.writeHead(state.ready ? 200 : 503).end();
      return;
    }
    state.hits += 1;
    state.forwardedFor.push(req.headers['x-forwarded-for'] as string | undefined);
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'GET') state.bodies.push(body);
      // A replica that takes delayMs to answer (the overload test's slow upstream), not a wait in the test.
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('[]'), state.delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  return Object.assign(state, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  }) as Replica;
}

async function closedUrl(): Promise<string> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

/** Runs `check` against a gateway with these settings in front of the replicas, then stops the gateway and closes the replicas. */
async function throughGateway(env: Record<string, string>, replicas: Replica[], check: (server: RunningServer) => Promise<void>): Promise<void> {
  const edge = await startGatewayWith(env);
  try {
    await check(edge.server);
  } finally {
    await edge.stop();
    for (const replica of replicas) await replica.close();
  }
}

it('balances GETs over replicas, and a replica that refuses connections costs no errors', async () => {
  const [a, b] = [await replica(), await replica()];
  const dead = await closedUrl();
  await throughGateway({ LISTINGS_URL: `${a.url},${dead},${b.url}`, UPSTREAM_HEALTH_INTERVAL_MS: '100000' }, [a, b], async (server) => {
    const statuses = [];
    for (let i = 0; i < 30; i += 1) statuses.push((await fetch(`${server.url}/api/listings`)).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    expect(a.hits).toBeGreaterThan(5);
    expect(b.hits).toBeGreaterThan(5);
  });
});

it('a write that a restarting replica refuses goes to another replica with its body whole, once', async () => {
  const [a, b] = [await replica(), await replica()];
  const dead = await closedUrl();
  await throughGateway({ MESSAGING_URL: `${dead},${a.url},${b.url}`, UPSTREAM_HEALTH_INTERVAL_MS: '100000' }, [a, b], async (server) => {
    const sent: string[] = [];
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      // Both sizes are kept whole: a message, and a body near the limit a replica might refuse.
      const body = JSON.stringify({ receiverId: 'b', content: i % 2 ? `Chào ${i}` : 'ạ'.repeat(20_000 + i) });
      sent.push(body);
      const response = await fetch(`${server.url}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      statuses.push(response.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Each write reached exactly one replica, as it was sent.
    expect([...a.bodies, ...b.bodies].sort()).toEqual([...sent].sort());
  });
});

it('a write too long to keep whole is not sent again: the refusal answers 503 with Retry-After', async () => {
  const [a] = [await replica()];
  const dead = await closedUrl();
  await throughGateway({ MESSAGING_URL: `${dead},${a.url}`, UPSTREAM_HEALTH_INTERVAL_MS: '100000' }, [a], async (server) => {
    const body = JSON.stringify({ content: 'x'.repeat(70_000) });
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await fetch(`${server.url}/api/messages`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      answers.push({ status: response.status, retryAfter: response.headers.get('retry-after') });
    }
    // The dead replica is tried first once and then avoided; its one refusal is a 503 the client may repeat.
    expect(answers.filter((answer) => answer.status === 503)).toEqual([{ status: 503, retryAfter: '1' }]);
    expect(a.bodies).toEqual([body, body, body]);
  });
});

it('a replica reporting not ready (draining for a restart) gets no new requests until it is ready again', async () => {
  const [a, b] = [await replica(), await replica()];
  // A "not ready" answer keeps a replica out for two intervals, renewed at every poll: at 50 ms, an event
  // loop that lags 100 ms on a loaded machine lets a request through; 250 ms leaves room for that.
  await throughGateway({ LISTINGS_URL: `${a.url},${b.url}`, UPSTREAM_HEALTH_INTERVAL_MS: '250' }, [a, b], async (server) => {
    a.ready = false;
    // The gateway has heard "not ready": by the next poll, an interval on, it has applied the first answer.
    await eventually(async () => expect(a.notReadyAnswers).toBeGreaterThanOrEqual(2));
    const before = a.hits;
    for (let i = 0; i < 10; i += 1) expect((await fetch(`${server.url}/api/listings`)).status).toBe(200);
    expect(a.hits).toBe(before);
    a.ready = true;
    await eventually(async () => {
      await fetch(`${server.url}/api/listings`);
      expect(a.hits).toBeGreaterThan(before);
    });
  });
});

it('past GATEWAY_MAX_IN_FLIGHT the excess gets a fast 503 with Retry-After, and the admitted requests succeed', async () => {
  const slow = await replica();
  slow.delayMs = 500;
  await throughGateway({ LISTINGS_URL: slow.url, GATEWAY_MAX_IN_FLIGHT: '4' }, [slow], async (server) => {
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: 12 }, async () => {
        const response = await fetch(`${server.url}/api/listings`);
        return {
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          ms: Date.now() - started,
          body: (await response.json()) as { message: string },
        };
      }),
    );
    const admitted = responses.filter((response) => response.status === 200);
    const shed = responses.filter((response) => response.status === 503);
    expect(admitted).toHaveLength(4);
    expect(shed).toHaveLength(8);
    for (const refused of shed) {
      expect(refused.retryAfter).toBe('1');
      expect(refused.ms).toBeLessThan(400);
      expect(refused.body.message).toBe('We are very busy right now. Please try again in a moment.');
    }
    expect((await fetch(`${server.url}/api/listings`)).status).toBe(200);
  });
});

// A request queued for a socket (every one of UPSTREAM_MAX_SOCKETS busy) has its headers written before it
// gets one: the forwarded headers set on the socket's arrival threw (an uncaught exception) and the request
// went on without them, so the service took the gateway for the client.
it('a request that waits for an upstream socket still says who asked (X-Forwarded-For), and nothing throws', async () => {
  const slow = await replica();
  slow.delayMs = 100;
  const uncaught: unknown[] = [];
  const record = (error: unknown) => uncaught.push(error);
  process.on('uncaughtException', record);
  try {
    await throughGateway({ LISTINGS_URL: slow.url, UPSTREAM_MAX_SOCKETS: '1' }, [slow], async (server) => {
      const statuses = await Promise.all(Array.from({ length: 4 }, async () => (await fetch(`${server.url}/api/listings`)).status));
      expect(statuses).toEqual([200, 200, 200, 200]);
      expect(slow.forwardedFor).toEqual(['127.0.0.1', '127.0.0.1', '127.0.0.1', '127.0.0.1']);
      expect(uncaught).toEqual([]);
    });
  } finally {
    process.off('uncaughtException', record);
  }
});
