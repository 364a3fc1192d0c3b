/**
 * k6 load test: real-time chat against a running cluster, through its public entry point (the gateway).
 *
 *   k6 run -e BASE_URL=https://staging.example.com deploy/k6/chat.js
 *
 * The same scenario as `npm run bench:chat` (deploy/bench/chat/main.ts), which starts everything locally; this one
 * only drives an existing deployment. Every VU is one signed-in user with the web app open:
 *   - it logs in once (POST /api/login {identifier, password} → cookie vnm_session),
 *   - opens a WebSocket to /ws with that cookie and sends the spec's {type:"authenticate", userId},
 *   - then behaves like a real user of its kind (scenario): most users are online but idle (readers:
 *     they look at the inbox and the unread badge now and then, and rarely reply), some are chatting
 *     (chatters: a message every few seconds to someone else).
 * Messages carry their send time; every push that reaches the RECEIVER's socket adds a sample to
 * chat_send_to_receive (ms), so the thresholds judge the whole path: HTTP → messaging → PostgreSQL →
 * outbox → RabbitMQ → every replica → WebSocket.
 *
 * Requires k6 ≥ 1.6 (k6/websockets; on k6 0.43–1.5 change the import to 'k6/experimental/websockets').
 *
 * Environment (-e NAME=value):
 *   BASE_URL        http://localhost:8080     the gateway (or ingress) origin
 *   WS_URL          BASE_URL with ws(s)://    WebSocket origin, if different; the path /ws is appended
 *   ORIGIN          BASE_URL                  Origin header sent like a browser would ('' to send none)
 *   USERS           200                       users registered in setup() (ignored with USERS_FILE)
 *   USERS_FILE      unset                     JSON file of existing accounts: [{"identifier", "password", "id"?}]
 *   PASSWORD        k6-chat-password-1        password of the users setup() registers
 *   PHONE_PREFIX    415555                    registered users get phone PHONE_PREFIX + 4 digits (same every run)
 *   PEAK_VUS        200                       VUs at the plateau, split between the scenarios by CHATTER_SHARE
 *   CHATTER_SHARE   0.2                       share of VUs that chat actively
 *   RAMP            2m                        ramp-up (and ramp-down) time
 *   HOLD            5m                        time at the peak
 *   CHAT_PAUSE_S    3-10                      a chatter's pause between messages (seconds, uniform)
 *   READER_PAUSE_S  20-60                     a reader's pause between inbox looks (seconds, uniform)
 *   READER_REPLY    0.1                       chance that a reader's inbox look includes sending a reply
 *   SESSION_S       300                       how long one WebSocket session lasts before the VU reconnects
 */
import http from 'k6/http';
import { check, fail, sleep } from 'k6';
import exec from 'k6/execution';
import { Counter, Rate, Trend } from 'k6/metrics';
import { setTimeout, clearTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';

// ------------------------------------------------------------------------------------------------
// Settings.

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/+$/, '');
const WS_URL = `${(__ENV.WS_URL || BASE_URL.replace(/^http/, 'ws')).replace(/\/+$/, '')}/ws`;
const ORIGIN = __ENV.ORIGIN === undefined ? BASE_URL : __ENV.ORIGIN;
const USER_COUNT = Number(__ENV.USERS || 200);
const PASSWORD = __ENV.PASSWORD || 'k6-chat-password-1';
const PHONE_PREFIX = __ENV.PHONE_PREFIX || '415555';
const PEAK_VUS = Number(__ENV.PEAK_VUS || 200);
const CHATTER_SHARE = Number(__ENV.CHATTER_SHARE || 0.2);
const RAMP = __ENV.RAMP || '2m';
const HOLD = __ENV.HOLD || '5m';
const SESSION_MS = Number(__ENV.SESSION_S || 300) * 1000;
const READER_REPLY = Number(__ENV.READER_REPLY || 0.1);
const COOKIE_NAME = 'vnm_session';

function range(spec, fallback) {
  const [low, high] = String(spec || fallback)
    .split('-')
    .map(Number);
  return { low, high: high === undefined || Number.isNaN(high) ? low : high };
}
const CHAT_PAUSE = range(__ENV.CHAT_PAUSE_S, '3-10');
const READER_PAUSE = range(__ENV.READER_PAUSE_S, '20-60');
const pauseMs = ({ low, high }) => (low + Math.random() * (high - low)) * 1000;

/** Accounts to use instead of registering (open() only works in the init context). */
const USERS_FILE = __ENV.USERS_FILE ? JSON.parse(open(__ENV.USERS_FILE)) : undefined;

const chatters = Math.max(1, Math.round(PEAK_VUS * CHATTER_SHARE));
const readers = Math.max(1, PEAK_VUS - chatters);

// ------------------------------------------------------------------------------------------------
// Metrics and thresholds.

