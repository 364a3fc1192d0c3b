/**
 * k6 load test: real-time chat against a running cluster, through its public entry point (the gateway).
 *
 *   k6 run -e BASE_URL=https://staging.example.com deploy/k6/chat.js
 *
 * The same scenario as `npm run bench:chat` (bench/chat/main.ts), which starts everything locally; this
 * one only drives an existing deployment. It models what costs a chat deployment: many people with the web app
 * open, each holding one WebSocket for as long as they stay, and a few of them writing now and then.
 *   - sockets:  SOCKETS WebSockets (one per account, round-robin when SOCKETS > USERS), connected over RAMP and
 *               held to the end. Each authenticates with the spec's {type:"authenticate", userId}, polls the
 *               unread badge every POLL_S like the web app, and on every push refetches the conversation list
 *               and the badge, as the web app does.
 *   - messages: MESSAGE_RATE messages a second in all, from a random online account to another, at a fixed
 *               arrival rate (LOAD=steady), a climbing one (LOAD=capacity) or from SMOKE_VUS closed-loop
 *               senders (LOAD=smoke).
 * Messages carry their send time; every push that reaches the RECEIVER's socket adds a sample to
 * chat_send_to_receive (ms), so the thresholds judge the whole path: HTTP → messaging → PostgreSQL →
 * outbox → RabbitMQ → every replica → WebSocket.
 *
 * Accounts sign in once, in setup() (registered only when they do not exist yet), and share their session
 * cookies with the VUs. Settings are listed in deploy/k6/README.md; the summary at the end is a table and a JSON
 * file of key figures (lib/summary.js) to compare runs with compare.mjs.
 *
 * Requires k6 ≥ 1.6 (k6/websockets; on k6 0.43–1.5 change the import to 'k6/experimental/websockets').
 */
