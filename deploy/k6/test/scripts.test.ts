/**
 * The k6 scripts (deploy/k6) checked without k6, which cannot be installed here: each is loaded as an ES module
 * against stand-ins for k6's modules (k6-harness.ts), and its load shape, setup, sockets and summary are run.
 * k6 itself is not run by this test.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FakeAuth, FakeWebSocketServer, loadScript, type FakeRequest, type HttpHandler } from './k6-harness';

const K6_DIR = path.resolve(__dirname, '..');
const SESSION = /vnm_session=session-of-(\S+)/;

const until = async (condition: () => boolean, what: string) => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('chat.js load shape', () => {
  it('by default fits a default install: 10 accounts, one socket each, messages at a constant arrival rate', async () => {
    const { script } = await loadScript('chat.js');
    const { sockets, messages } = script.options.scenarios;
    expect(sockets).toMatchObject({
      executor: 'ramping-vus',
      exec: 'holdSockets',
      stages: [
        { duration: '1m', target: 10 },
        { duration: '310s', target: 10 },
      ],
    });
    expect(messages).toMatchObject({ executor: 'constant-arrival-rate', exec: 'sendMessage', rate: 60, timeUnit: '1m', duration: '5m', startTime: '1m' });
    expect(messages.maxVUs).toBeGreaterThanOrEqual(messages.preAllocatedVUs);
    expect(script.options.thresholds).toMatchObject({
      chat_send_to_receive: ['p(95)<200', 'p(99)<500'],
      'http_req_duration{scenario:messages}': ['p(95)<300'],
      // Sub-metrics the summary reads per scenario.
      'http_reqs{scenario:sockets}': ['count>=0'],
      'http_req_failed{scenario:messages}': ['rate>=0'],
      'chat_pushes_received{scenario:sockets}': ['count>=0'],
    });
  });

  it('sets sockets, message rate and accounts apart; capacity climbs the rate, smoke is a closed loop', async () => {
    const capacity = (
      await loadScript('chat.js', { env: { LOAD: 'capacity', USERS: '500', SOCKETS: '4000', SOCKETS_PER_VU: '20', MESSAGE_RATE: '5', MAX_MESSAGE_RATE: '80' } })
    ).script.options.scenarios;
    expect(capacity.sockets.stages[0].target).toBe(200);
    expect(capacity.messages).toMatchObject({ executor: 'ramping-arrival-rate', startRate: 300, timeUnit: '1m', stages: [{ duration: '5m', target: 4800 }] });
    const slow = (await loadScript('chat.js', { env: { MESSAGE_RATE: '0.25' } })).script.options.scenarios.messages;
    expect(slow).toMatchObject({ rate: 15, timeUnit: '1m' });
    const smoke = (await loadScript('chat.js', { env: { LOAD: 'smoke' } })).script.options.scenarios;
    expect(smoke.messages).toMatchObject({ executor: 'constant-vus', vus: 2, duration: '1m', startTime: '10s' });
  });

  it.each([
    [{ LOAD: 'soak' }, /LOAD must be one of steady, capacity, smoke/],
    [{ MESSAGE_RATE: 'fast' }, /MESSAGE_RATE must be a number/],
    [{ USERS: '1' }, /USERS must be an integer of at least 2/],
    [{ HOLD: '5 minutes' }, /not a duration/],
  ])('refuses %j before anything runs', async (env, message) => {
    await expect(loadScript('chat.js', { env })).rejects.toThrow(message);
  });
});

describe('setup: sign in first, register only what is missing', () => {
  it('a first run registers its accounts; a second run only signs them in', async () => {
    const auth = new FakeAuth();
    const first = await loadScript('chat.js', { http: auth.handle as HttpHandler });
    const data = first.script.setup();
    expect(data.users).toHaveLength(10);
    expect(auth.registrations).toBe(10);
    expect(data.users[3]).toEqual({
      identifier: '4155550003',
      password: 'k6-chat-password-1',
      id: expect.any(String),
      cookie: `session-of-${data.users[3].id}`,
    });

    const second = await loadScript('chat.js', { http: auth.handle as HttpHandler });
    const again = second.script.setup();
    expect(auth.registrations).toBe(10);
    expect(second.requests.map((request) => request.path)).toEqual(Array(10).fill('/api/login'));
    expect(again.users.map((user: { id: string }) => user.id)).toEqual(data.users.map((user: { id: string }) => user.id));
  });

  it("stops with a pointer to values-loadtest.yaml when the cluster's sign-up limit refuses", async () => {
    const auth = new FakeAuth();
    auth.signUpAllowance = 3;
    const vu = await loadScript('chat.js', { env: { USERS: '5' }, http: auth.handle as HttpHandler });
    expect(() => vu.script.setup()).toThrow(/answered 429 \(Too many accounts created from this network\. Please try again later\.\).*values-loadtest\.yaml/);
  });

  it('USERS_FILE accounts are only signed in, never registered', async () => {
    const auth = new FakeAuth();
    auth.accounts.set('4085550100', { id: 'listed-1', password: 'their password' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'k6-users-'));
    const good = path.join(dir, 'good.json');
    writeFileSync(good, JSON.stringify([{ identifier: '4085550100', password: 'their password' }]));
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify([{ identifier: '4085550101', password: 'nope' }]));
    const vu = await loadScript('browse.js', { env: { USERS_FILE: good }, http: (request) => auth.handle(request) ?? { status: 200, body: [] } });
    expect(vu.script.setup().sessions).toEqual(['session-of-listed-1']);
    const wrong = await loadScript('chat.js', { env: { USERS_FILE: bad }, http: auth.handle as HttpHandler });
    expect(() => wrong.script.setup()).toThrow(/401: is the password in USERS_FILE right\?/);
    expect(auth.registrations).toBe(0);
  });
});

describe('chat.js sockets', () => {
  /** Auth, plus messaging: sends answer 201 and push to every socket of the sender and the receiver. */
  function cluster(sockets: FakeWebSocketServer) {
    const auth = new FakeAuth();
    const handler: HttpHandler = (request: FakeRequest) => {
      const known = auth.handle(request);
      if (known) return known;
      const sender = SESSION.exec(request.headers.Cookie ?? '')?.[1];
      if (!sender) return { status: 401, body: { message: 'Unauthorized' } };
      if (request.method === 'POST' && request.path === '/api/messages') {
        const message = { senderId: sender, receiverId: request.body.receiverId, content: request.body.content };
        setImmediate(() => {
          for (const socket of sockets.sockets) {
            const holder = SESSION.exec(socket.headers.Cookie ?? '')?.[1];
            if (holder === message.senderId || holder === message.receiverId) socket.push({ type: 'new_message', message });
          }
        });
        return { status: 201, body: message };
      }
      if (request.path === '/api/messages/unread-count') return { status: 200, body: { count: 0 } };
      if (request.path === '/api/conversations') return { status: 200, body: [] };
      return { status: 404, body: { message: 'Not found' } };
    };
    return handler;
  }

  /** A VU holding both accounts' sockets, whose scenario ends `msLeft` from now. */
  async function holder(sockets: FakeWebSocketServer, msLeft: number, env: Record<string, string> = {}) {
    const vu = await loadScript('chat.js', {
      env: { USERS: '2', SOCKETS_PER_VU: '2', RAMP: '0s', HOLD: '1s', POLL_S: '0.1', ...env },
      http: cluster(sockets),
      sockets,
    });
    const data = vu.script.setup();
    // Sockets stay open RAMP + HOLD + 10 s from the scenario's start.
    vu.execution.scenario.startTime = Date.now() - 11_000 + msLeft;
    return { vu, data, holding: vu.script.holdSockets(data) as Promise<void> };
  }

  it('holds one socket per account to the end, measures the push to the receiver, and refetches like the web app', async () => {
    const sockets = new FakeWebSocketServer();
    const { vu, data, holding } = await holder(sockets, 1_500);
    await until(() => sockets.sockets.length === 2 && sockets.sockets.every((socket) => socket.sent.length === 1), 'both sockets to authenticate');
    expect(sockets.sockets.map((socket) => socket.sent[0])).toEqual(data.users.map((user: { id: string }) => ({ type: 'authenticate', userId: user.id })));
    expect(sockets.sockets[0]!.headers).toMatchObject({ Origin: 'http://localhost:8080', Cookie: `vnm_session=${data.users[0].cookie}` });
    expect(sockets.sockets[0]!.url).toBe('ws://localhost:8080/ws');

    vu.script.sendMessage(data);
    await holding;
    expect(sockets.sockets.every((socket) => socket.closed)).toBe(true);
    expect(vu.samples('ws_connect_success').map((sample) => sample.value)).toEqual([1, 1]);
    expect(vu.samples('ws_authenticated').map((sample) => sample.value)).toEqual([1, 1]);
    expect(vu.samples('chat_messages_sent')).toHaveLength(1);
    // Sender and receiver both get the push; the latency is measured on the receiver's socket only.
    expect(vu.samples('chat_pushes_received')).toHaveLength(2);
    const [latency] = vu.samples('chat_send_to_receive');
    expect(vu.samples('chat_send_to_receive')).toHaveLength(1);
    expect(latency!.value).toBeGreaterThanOrEqual(0);
    expect(latency!.value).toBeLessThan(1_000);
    expect(vu.samples('ws_sockets_dropped')).toHaveLength(0);
    const names = vu.requests.map((request) => request.name);
    expect(names.filter((name) => name === 'GET /api/conversations')).toHaveLength(2);
    expect(names.filter((name) => name === 'GET /api/messages/unread-count').length).toBeGreaterThanOrEqual(3);
    expect(vu.checks.every((check) => check.ok)).toBe(true);
  });

  it('counts a socket the server drops early, and a refused upgrade', async () => {
    const sockets = new FakeWebSocketServer();
    // A close counts as a drop when it comes over a second before the hold's end: the hold lasts long enough
    // that a slow machine still authenticates both sockets and closes them well before it.
    const { vu, holding } = await holder(sockets, 30_000, { POLL_S: '0' });
    // Wait for the script to have read both answers, not just sent both asks: a close that beats the answer
    // is an authentication failure, not a drop (CI once closed in between).
    await until(() => vu.samples('ws_authenticated').length === 2, 'both sockets to be authenticated');
    for (const socket of sockets.sockets) socket.serverClose();
    await holding;
    expect(vu.samples('ws_sockets_dropped')).toHaveLength(2);

    const refusing = new FakeWebSocketServer();
    refusing.refuse = true;
    const refused = await holder(refusing, 5_000);
    await refused.holding;
    expect(refused.vu.samples('ws_connect_success').map((sample) => sample.value)).toEqual([0, 0]);
  });
});