/** Send time carried in the message → its push arriving on the receiver's socket. */
const sendToReceive = new Trend('chat_send_to_receive', true);
const wsConnectSuccess = new Rate('ws_connect_success');
const wsAuthenticated = new Rate('ws_authenticated');
const messagesSent = new Counter('chat_messages_sent');
const messagesReceived = new Counter('chat_messages_received');
const sendErrors = new Counter('chat_send_errors');

/** Ramp a scenario's VUs up to target, hold, and ramp down. */
function rampTo(exec, target) {
  return {
    executor: 'ramping-vus',
    exec,
    startVUs: 0,
    stages: [
      { duration: RAMP, target },
      { duration: HOLD, target },
      { duration: RAMP, target: 0 },
    ],
    gracefulRampDown: '30s',
    gracefulStop: '30s',
  };
}

export const options = {
  scenarios: {
    // Most people with the app open are not typing: they glance at the inbox and now and then reply.
    readers: rampTo('reader', readers),
    // Some are in a conversation: a message every few seconds.
    chatters: rampTo('chatter', chatters),
  },
  thresholds: {
    // Every request counts, setup's included (an existing account's 409 is expected there, not a failure).
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<300'],
    chat_send_to_receive: ['p(95)<200', 'p(99)<500'],
    ws_connect_success: ['rate>0.99'],
    ws_authenticated: ['rate>0.99'],
    checks: ['rate>0.99'],
  },
  // One setup() registering a few hundred users (argon2 on the server) takes a while.
  setupTimeout: '10m',
};

// ------------------------------------------------------------------------------------------------
// Helpers.

const jsonHeaders = (cookie) => {
  const headers = { 'Content-Type': 'application/json' };
  if (cookie) headers.Cookie = cookie;
  if (ORIGIN) headers.Origin = ORIGIN;
  return headers;
};

function sessionCookieOf(response) {
  const cookies = response.cookies[COOKIE_NAME];
  return cookies && cookies.length > 0 ? `${COOKIE_NAME}=${cookies[0].value}` : undefined;
}

/** Registers (or, when the account exists from an earlier run, signs in) user i; returns {identifier, password, id}. */
function ensureUser(i) {
  const phone = `${PHONE_PREFIX}${String(i).padStart(4, '0')}`;
  const registered = http.post(`${BASE_URL}/api/register`, JSON.stringify({ firstName: `K6 ${i}`, lastName: 'Nguyễn', phone, password: PASSWORD }), {
    headers: jsonHeaders(),
    tags: { name: 'setup register' },
    responseCallback: http.expectedStatuses(201, 409),
  });
  if (registered.status === 201) return { identifier: phone, password: PASSWORD, id: registered.json('id') };
  if (registered.status !== 409) {
    fail(
      `registering user ${i} answered ${registered.status}: ${registered.body} (a sign-up limit? raise REGISTER_MAX_PER_IP_PER_HOUR on the test cluster or use USERS_FILE)`,
    );
  }
  const login = http.post(`${BASE_URL}/api/login`, JSON.stringify({ identifier: phone, password: PASSWORD }), {
    headers: jsonHeaders(),
    tags: { name: 'setup login' },
  });
  if (login.status !== 200) fail(`user ${i} exists but signing in answered ${login.status}: ${login.body}`);
  return { identifier: phone, password: PASSWORD, id: login.json('id') };
}

/** Signs in as a user; returns the cookie header value and the user id. */
function login(user) {
  const response = http.post(`${BASE_URL}/api/login`, JSON.stringify({ identifier: user.identifier, password: user.password }), {
    headers: jsonHeaders(),
    tags: { name: 'POST /api/login' },
  });
  const cookie = sessionCookieOf(response);
  const ok = check(response, {
    'login 200': (r) => r.status === 200,
    'login sets vnm_session': () => cookie !== undefined,
  });
  if (!ok) return undefined;
  // The cookie goes in explicit headers (also on the WebSocket); keep k6's jar from sending a second copy.
  http.cookieJar().clear(BASE_URL);
  return { cookie, id: response.json('id') };
}

let me; // this VU's signed-in user, kept across iterations (one login per VU)

function signedIn(data) {
  if (me) return me;
  const user = data.users[(exec.vu.idInTest - 1) % data.users.length];
  const session = login(user);
  if (!session) return undefined;
  me = { ...session, index: data.users.indexOf(user) };
  return me;
}

function randomOtherUser(data) {
  if (data.users.length < 2) return undefined;
  // Chat partners who are likely online: users held by VUs (the first PEAK_VUS accounts).
  const online = Math.min(data.users.length, PEAK_VUS);
  let other = Math.floor(Math.random() * online);
  if (other === me.index) other = (other + 1) % online;
  return data.users[other];
}