import http from 'k6/http';
import { check, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import { setTimeout, clearTimeout, setInterval, clearInterval } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { plannedAccounts, signInAll } from './lib/accounts.js';
import { arrivalRate, durationSeconds, loadSetting, numberSetting, rangeSetting } from './lib/settings.js';
import { reported, reportFigures, summaryOutputs, withSlices } from './lib/summary.js';

// ------------------------------------------------------------------------------------------------
// Settings (deploy/k6/README.md explains each).

const LOAD = loadSetting(__ENV);
const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const WS_URL = `${(__ENV.WS_URL || BASE_URL.replace(/^http/, 'ws')).replace(/\/+$/, '')}/ws`;
const ORIGIN = __ENV.ORIGIN === undefined ? BASE_URL : __ENV.ORIGIN;
const USERS_FILE = __ENV.USERS_FILE ? JSON.parse(open(__ENV.USERS_FILE)) : undefined;
// 10 fits a default install (sign-up: 20 an hour per address, shared with browse.js's 10).
const USER_COUNT = USERS_FILE ? USERS_FILE.length : numberSetting(__ENV, 'USERS', 10, { min: 2, integer: true });
const SOCKETS = numberSetting(__ENV, 'SOCKETS', USER_COUNT, { min: 1, integer: true });
const SOCKETS_PER_VU = numberSetting(__ENV, 'SOCKETS_PER_VU', 1, { min: 1, integer: true });
const MESSAGE_RATE = numberSetting(__ENV, 'MESSAGE_RATE', 1, { min: 0.02 });
const MAX_MESSAGE_RATE = numberSetting(__ENV, 'MAX_MESSAGE_RATE', MESSAGE_RATE * 10, { min: 0.02 });
const SMOKE_VUS = numberSetting(__ENV, 'SMOKE_VUS', 2, { min: 1, integer: true });
const CHAT_PAUSE = rangeSetting(__ENV, 'CHAT_PAUSE_S', '3-10');
const POLL_MS = numberSetting(__ENV, 'POLL_S', 10) * 1000;
const REFETCH_ON_PUSH = __ENV.REFETCH_ON_PUSH !== '0';
const RAMP = __ENV.RAMP || (LOAD === 'smoke' ? '10s' : '1m');
const HOLD = __ENV.HOLD || (LOAD === 'smoke' ? '1m' : '5m');
const PASSWORD = __ENV.PASSWORD || 'k6-chat-password-1';
const PHONE_PREFIX = __ENV.PHONE_PREFIX || '415555';
const COOKIE_NAME = 'vnm_session';
// The cluster's own limits, only to warn before a run that would trip them (set them as the cluster has them).
const MESSAGES_PER_MINUTE = numberSetting(__ENV, 'MESSAGES_PER_MINUTE', 60, { min: 1 });
const WS_MAX_SOCKETS_PER_USER = numberSetting(__ENV, 'WS_MAX_SOCKETS_PER_USER', 10, { min: 1 });

/** Accounts that hold a socket: messages go between them, so every message has a receiver online. */
const ONLINE_ACCOUNTS = Math.min(USER_COUNT, SOCKETS);
const HOLDER_VUS = Math.ceil(SOCKETS / SOCKETS_PER_VU);
/** Sockets stay open this long after the last message, for its pushes to arrive. */
const TAIL_S = 10;
const SOCKETS_OPEN_S = durationSeconds(RAMP) + durationSeconds(HOLD) + TAIL_S;

// ------------------------------------------------------------------------------------------------
// Metrics, load shape and pass/fail.

// Declared in the order the summary lists their figures.
const messagesSent = reported(Counter, 'chat_messages_sent', { 'messages sent': 'count' });
const sendErrors = reported(Counter, 'chat_send_errors', { 'messages refused': 'count' });
/** Every push of this test's messages, on any socket (sender's and receiver's). */
const pushesReceived = reported(Counter, 'chat_pushes_received', { 'pushes received': 'count' });
/** Send time carried in the message → its push arriving on the receiver's socket. */
const sendToReceive = reported(
  Trend,
  'chat_send_to_receive',
  { 'send to receive p50 ms': 'med', 'send to receive p95 ms': 'p(95)', 'send to receive p99 ms': 'p(99)' },
  true,
);
const wsConnectSuccess = reported(Rate, 'ws_connect_success', { 'ws connect success': 'rate' });
reportFigures('ws_connecting', { 'ws connect p95 ms': 'p(95)' });
const wsAuthenticated = new Rate('ws_authenticated');
/** Sockets the server closed (or lost) before the end of the test: scale-in, restarts, limits. */
const socketsDropped = reported(Counter, 'ws_sockets_dropped', { 'sockets dropped': 'count' });

function messagesScenario() {
  const common = { exec: 'sendMessage', startTime: RAMP, gracefulStop: '30s' };
  if (LOAD === 'smoke') return { ...common, executor: 'constant-vus', vus: SMOKE_VUS, duration: HOLD };
  return arrivalRate({
    load: LOAD,
    ratePerS: MESSAGE_RATE,
    peakPerS: MAX_MESSAGE_RATE,
    duration: HOLD,
    iterationS: 0.5,
    maxVUs: numberSetting(__ENV, 'MAX_VUS', 0, { integer: true }),
    ...common,
  });
}

const SLICES = [
  { label: 'sockets', tag: 'scenario:sockets' },
  { label: 'messages', tag: 'scenario:messages' },
];
const COUNTERS = [{ key: 'pushes', metric: 'chat_pushes_received' }];

export const options = {
  scenarios: {
    // One VU per SOCKETS_PER_VU sockets, connected over RAMP, held to the end.
    sockets: {
      executor: 'ramping-vus',
      exec: 'holdSockets',
      startVUs: 0,
      stages: [
        { duration: RAMP, target: HOLDER_VUS },
        { duration: `${durationSeconds(HOLD) + TAIL_S}s`, target: HOLDER_VUS },
      ],
      gracefulRampDown: '30s',
      gracefulStop: '30s',
    },
    messages: messagesScenario(),
  },
  thresholds: withSlices(
    {
      // Every request counts; setup's 401 for an account not registered yet is expected, not a failure.
      http_req_failed: ['rate<0.01'],
      http_req_duration: ['p(95)<300'],
      'http_req_duration{scenario:messages}': ['p(95)<300'],
      chat_send_to_receive: ['p(95)<200', 'p(99)<500'],
      ws_connect_success: ['rate>0.99'],
      ws_authenticated: ['rate>0.99'],
      checks: ['rate>0.99'],
    },
    SLICES,
    COUNTERS,
  ),
  summaryTrendStats: ['avg', 'med', 'p(90)', 'p(95)', 'p(99)', 'max'],
  // Signing in (or registering) a few thousand accounts, with argon2 on the server, takes a while.
  setupTimeout: '10m',
};

// ------------------------------------------------------------------------------------------------
// Lifecycle.

export function setup() {
  const accounts = plannedAccounts({ usersFile: USERS_FILE, count: USER_COUNT, phonePrefix: PHONE_PREFIX, password: PASSWORD, firstName: 'K6 chat' });
  const users = signInAll(accounts, { baseUrl: BASE_URL, headers: jsonHeaders(), cookieName: COOKIE_NAME });
  const peakRate = LOAD === 'capacity' ? Math.max(MESSAGE_RATE, MAX_MESSAGE_RATE) : MESSAGE_RATE;
  const perAccountPerMinute = (peakRate * 60) / ONLINE_ACCOUNTS;
  if (perAccountPerMinute > MESSAGES_PER_MINUTE * 0.8) {
    console.warn(
      `setup: ${perAccountPerMinute.toFixed(1)} messages a minute per account is near the cluster's MESSAGES_PER_MINUTE (${MESSAGES_PER_MINUTE}): raise USERS and SOCKETS, or the limit`,
    );
  }
  if (Math.ceil(SOCKETS / USER_COUNT) > WS_MAX_SOCKETS_PER_USER) {
    console.warn(
      `setup: ${Math.ceil(SOCKETS / USER_COUNT)} sockets per account is above WS_MAX_SOCKETS_PER_USER (${WS_MAX_SOCKETS_PER_USER}): the oldest get closed`,
    );
  }
  console.log(`setup: ${users.length} accounts signed in, ${SOCKETS} sockets to hold (${BASE_URL}, LOAD=${LOAD})`);
  return { users };
}

/** This VU's sockets: the SOCKETS_PER_VU that follow its place among the holders. */
let holderIndex;

export async function holdSockets(data) {
  if (holderIndex === undefined) holderIndex = exec.scenario.iterationInTest % HOLDER_VUS;
  const endsAt = exec.scenario.startTime + SOCKETS_OPEN_S * 1000;
  if (Date.now() > endsAt - 1000) return sleep(1); // the scenario is ending: no new socket
  const sessions = [];
  for (let socket = holderIndex * SOCKETS_PER_VU; socket < Math.min(SOCKETS, (holderIndex + 1) * SOCKETS_PER_VU); socket += 1) {
    sessions.push(holdSocket(data.users[socket % data.users.length], endsAt));
  }
  await Promise.all(sessions);
  // A socket that ended early (refused, dropped) reconnects on the next iteration, as the web app does.
  if (Date.now() < endsAt) sleep(1);
}

export function sendMessage(data) {
  const from = Math.floor(Math.random() * ONLINE_ACCOUNTS);
  const to = (from + 1 + Math.floor(Math.random() * (ONLINE_ACCOUNTS - 1))) % ONLINE_ACCOUNTS;
  const sender = data.users[from];
  const sentAt = Date.now();
  const response = http.post(
    `${BASE_URL}/api/messages`,
    JSON.stringify({
      receiverId: data.users[to].id,
      content: `k6 ${exec.vu.idInTest}-${exec.scenario.iterationInTest} sent ${sentAt} — Chào anh, phòng còn không?`,
    }),
    { headers: jsonHeaders(sender.cookie), tags: { name: 'POST /api/messages' } },
  );
  if (check(response, { 'message 201': (r) => r.status === 201 })) messagesSent.add(1);
  else sendErrors.add(1, { status: String(response.status) });
  if (LOAD === 'smoke') sleep(CHAT_PAUSE.low + Math.random() * (CHAT_PAUSE.high - CHAT_PAUSE.low));
}

export default sendMessage;

export function handleSummary(data) {
  return summaryOutputs(data, {
    script: 'chat.js',
    settings: {
      LOAD,
      USERS: USER_COUNT,
      SOCKETS,
      MESSAGE_RATE: LOAD === 'smoke' ? `${SMOKE_VUS} VUs` : MESSAGE_RATE,
      ...(LOAD === 'capacity' ? { MAX_MESSAGE_RATE } : {}),
      RAMP,
      HOLD,
      BASE_URL,
    },
    slices: SLICES,
    counters: COUNTERS,
  });
}

// ------------------------------------------------------------------------------------------------
// One socket.

const CONTENT = /^k6 \S+ sent (\d+) /;

function jsonHeaders(cookie) {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = `${COOKIE_NAME}=${cookie}`;
  if (ORIGIN) headers.Origin = ORIGIN;
  return headers;
}

/** What the web app asks for when a push arrives (and the badge every POLL_S): fire and forget. */
function refetch(user, what) {
  const get = (path, name) => http.asyncRequest('GET', `${BASE_URL}${path}`, null, { headers: jsonHeaders(user.cookie), tags: { name } });
  const requests = [get('/api/messages/unread-count', 'GET /api/messages/unread-count')];
  if (what === 'push') requests.push(get('/api/conversations', 'GET /api/conversations'));
  return Promise.all(requests).then((responses) => {
    check(responses[0], { 'unread count 200': (r) => r.status === 200 });
    if (responses[1]) check(responses[1], { 'conversations 200': (r) => r.status === 200 });
  });
}

/** Opens one socket as `user` and holds it until `endsAt`; resolves when it is closed. */
function holdSocket(user, endsAt) {
  return new Promise((resolve) => {
    let opened = false;
    let authenticated = false;
    let poll;
    let end;
    const ws = new WebSocket(WS_URL, null, { headers: jsonHeaders(user.cookie), tags: { name: 'WS /ws' } });
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      if (!opened) wsConnectSuccess.add(false);
      else if (!authenticated) wsAuthenticated.add(false);
      else if (Date.now() < endsAt - 1000) socketsDropped.add(1);
      clearInterval(poll);
      clearTimeout(end);
      resolve();
    };
    ws.addEventListener('open', () => {
      opened = true;
      wsConnectSuccess.add(true);
      // No answer to authenticate is a failure too; don't hold the VU forever.
      end = setTimeout(() => ws.close(), 10_000);
      ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
    });
    ws.addEventListener('message', (event) => {
      const receivedAt = Date.now();
      let frame;
      try {
        frame = JSON.parse(event.data);
      } catch (_error) {
        return;
      }
      if (frame.type === 'authenticated') {
        authenticated = true;
        wsAuthenticated.add(true);
        clearTimeout(end);
        end = setTimeout(() => ws.close(), Math.max(0, endsAt - Date.now()));
        if (POLL_MS > 0) poll = setInterval(() => refetch(user, 'poll'), POLL_MS);
        return;
      }
      if (frame.type !== 'new_message' || !frame.message) return;
      const match = CONTENT.exec(frame.message.content || '');
      if (!match) return;
      pushesReceived.add(1);
      if (frame.message.receiverId === user.id) sendToReceive.add(receivedAt - Number(match[1]));
      if (REFETCH_ON_PUSH) refetch(user, 'push');
    });
    // A refused upgrade (401/403) or a network error before the socket opened: an error, a close, or both.
    ws.addEventListener('error', () => {
      if (!opened) finish();
    });
    ws.addEventListener('close', () => finish());
  });
}