describe('browse.js', () => {
  it('visits arrive at a rate (reached over RAMP); capacity climbs on; smoke keeps the closed model', async () => {
    expect((await loadScript('browse.js')).script.options.scenarios.visitors).toMatchObject({
      executor: 'ramping-arrival-rate',
      startRate: 0,
      timeUnit: '1m',
      stages: [
        { duration: '1m', target: 300 },
        { duration: '5m', target: 300 },
      ],
    });
    expect(
      (await loadScript('browse.js', { env: { LOAD: 'capacity', VISIT_RATE: '2', MAX_VISIT_RATE: '20' } })).script.options.scenarios.visitors.stages,
    ).toEqual([
      { duration: '1m', target: 120 },
      { duration: '5m', target: 1200 },
    ]);
    expect((await loadScript('browse.js', { env: { LOAD: 'smoke' } })).script.options.scenarios.visitors).toMatchObject({
      executor: 'ramping-vus',
      stages: [
        { duration: '10s', target: 5 },
        { duration: '1m', target: 5 },
      ],
    });
  });

  it('runs every journey against a catalogue', async () => {
    const auth = new FakeAuth();
    const listing = { id: 'listing-1', userId: 'seller-1', title: 'Phòng cho thuê' };
    const vu = await loadScript('browse.js', {
      http: (request) => {
        const known = auth.handle(request);
        if (known) return known;
        if (request.path === '/') return { status: 200, body: '<script src="/assets/index.js"></script>', contentType: 'text/html' };
        if (request.path === '/api/auth/user') return { status: 401, body: { message: 'Unauthorized' } };
        if (request.path.startsWith('/api/listings/listing-1')) return { status: 200, body: listing };
        if (request.path.startsWith('/api/listings')) return { status: 200, body: [listing] };
        return { status: 200, body: [] };
      },
    });
    const data = vu.script.setup();
    for (let i = 0; i < 30; i += 1) vu.script.default(data);
    const journeys = new Set(vu.samples('browse_visits').map((sample) => sample.tags.journey));
    expect([...journeys].sort()).toEqual(['browse', 'detail', 'landing']);
    expect(vu.checks.filter((check) => !check.ok)).toEqual([]);
  });
});