function sendMessage(data) {
  const to = randomOtherUser(data);
  if (!to) return;
  const sentAt = Date.now();
  const response = http.asyncRequest(
    'POST',
    `${BASE_URL}/api/messages`,
    JSON.stringify({ receiverId: to.id, content: `k6 ${exec.vu.idInTest}-${exec.vu.iterationInScenario} sent ${sentAt} — Chào anh, phòng còn không?` }),
    { headers: jsonHeaders(me.cookie), tags: { name: 'POST /api/messages' } },
  );
  return response.then((r) => {
    const ok = check(r, { 'message 201': (res) => res.status === 201 });
    if (ok) messagesSent.add(1);
    else sendErrors.add(1, { status: String(r.status) });
  });
}

function lookAtInbox() {
  // What the web app asks for when the inbox is opened: the list and the badge.
  const requests = [
    ['GET', `${BASE_URL}/api/conversations`, null, { headers: jsonHeaders(me.cookie), tags: { name: 'GET /api/conversations' } }],
    ['GET', `${BASE_URL}/api/messages/unread-count`, null, { headers: jsonHeaders(me.cookie), tags: { name: 'GET /api/messages/unread-count' } }],
  ];
  return Promise.all(requests.map(([method, url, body, params]) => http.asyncRequest(method, url, body, params))).then((responses) => {
    check(responses[0], { 'inbox 200': (r) => r.status === 200 });
    check(responses[1], { 'unread count 200': (r) => r.status === 200 });
  });
}

const CONTENT = /^k6 \S+ sent (\d+) /;

/**
 * One WebSocket session of SESSION_S seconds: authenticate, measure every message pushed to us as
 * receiver, and run `act` every pause. Resolves when the session ends.
 */
function session(act, pause) {
  return new Promise((resolve) => {
    let opened = false;
    let authenticated = false;
    let closed = false;
    let timer;
    let end;
    const ws = new WebSocket(WS_URL, null, {
      headers: ORIGIN ? { Cookie: me.cookie, Origin: ORIGIN } : { Cookie: me.cookie },
      tags: { name: 'WS /ws' },
    });
    const finish = () => {
      closed = true;
      clearTimeout(timer);
      clearTimeout(end);
      resolve();
    };
    const loop = () => {
      if (closed) return;
      timer = setTimeout(() => {
        Promise.resolve(act()).then(loop, loop);
      }, pause());
    };
    let connectCounted = false;
    const countConnect = (ok) => {
      if (connectCounted) return;
      connectCounted = true;
      wsConnectSuccess.add(ok);
    };
    ws.addEventListener('open', () => {
      opened = true;
      countConnect(true);
      ws.send(JSON.stringify({ type: 'authenticate', userId: me.id }));
      // No answer to authenticate is a failure too; don't hold the VU forever.
      end = setTimeout(() => {
        if (!authenticated) ws.close();
      }, 10_000);
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
        loop();
        end = setTimeout(() => ws.close(), SESSION_MS);
        return;
      }
      if (frame.type !== 'new_message' || !frame.message || frame.message.receiverId !== me.id) return;
      const match = CONTENT.exec(frame.message.content || '');
      if (!match) return;
      messagesReceived.add(1);
      sendToReceive.add(receivedAt - Number(match[1]));
    });
    ws.addEventListener('error', () => {
      // A refused upgrade (401/403) or a network error: the socket never opened.
      if (opened) return;
      countConnect(false);
      finish();
    });
    ws.addEventListener('close', () => {
      if (!opened) countConnect(false);
      else if (!authenticated) wsAuthenticated.add(false);
      finish();
    });
  });
}

// ------------------------------------------------------------------------------------------------
// Lifecycle.

export function setup() {
  if (USERS_FILE) {
    const users = USERS_FILE.map((user, i) => (user.id ? user : ensureUserFromFile(user, i)));
    console.log(`setup: ${users.length} users from ${__ENV.USERS_FILE}`);
    return { users };
  }
  const users = [];
  for (let i = 0; i < USER_COUNT; i += 1) users.push(ensureUser(i));
  console.log(`setup: ${users.length} users ready (${BASE_URL})`);
  return { users };
}

/** A listed account without its id: sign in once to learn it. */
function ensureUserFromFile(user, i) {
  const response = http.post(`${BASE_URL}/api/login`, JSON.stringify({ identifier: user.identifier, password: user.password }), {
    headers: jsonHeaders(),
    tags: { name: 'setup login' },
  });
  if (response.status !== 200) fail(`USERS_FILE entry ${i} (${user.identifier}): signing in answered ${response.status}`);
  return { ...user, id: response.json('id') };
}

/** Online, mostly idle: looks at the inbox every READER_PAUSE_S, sometimes replies. */
export async function reader(data) {
  if (!signedIn(data)) return sleep(5);
  await session(
    () => (Math.random() < READER_REPLY ? Promise.all([lookAtInbox(), sendMessage(data)]) : lookAtInbox()),
    () => pauseMs(READER_PAUSE),
  );
}

/** In a conversation: a message every CHAT_PAUSE_S. */
export async function chatter(data) {
  if (!signedIn(data)) return sleep(5);
  await session(
    () => sendMessage(data),
    () => pauseMs(CHAT_PAUSE),
  );
}

export default chatter;