describe('end-of-test summary', () => {
  const trend = (med: number, p95: number, p99: number, thresholds = {}) => ({
    type: 'trend',
    contains: 'time',
    values: { avg: med, med, 'p(90)': p95, 'p(95)': p95, 'p(99)': p99, max: p99 * 2 },
    thresholds,
  });
  const counter = (count: number, rate: number) => ({ type: 'counter', contains: 'default', values: { count, rate } });
  const rate = (value: number) => ({ type: 'rate', contains: 'default', values: { rate: value, passes: 0, fails: 0 } });
  const chatRun = (messagesP95: number) => ({
    state: { testRunDurationMs: 370_000, isStdOutTTY: false },
    metrics: {
      http_reqs: counter(4000, 10.81),
      'http_reqs{scenario:sockets}': counter(2900, 7.84),
      'http_reqs{scenario:messages}': counter(1090, 2.95),
      http_req_duration: trend(14, 90, 160, { 'p(95)<300': { ok: true } }),
      'http_req_duration{scenario:sockets}': trend(11, 60, 110),
      'http_req_duration{scenario:messages}': trend(22, messagesP95, 260, { 'p(95)<300': { ok: true } }),
      http_req_failed: rate(0.0025),
      'http_req_failed{scenario:sockets}': rate(0),
      'http_req_failed{scenario:messages}': rate(0.0092),
      chat_pushes_received: counter(2170, 5.86),
      'chat_pushes_received{scenario:sockets}': counter(2170, 5.86),
      chat_messages_sent: counter(1090, 2.95),
      chat_send_to_receive: trend(31, 150, 620, { 'p(95)<200': { ok: true }, 'p(99)<500': { ok: false } }),
      ws_connect_success: rate(1),
    },
  });

  it('prints a table per scenario and writes the key figures as JSON; compare.mjs sets two runs side by side', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'k6-summary-'));
    const before = path.join(dir, 'before.json');
    const vu = await loadScript('chat.js', { env: { SUMMARY_JSON: before, USERS: '200', MESSAGE_RATE: '3' } });
    const outputs = vu.script.handleSummary(chatRun(120));
    expect(Object.keys(outputs).sort()).toEqual([before, 'stdout']);
    const table: string = outputs.stdout;
    expect(table).toContain('chat.js  LOAD=steady USERS=200 SOCKETS=200 MESSAGE_RATE=3 RAMP=1m HOLD=5m');
    expect(table).toContain('thresholds FAILED: chat_send_to_receive: p(99)<500');
    expect(table).toMatch(/messages\s+1090\s+2\.95\s+22\s+120\s+260\s+0\.92%\s+0/);
    expect(table).toMatch(/sockets\s+2900\s+7\.84\s+11\s+60\s+110\s+0\.00%\s+2170/);
    expect(table).toMatch(/send to receive p99 ms\s+620/);
    const figures = JSON.parse(outputs[before]);
    expect(figures).toMatchObject({
      script: 'chat.js',
      durationS: 370,
      thresholds: { passed: false },
      slices: {
        all: { requests: 4000, requestsPerS: 10.81, p50Ms: 14, p95Ms: 90, p99Ms: 160, errorRate: 0.0025, pushes: 2170 },
        messages: { p95Ms: 120, errorRate: 0.0092, pushes: 0 },
      },
      figures: { 'messages sent': 1090, 'send to receive p95 ms': 150, 'sockets dropped': null },
    });

    writeFileSync(before, outputs[before]);
    const after = path.join(dir, 'after.json');
    writeFileSync(
      after,
      (await loadScript('chat.js', { env: { USERS: '200', MESSAGE_RATE: '6' } })).script.handleSummary(chatRun(180))['k6-chat-summary.json'],
    );
    const compared = execFileSync('node', [path.join(K6_DIR, 'compare.mjs'), before, after], { encoding: 'utf8' });
    expect(compared).toContain('setting MESSAGE_RATE: 3 → 6');
    expect(compared).toMatch(/slices\.messages\.p95Ms\s+120\s+180\s+\+50\.0%/);
    expect(compared).toMatch(/slices\.all\.requests\s+4000\s+4000\s+0%/);
  });
});
