/**
 * npm run bench:chat (or make bench-chat): real-time chat under load, across two messaging replicas.
 *
 * One run:
 *   1. drops and recreates its own database (vnmarket_bench_chat), applies the auth and messaging migrations
 *      (their src/migrate.ts), and starts on 127.0.0.1 only: auth, messaging replicas A and B (same database,
 *      Redis key prefix and events exchange, different ports) and a gateway in front of A;
 *   2. registers BENCH_USERS users (POST /api/register, BENCH_CONCURRENCY at a time) and waits until messaging's
 *      read copy of users (filled from user.registered events) holds every one of them;
 *   3. opens 2 WebSockets per user, one on each replica (cookie + Origin on the upgrade, then the spec's
 *      {type:"authenticate", userId}), and reads each replica's VmRSS before and after: memory per socket;
 *   4. warm-up (BENCH_WARMUP s, not counted), then BENCH_DURATION s of messages between random pairs at
 *      BENCH_RATE messages/s, open loop: every message has an intended send time on a fixed schedule and all
 *      latencies are measured from it, so a slow server cannot hide its slowness by slowing the load down.
 *      Sends go over HTTP (POST /api/messages with the sender's cookie), alternately to A and B; each
 *      content carries a unique id and its send time. Latency is measured at the RECEIVER's sockets (first
 *      push of that message on either of them); every socket of sender and receiver must get it once;
 *   5. where the time goes: the message's transaction start and the outbox relay pass that published it,
 *      read back from PostgreSQL (same machine, same clock), split send → receive into stages; CPU time
 *      of every process involved over the measured window;
 *   6. optionally (BENCH_GATEWAY_DURATION > 0) the same load through the gateway: one more socket per user via
 *      the gateway's /ws (→ replica A) and every send through the gateway's /api/messages;
 *   7. stops everything it started (also on an error, on Ctrl-C, when the run overshoots its time limit),
 *      deletes the run's Redis keys and RabbitMQ exchange and queues; the database is kept for inspection
 *      until the next run drops it.
 *
 * Settings (environment): BENCH_USERS (500), BENCH_RATE (messages/s, 500), BENCH_DURATION (measured s, 30),
 * BENCH_WARMUP (s, 3), BENCH_DRAIN (s to wait for late pushes, 10), BENCH_CONCURRENCY (registrations and socket
 * opens in flight, 20), BENCH_HTTP_CONNECTIONS (keep-alive connections per target, 64), BENCH_GATEWAY_DURATION
 * (s, 10; 0 skips the gateway run), BENCH_AUTH_PORT (4121), BENCH_MESSAGING_A_PORT (4122),
 * BENCH_MESSAGING_B_PORT (4123), BENCH_GATEWAY_PORT (8200), BENCH_CHAT_DATABASE_URL
 * (postgres://postgres@127.0.0.1:5432/vnmarket_bench_chat; its name must contain "bench": it is dropped),
 * BENCH_PROFILE_DIR (unset; a directory: both messaging replicas write V8 CPU profiles there, for
 * chrome://inspect or speedscope).
 */
import { randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import amqp from 'amqplib';
import Redis from 'ioredis';
import WebSocket, { type RawData } from 'ws';
import { createDb, serviceQueueName } from '@vnmarket/shared';
import { isListening, writeSigningKeys } from '../../scripts/lib/local';
import {
  envInt,
  fmt,
  gatewayUpstreamEnv,
  limitRunTime,
  LOCALHOST,
  machineSummary,
  percentile,
  printTable,
  runBench,
  runScript,
  serviceBaseEnv,
  SERVICE_COMMON_ENV,
  sleep,
  startScript,
  waitUntilOk,
  type Child,
  recreateDatabase,
} from './lib';

const settings = {
  users: envInt('BENCH_USERS', 500, 2),
  rate: envInt('BENCH_RATE', 500, 1),
  duration: envInt('BENCH_DURATION', 30, 1),
  warmup: envInt('BENCH_WARMUP', 3, 0),
  drain: envInt('BENCH_DRAIN', 10, 1),
  concurrency: envInt('BENCH_CONCURRENCY', 20, 1),
  httpConnections: envInt('BENCH_HTTP_CONNECTIONS', 64, 1),
  gatewayDuration: envInt('BENCH_GATEWAY_DURATION', 10, 0),
  ports: {
    auth: envInt('BENCH_AUTH_PORT', 4121, 1),
    messagingA: envInt('BENCH_MESSAGING_A_PORT', 4122, 1),
    messagingB: envInt('BENCH_MESSAGING_B_PORT', 4123, 1),
    gateway: envInt('BENCH_GATEWAY_PORT', 8200, 1),
  },
  databaseUrl: process.env.BENCH_CHAT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_chat',
  /** When set, both messaging replicas run with --cpu-prof and write their V8 CPU profiles there when they stop. */
  profileDir: process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined,
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  amqpUrl: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
};
const databaseName = decodeURIComponent(new URL(settings.databaseUrl).pathname.slice(1));
if (!databaseName.includes('bench')) {
  console.error(`bench: BENCH_CHAT_DATABASE_URL must name a database whose name contains "bench" (it is dropped each run); got "${databaseName}"`);
  process.exit(1);
}

const REDIS_PREFIX = 'bench-chat:';
const EXCHANGE = 'bench-chat.events';
const PASSWORD = 'bench-password-1';
/** The product owner's aim for this scenario. */
const AIM = { p99Ms: 100, rate: 500 };
const HTTP_TIMEOUT_MS = 10_000;

// ---------------------------------------------------------------------------------------------------
// Clock: one epoch-milliseconds clock with sub-millisecond resolution, comparable with PostgreSQL's now()
// (same machine, same system clock). Re-aligned to Date.now() at the start of every phase, so the
// monotonic clock cannot drift away from the wall clock during a run.

let clockOffset = Date.now() - performance.now();
function alignClock(): void {
  const start = Date.now();
  let now = start;
  while (now === start) now = Date.now(); // the instant a millisecond begins
  clockOffset = now - performance.now();
}
const epochNow = () => clockOffset + performance.now();

// ---------------------------------------------------------------------------------------------------
// Statistics.

interface Stats {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function statsOf(values: number[]): Stats {
  const sorted = Float64Array.from(values).sort();
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

const statsCells = (stats: Stats, digits = 1) => [fmt(stats.p50, digits), fmt(stats.p95, digits), fmt(stats.p99, digits), fmt(stats.max, digits), String(stats.count)];
const STATS_HEADER = ['p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'count'];

/** Runs fn over items with at most `limit` in flight. */
async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------------------------------------------
// /proc: memory of our children, CPU time of everything that takes part.

function procStatusKb(pid: number | undefined, field: string): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm'));
    return match?.[1] ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}

/** VmRSS in KiB: the median of 3 readings 300 ms apart (one reading can catch a GC in the middle). */
async function settledRssKb(pid: number | undefined): Promise<number | undefined> {
  const readings: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const kb = procStatusKb(pid, 'VmRSS');
    if (kb !== undefined) readings.push(kb);
    if (i < 2) await sleep(300);
  }
  readings.sort((a, b) => a - b);
  return readings[Math.floor(readings.length / 2)];
}

/** Kernel clock ticks per second for /proc/<pid>/stat (USER_HZ; 100 on every mainstream Linux). */
const CLOCK_TICKS = 100;

/** utime + stime in seconds of one process (all its threads) and its start time, or undefined once it is gone. */
function processCpu(pid: number): { comm: string; seconds: number; startTicks: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // After "(comm) " the file's field 3 (state) is index 0: utime (14) and stime (15) are 11 and 12, starttime (22) is 19.
    return { comm, seconds: (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS, startTicks: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/** Busy and total CPU seconds of the whole machine (all cores), from /proc/stat. */
function machineCpuSeconds(): { busy: number; total: number } {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  const values = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = (values[3] ?? 0) + (values[4] ?? 0); // idle + iowait
  const total = values.slice(0, 8).reduce((sum, value) => sum + value, 0);
  return { busy: (total - idle) / CLOCK_TICKS, total: total / CLOCK_TICKS };
}

interface CpuSnapshot {
  at: number;
  /** pid → group, CPU seconds so far, start time (tells a reused pid apart). */
  processes: Map<number, { group: string; seconds: number; startTicks: string }>;
  machine: { busy: number; total: number };
}

const GENERATOR_GROUP = 'load generator (this process)';

/** Which group a process counts in: our children by pid, the servers by their command name. */
function cpuSnapshot(childGroups: Map<number, string>): CpuSnapshot {
  const processes: CpuSnapshot['processes'] = new Map();
  const usage = process.cpuUsage();
  processes.set(process.pid, { group: GENERATOR_GROUP, seconds: (usage.user + usage.system) / 1e6, startTicks: 'self' });
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (pid === process.pid) continue;
    const cpu = processCpu(pid);
    if (!cpu) continue;
    const group =
      childGroups.get(pid) ??
      (cpu.comm === 'postgres' ? 'PostgreSQL (all databases)' : cpu.comm === 'beam.smp' ? 'RabbitMQ' : cpu.comm.startsWith('redis-server') ? 'Redis' : undefined);
    if (group) processes.set(pid, { group, seconds: cpu.seconds, startTicks: cpu.startTicks });
  }
  return { at: performance.now(), processes, machine: machineCpuSeconds() };
}

/** CPU (cores) used by processes outside this benchmark above which the run is flagged as disturbed. */
const OTHER_LOAD_WARNING = 0.25;

/** Cores used per group between two snapshots (2.00 = both cores of a 2-core machine), plus the rest. */
function cpuRows(before: CpuSnapshot, after: CpuSnapshot): string[][] {
  const seconds = (after.at - before.at) / 1000;
  // Per process: a process that started during the window counts whole; one that ended is missed.
  const byGroup = new Map<string, number>();
  for (const [pid, now] of after.processes) {
    const then = before.processes.get(pid);
    const used = then && then.startTicks === now.startTicks ? now.seconds - then.seconds : now.seconds;
    byGroup.set(now.group, (byGroup.get(now.group) ?? 0) + Math.max(0, used));
  }
  const rows: string[][] = [];
  let listed = 0;
  for (const [group, used] of byGroup) {
    listed += used;
    rows.push([group, (used / seconds).toFixed(2)]);
  }
  const machineBusy = after.machine.busy - before.machine.busy;
  const cores = (after.machine.total - before.machine.total) / seconds;
  const others = Math.max(0, machineBusy - listed) / seconds;
  rows.push([`everything else on the machine${others > OTHER_LOAD_WARNING ? '  ← NOT QUIET: other work competed for the cores; rerun when the machine is idle' : ''}`, others.toFixed(2)]);
  rows.push(['machine total (busy)', `${(machineBusy / seconds).toFixed(2)} of ${cores.toFixed(1)}`]);
  return rows;
}

// ---------------------------------------------------------------------------------------------------
// Users, sockets and the record of every message.

/** Socket slots per user: one on each replica, and one through the gateway (gateway run only). */
const SLOT = { A: 0, B: 1, gateway: 2 } as const;
type Slot = (typeof SLOT)[keyof typeof SLOT];
const SLOT_NAMES = ['replica A', 'replica B', 'gateway'] as const;

interface BenchUser {
  index: number;
  id: string;
  cookie: string;
  sockets: (ChatSocket | undefined)[];
}

interface ChatSocket {
  ws: WebSocket;
  user: number;
  slot: Slot;
  authenticated: Promise<void>;
}

type PhaseName = 'warm-up' | 'measured' | 'gateway';

interface SentMessage {
  seq: number;
  phase: PhaseName;
  sender: number;
  receiver: number;
  /** The sockets (slots) of sender and receiver that are open in this phase: each must get the push once. */
  slots: readonly Slot[];
  /** Intended send time (epoch ms): latencies count from here (open loop). */
  scheduledAt: number;
  startedAt: number;
  respondedAt?: number;
  /** HTTP status; 0 for a network error or a timeout. */
  status?: number;
  /** Push arrival per slot (epoch ms). */
  senderAt: (number | undefined)[];
  receiverAt: (number | undefined)[];
  /** The send time read back from the pushed content (must equal scheduledAt). */
  contentSentAt?: number;
}

const users: BenchUser[] = [];
const sent: SentMessage[] = [];
const counters = {
  duplicates: 0,
  /** Pushes of a bench message to a user who is neither its sender nor its receiver. */
  misdelivered: 0,
  /** Pushes of a message whose send did not answer 201. */
  pushedButNot201: 0,
  /** new_message pushes that are not ours (should be none). */
  foreignPushes: 0,
  errorFrames: 0,
  badFrames: 0,
  socketsClosed: 0,
};
const errorSamples = new Map<string, { count: number; sample: string }>();
let inFlight = 0;

const CONTENT = /^bench #(\d+) sent ([\d.]+) /;
const contentFor = (seq: number, sentAt: number) => `bench #${seq} sent ${sentAt.toFixed(3)} — Chào anh, phòng còn không? Mình muốn xem phòng cuối tuần này.`;

function onFrame(socket: ChatSocket, data: RawData): void {
  const at = epochNow();
  let frame: { type?: string; message?: { content?: string } };
  try {
    frame = JSON.parse(data.toString()) as typeof frame;
  } catch {
    counters.badFrames += 1;
    return;
  }
  if (frame.type !== 'new_message') {
    if (frame.type === 'error') counters.errorFrames += 1;
    return;
  }
  const match = CONTENT.exec(frame.message?.content ?? '');
  const record = match ? sent[Number(match[1])] : undefined;
  if (!match || !record) {
    counters.foreignPushes += 1;
    return;
  }
  if (record.status !== undefined && record.status !== 201) counters.pushedButNot201 += 1;
  const arrivals = socket.user === record.receiver ? record.receiverAt : socket.user === record.sender ? record.senderAt : undefined;
  if (!arrivals) {
    counters.misdelivered += 1;
    return;
  }
  if (arrivals[socket.slot] !== undefined) {
    counters.duplicates += 1;
    return;
  }
  arrivals[socket.slot] = at;
  record.contentSentAt ??= Number(match[2]);
}

function openSocket(user: BenchUser, slot: Slot, port: number): Promise<ChatSocket> {
  const origin = `http://${LOCALHOST}:${port}`;
  const ws = new WebSocket(`ws://${LOCALHOST}:${port}/ws`, { headers: { cookie: user.cookie, origin }, perMessageDeflate: false });
  let resolveAuthenticated: () => void = () => {};
  let rejectAuthenticated: (error: Error) => void = () => {};
  const authenticated = new Promise<void>((resolve, reject) => {
    resolveAuthenticated = resolve;
    rejectAuthenticated = reject;
  });
  authenticated.catch(() => {});
  const socket: ChatSocket = { ws, user: user.index, slot, authenticated };
  ws.on('message', (data) => {
    // The answer to authenticate comes first; after that, only pushes.
    if (data.toString().startsWith('{"type":"authenticated"')) return resolveAuthenticated();
    onFrame(socket, data);
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.on('close', (code) => {
        counters.socketsClosed += 1;
        rejectAuthenticated(new Error(`socket closed (${code})`));
      });
      ws.send(JSON.stringify({ type: 'authenticate', userId: user.id }));
      resolve(socket);
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`WebSocket upgrade on :${port} refused: HTTP ${res.statusCode}`)));
    ws.once('error', (error) => reject(new Error(`WebSocket on :${port}: ${error.message}`)));
  });
}

/** Opens one socket per user in a slot, authenticates each; returns how long it took. */
async function openSockets(slot: Slot, port: number): Promise<number> {
  const started = performance.now();
  await mapLimit(users, settings.concurrency, async (user) => {
    const socket = await openSocket(user, slot, port);
    user.sockets[slot] = socket;
    const timeout = sleep(10_000).then(() => {
      throw new Error(`no "authenticated" answer within 10 s on :${port}`);
    });
    await Promise.race([socket.authenticated, timeout]);
  });
  return (performance.now() - started) / 1000;
}

// ---------------------------------------------------------------------------------------------------
// HTTP.

interface Target {
  label: string;
  port: number;
  agent: http.Agent;
  origin: string;
}

function makeTarget(label: string, port: number): Target {
  return { label, port, agent: new http.Agent({ keepAlive: true, maxSockets: settings.httpConnections }), origin: `http://${LOCALHOST}:${port}` };
}

function noteError(key: string, sample: string): void {
  const entry = errorSamples.get(key) ?? { count: 0, sample };
  entry.count += 1;
  errorSamples.set(key, entry);
}

/** POST /api/messages as the sender; settles the record (never rejects). */
function sendMessage(target: Target, record: SentMessage): void {
  const sender = users[record.sender]!;
  const receiver = users[record.receiver]!;
  const payload = JSON.stringify({ receiverId: receiver.id, content: contentFor(record.seq, record.scheduledAt) });
  inFlight += 1;
  let settled = false;
  const settle = (status: number, detail?: string) => {
    if (settled) return;
    settled = true;
    inFlight -= 1;
    record.respondedAt = epochNow();
    record.status = status;
    if (status !== 201) noteError(`${target.label}: ${status === 0 ? 'network error' : `HTTP ${status}`}`, detail ?? '');
  };
  const req = http.request({
    host: LOCALHOST,
    port: target.port,
    path: '/api/messages',
    method: 'POST',
    agent: target.agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), cookie: sender.cookie, origin: target.origin },
  });
  req.setTimeout(HTTP_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${HTTP_TIMEOUT_MS / 1000} s`)));
  req.on('response', (res) => {
    if (res.statusCode === 201) {
      res.resume();
      res.on('end', () => settle(201));
    } else {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => settle(res.statusCode ?? 0, body.slice(0, 200)));
    }
    res.on('error', (error) => settle(0, error.message));
  });
  req.on('error', (error) => settle(0, error.message));
  req.end(payload);
}

async function postJson(port: number, urlPath: string, body: unknown): Promise<Response> {
  return fetch(`http://${LOCALHOST}:${port}${urlPath}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(HTTP_TIMEOUT_MS),
  });
}

// ---------------------------------------------------------------------------------------------------
// Load: an open-loop schedule. Message k of a phase is due at start + k / rate; a 1 ms timer sends every
// message that is due. Latencies count from the due time, so time the generator itself lost is counted
// too (and reported as scheduler lag).

interface PhaseResult {
  name: PhaseName;
  records: SentMessage[];
  startedAt: number;
  sendWindowS: number;
  drainedS: number;
  drainedAll: boolean;
}

function expectedPushes(record: SentMessage): number {
  return record.status === 201 ? record.slots.length * 2 : 0;
}

function receivedPushes(record: SentMessage): number {
  let count = 0;
  for (const slot of record.slots) count += (record.senderAt[slot] !== undefined ? 1 : 0) + (record.receiverAt[slot] !== undefined ? 1 : 0);
  return count;
}

async function runPhase(name: PhaseName, seconds: number, slots: readonly Slot[], targetFor: (k: number) => Target, drain: boolean): Promise<PhaseResult> {
  alignClock();
  const total = Math.round(seconds * settings.rate);
  const records: SentMessage[] = [];
  const startedAt = epochNow();
  const intervalMs = 1000 / settings.rate;
  let k = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = epochNow();
      const due = Math.min(total, Math.floor((now - startedAt) / intervalMs) + 1);
      while (k < due) {
        const sender = randomInt(users.length);
        let receiver = randomInt(users.length - 1);
        if (receiver >= sender) receiver += 1;
        const record: SentMessage = {
          seq: sent.length,
          phase: name,
          sender,
          receiver,
          slots,
          scheduledAt: startedAt + k * intervalMs,
          startedAt: epochNow(),
          senderAt: [],
          receiverAt: [],
        };
        sent.push(record);
        records.push(record);
        sendMessage(targetFor(k), record);
        k += 1;
      }
      if (k >= total) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  const sendWindowS = (epochNow() - startedAt) / 1000;
  // Wait for the last answers and pushes (bounded).
  const drainStart = performance.now();
  const complete = () => inFlight === 0 && records.every((record) => receivedPushes(record) >= expectedPushes(record));
  let drainedAll = complete();
  while (drain && !drainedAll && performance.now() - drainStart < settings.drain * 1000) {
    await sleep(50);
    drainedAll = complete();
  }
  return { name, records, startedAt, sendWindowS, drainedS: (performance.now() - drainStart) / 1000, drainedAll };
}

// ---------------------------------------------------------------------------------------------------
// Where the time goes: the message's transaction start (messages.created_at = now() of the sending
// transaction) and the start of the outbox relay transaction that published it (outbox_events.published_at).

interface ServerTimes {
  transactionAt: number;
  relayAt?: number;
}

async function serverTimes(): Promise<Map<number, ServerTimes>> {
  const db = createDb(settings.databaseUrl, 'messaging', 1);
  try {
    const { rows } = await db.raw<{ rows: { content: string; transaction_ms: string; relay_ms: string | null }[] }>(`
      select m.content,
             extract(epoch from m.created_at) * 1000 as transaction_ms,
             extract(epoch from o.published_at) * 1000 as relay_ms
      from messages m
      left join outbox_events o on o.type = 'message.created' and (o.envelope -> 'data' ->> 'id')::uuid = m.id`);
    const times = new Map<number, ServerTimes>();
    for (const row of rows) {
      const match = CONTENT.exec(row.content);
      if (!match) continue;
      times.set(Number(match[1]), { transactionAt: Number(row.transaction_ms), relayAt: row.relay_ms === null ? undefined : Number(row.relay_ms) });
    }
    return times;
  } finally {
    await db.destroy();
  }
}

// ---------------------------------------------------------------------------------------------------
// Report.

interface PhaseReport {
  receive: Stats;
}

const firstOf = (values: (number | undefined)[], slots: readonly Slot[]) => {
  let first: number | undefined;
  for (const slot of slots) {
    const value = values[slot];
    if (value !== undefined && (first === undefined || value < first)) first = value;
  }
  return first;
};

function reportPhase(result: PhaseResult, measuredSlots: readonly Slot[], times: Map<number, ServerTimes>, cpu: string[][] | undefined): PhaseReport {
  const { records } = result;
  const ok = records.filter((record) => record.status === 201);
  const httpLatency = statsOf(records.filter((record) => record.respondedAt !== undefined).map((record) => record.respondedAt! - record.scheduledAt));
  const schedulerLag = statsOf(records.map((record) => record.startedAt - record.scheduledAt));
  const receiveLatencies: number[] = [];
  const allSocketsLatencies: number[] = [];
  const afterResponse: number[] = [];
  const stages = { toTransaction: [] as number[], transactionTo201: [] as number[], toRelay: [] as number[], relayToPush: [] as number[] };
  const relayPasses = new Map<number, number>();
  let delivered = 0;
  let lastDelivery = result.startedAt;
  let timestampMismatches = 0;
  for (const record of ok) {
    const first = firstOf(record.receiverAt, measuredSlots);
    if (first !== undefined) {
      delivered += 1;
      lastDelivery = Math.max(lastDelivery, first);
      // Send-to-receive, from the send time the content carried.
      const sentAt = record.contentSentAt ?? record.scheduledAt;
      if (Math.abs(sentAt - record.scheduledAt) > 0.01) timestampMismatches += 1;
      receiveLatencies.push(first - sentAt);
      if (record.respondedAt !== undefined) afterResponse.push(first - record.respondedAt);
    }
    if (receivedPushes(record) === expectedPushes(record)) {
      let last = 0;
      for (const slot of record.slots) last = Math.max(last, record.senderAt[slot] ?? 0, record.receiverAt[slot] ?? 0);
      allSocketsLatencies.push(last - record.scheduledAt);
    }
    const server = times.get(record.seq);
    if (server && record.respondedAt !== undefined) {
      stages.toTransaction.push(server.transactionAt - record.scheduledAt);
      stages.transactionTo201.push(record.respondedAt - server.transactionAt);
      if (server.relayAt !== undefined) {
        stages.toRelay.push(server.relayAt - record.respondedAt);
        relayPasses.set(server.relayAt, (relayPasses.get(server.relayAt) ?? 0) + 1);
        if (first !== undefined) stages.relayToPush.push(first - server.relayAt);
      }
    }
  }
  const expected = records.reduce((sum, record) => sum + expectedPushes(record), 0);
  const received = records.reduce((sum, record) => sum + (record.status === 201 ? receivedPushes(record) : 0), 0);
  const neverReceived = ok.length - delivered;
  const deliverySpanS = (lastDelivery - result.startedAt) / 1000;
  const receive = statsOf(receiveLatencies);
  const receiverSockets = measuredSlots.map((slot) => SLOT_NAMES[slot]).join(' or ');

  console.log(`\n  ── ${result.name} run: ${records.length} messages scheduled over ${result.sendWindowS.toFixed(1)} s ──`);
  console.log(
    `  throughput  sent ${(records.length / result.sendWindowS).toFixed(1)}/s (target ${settings.rate}/s); answered 201: ${ok.length} (${(ok.length / result.sendWindowS).toFixed(1)}/s); ` +
      `delivered to the receiver: ${delivered} (${deliverySpanS > 0 ? (delivered / deliverySpanS).toFixed(1) : '–'}/s over ${deliverySpanS.toFixed(1)} s from the first send to the last delivery)`,
  );
  printTable(
    ['latency', ...STATS_HEADER],
    [
      ['HTTP POST /api/messages → 201 (from the intended send time)', ...statsCells(httpLatency)],
      [`send → receiver's first push (${receiverSockets})`, ...statsCells(receive)],
      [`send → last push on all ${(ok[0]?.slots.length ?? 0) * 2} sockets of sender and receiver`, ...statsCells(statsOf(allSocketsLatencies))],
      ['201 received → receiver\'s first push', ...statsCells(statsOf(afterResponse))],
      ['scheduler lag (actual − intended send; the generator\'s own delay)', ...statsCells(schedulerLag, 2)],
    ],
  );
  console.log(
    `\n  delivery    expected ${expected} pushes (${ok.length} stored messages × ${(ok[0]?.slots.length ?? 0) * 2} sockets), received ${received}, lost ${expected - received}; ` +
      `messages the receiver never got: ${neverReceived}` +
      (result.drainedAll ? ` (all in after ${result.drainedS.toFixed(1)} s of drain)` : ` (gave up after ${result.drainedS.toFixed(1)} s of drain; BENCH_DRAIN)`),
  );
  if (timestampMismatches > 0) console.log(`              ${timestampMismatches} pushes carried a send time different from the one sent (content altered?)`);
  const statuses = new Map<string, number>();
  for (const record of records) {
    const key = record.status === undefined ? 'no answer yet' : record.status === 0 ? 'network error/timeout' : String(record.status);
    statuses.set(key, (statuses.get(key) ?? 0) + 1);
  }
  const errors = records.length - ok.length;
  console.log(
    `  errors      ${errors} of ${records.length} sends were not 201 — statuses: ${[...statuses].map(([status, count]) => `${status}×${count}`).join(', ')}`,
  );

  if (stages.toTransaction.length > 0) {
    const batches = [...relayPasses.values()];
    console.log('\n  where the time goes (per stored message; server times from PostgreSQL, same clock; stages overlap by the HTTP response transit)');
    printTable(
      ['stage', ...STATS_HEADER],
      [
        ['1 intended send → transaction start (client queue, HTTP, session + rate limit in Redis, recipient check)', ...statsCells(statsOf(stages.toTransaction))],
        ['2 transaction start → 201 at the client (insert message + outbox row, COMMIT, response)', ...statsCells(statsOf(stages.transactionTo201))],
        ['3 201 at the client → outbox relay pass starts (waiting for the relay)', ...statsCells(statsOf(stages.toRelay))],
        ['4 relay pass start → receiver\'s first push (SELECT … SKIP LOCKED, publish + confirm, broker, fan-out, socket)', ...statsCells(statsOf(stages.relayToPush))],
      ],
    );
    if (batches.length > 0) {
      console.log(
        `\n  outbox relay ${batches.length} passes published these messages: ${(batches.reduce((a, b) => a + b, 0) / batches.length).toFixed(1)} per pass on average, ` +
          `at most ${Math.max(...batches)} (batch size limit 100; one pass at a time per replica, SKIP LOCKED between replicas)`,
      );
    }
  }

  // Latency over time: does it stay flat (jitter) or grow (a backlog: the rate is above capacity)?
  const bucketS = Math.max(1, Math.round(result.sendWindowS / 6));
  const buckets = new Map<number, { sent: number; latencies: number[] }>();
  for (const record of records) {
    const bucket = Math.floor((record.scheduledAt - result.startedAt) / 1000 / bucketS);
    const entry = buckets.get(bucket) ?? { sent: 0, latencies: [] };
    entry.sent += 1;
    const first = record.status === 201 ? firstOf(record.receiverAt, measuredSlots) : undefined;
    if (first !== undefined) entry.latencies.push(first - record.scheduledAt);
    buckets.set(bucket, entry);
  }
  printTable(
    [`over time (by send time, ${bucketS} s buckets)`, 'sent/s', 'p50 ms', 'p99 ms', 'max ms'],
    [...buckets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([bucket, entry]) => {
        const stats = statsOf(entry.latencies);
        return [`${bucket * bucketS}–${(bucket + 1) * bucketS} s`, (entry.sent / bucketS).toFixed(0), fmt(stats.p50, 1), fmt(stats.p99, 1), fmt(stats.max, 1)];
      }),
  );
  if (cpu) {
    console.log('');
    printTable(['CPU over the send window', 'cores'], cpu);
  }
  return { receive };
}

// ---------------------------------------------------------------------------------------------------
// Setup and cleanup.

/** Registers every user; returns seconds taken. */
async function registerUsers(): Promise<number> {
  const started = performance.now();
  const base = randomInt(0, 1000) * 1000;
  const registered = await mapLimit(Array.from({ length: settings.users }, (_v, i) => i), settings.concurrency, async (i) => {
    const phone = `415${String(base * 10 + i).padStart(7, '0').slice(-7)}`;
    const response = await postJson(settings.ports.auth, '/api/register', { firstName: `Bench${i}`, lastName: 'Nguyễn', phone, password: PASSWORD });
    const body = (await response.json().catch(() => ({}))) as { id?: unknown };
    const cookie = response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0] ?? '')
      .find((pair) => pair.startsWith('vnm_session='));
    if (response.status !== 201 || !cookie || typeof body.id !== 'string') {
      throw new Error(`registering user ${i} answered ${response.status} ${JSON.stringify(body).slice(0, 300)} without a session cookie`);
    }
    return { index: i, id: body.id, cookie, sockets: [] } satisfies BenchUser;
  });
  users.push(...registered);
  return (performance.now() - started) / 1000;
}

/** Waits until messaging's read copy holds every registered user (user.registered consumed); returns seconds. */
async function waitForReadCopies(): Promise<number> {
  const started = performance.now();
  const db = createDb(settings.databaseUrl, 'messaging', 1);
  const ids = users.map((user) => user.id);
  try {
    for (;;) {
      const row = await db('users').whereIn('id', ids).count<{ count: number }[]>({ count: '*' }).first();
      const known = Number(row?.count ?? 0);
      if (known === ids.length) return (performance.now() - started) / 1000;
      if (performance.now() - started > 60_000) throw new Error(`messaging knows only ${known} of ${ids.length} users after 60 s (user.registered not consumed?)`);
      await sleep(200);
    }
  } finally {
    await db.destroy();
  }
}

/** The run's Redis keys (sessions, rate limits) and RabbitMQ exchange and durable queues. */
async function cleanUpBrokerAndCache(): Promise<void> {
  const redis = new Redis(settings.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${REDIS_PREFIX}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  const connection = await amqp.connect(settings.amqpUrl);
  try {
    const channel = await connection.createChannel();
    for (const service of ['auth', 'messaging']) {
      const queue = serviceQueueName(EXCHANGE, service);
      for (const name of [queue, `${queue}.retry`, `${queue}.dlq`]) await channel.deleteQueue(name);
    }
    await channel.deleteExchange(EXCHANGE);
    await channel.close();
  } finally {
    await connection.close();
  }
}

function rssRow(name: string, before: number | undefined, after: number | undefined, sockets: number, child: Child | undefined): string[] {
  const perSocket = before !== undefined && after !== undefined && sockets > 0 ? (after - before) / sockets : undefined;
  const mib = (kb: number | undefined) => fmt(kb === undefined ? undefined : kb / 1024, 1);
  return [name, mib(before), mib(after), String(sockets), fmt(perSocket, 1), mib(procStatusKb(child?.process.pid, 'VmRSS')), mib(procStatusKb(child?.process.pid, 'VmHWM'))];
}

// ---------------------------------------------------------------------------------------------------

async function main(tempDir: string): Promise<void> {
  for (const [name, port] of Object.entries(settings.ports)) {
    const variable = `BENCH_${name.replace(/([A-Z])/g, '_$1').toUpperCase()}_PORT`;
    if (await isListening(LOCALHOST, port, 1000)) throw new Error(`port ${port} (${name}) is already in use; stop whatever holds it or set ${variable}`);
  }
  limitRunTime(300 + Math.ceil(settings.users / 5) + settings.warmup + settings.duration + settings.gatewayDuration + 3 * settings.drain + 60);

  const cores = os.cpus().length;
  const socketsPerUser = 2;
  console.log(
    `\nChat: ${settings.users} users, ${settings.users * socketsPerUser} WebSockets on 2 messaging replicas, ${settings.rate} messages/s for ${settings.duration} s (open loop)`,
  );
  console.log(`  machine   ${machineSummary()}`);
  console.log(
    `  NOTE      all ${cores} cores are shared by everything: this process (the load generator: ${settings.users * socketsPerUser} sockets, the HTTP client),\n` +
      '            auth, both messaging replicas, the gateway, PostgreSQL, Redis and RabbitMQ — and whatever else runs on the machine.\n' +
      '            The numbers are those of this whole box under load, not of a dedicated messaging server.',
  );
  console.log(
    `  processes auth :${settings.ports.auth}, messaging A :${settings.ports.messagingA}, messaging B :${settings.ports.messagingB}, gateway :${settings.ports.gateway} → A ` +
      '(1 Node process each, tsx, NODE_ENV=production, LOG_LEVEL=warn)',
  );
  console.log(
    `  load      sends over HTTP alternately to A and B (${settings.httpConnections} keep-alive connections per target), random sender → other receiver, ` +
      `${settings.warmup} s warm-up + ${settings.duration} s measured (BENCH_RATE, BENCH_WARMUP, BENCH_DURATION)`,
  );

  const started = performance.now();
  await cleanUpBrokerAndCache().catch((error: Error) => console.log(`  (could not clear leftovers of an earlier run: ${error.message})`));
  await recreateDatabase(settings.databaseUrl);
  const { privateKeyFile, publicKeyFile } = writeSigningKeys(tempDir);
  const serviceEnv: NodeJS.ProcessEnv = {
    ...serviceBaseEnv(),
    ...SERVICE_COMMON_ENV,
    DATABASE_URL: settings.databaseUrl,
    JWT_PUBLIC_KEY_FILE: publicKeyFile,
    REDIS_KEY_PREFIX: REDIS_PREFIX,
    EVENTS_EXCHANGE: EXCHANGE,
    // No PUBLIC_ORIGINS needed: sockets and sends carry the Origin of the process they talk to (same-origin).
  };
  const authEnv: NodeJS.ProcessEnv = {
    ...serviceEnv,
    PORT: String(settings.ports.auth),
    JWT_PRIVATE_KEY_FILE: privateKeyFile,
    COOKIE_SECURE: 'false',
    // Fast, unthrottled sign-up: setup speed only, not what is measured.
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    REGISTER_MAX_PER_IP_PER_HOUR: '1000000',
    LOGIN_MAX_ATTEMPTS_PER_IP: '1000000',
    LOGIN_MAX_FAILURES_PER_IDENTIFIER: '1000000',
  };
  const messagingEnv = (port: number): NodeJS.ProcessEnv => ({
    ...serviceEnv,
    PORT: String(port),
    MESSAGES_PER_MINUTE: '1000000',
    // A: the direct socket and, in the gateway run, the one through the gateway.
    WS_MAX_SOCKETS_PER_USER: '4',
    ...(settings.profileDir
      ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${settings.profileDir} --cpu-prof-name=messaging-${port}.cpuprofile`.trim() }
      : {}),
  });
  await runScript('auth migrations', 'services/auth/src/migrate.ts', authEnv, 120_000);
  await runScript('messaging migrations', 'services/messaging/src/migrate.ts', serviceEnv, 120_000);
  if (settings.profileDir) console.log(`  profiling both messaging replicas (--cpu-prof, some overhead): profiles go to ${settings.profileDir} when they stop`);
  console.log(`  database  ${databaseName} dropped, recreated and migrated (auth, messaging) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  const auth = startScript('auth', 'services/auth/src/main.ts', authEnv);
  const replicaA = startScript('messaging A', 'services/messaging/src/main.ts', messagingEnv(settings.ports.messagingA));
  const replicaB = startScript('messaging B', 'services/messaging/src/main.ts', messagingEnv(settings.ports.messagingB));
  const gateway =
    settings.gatewayDuration > 0
      ? startScript('gateway', 'gateway/src/main.ts', {
          ...serviceBaseEnv(),
          ...SERVICE_COMMON_ENV,
          ...gatewayUpstreamEnv({ auth: settings.ports.auth, messaging: settings.ports.messagingA }),
          GATEWAY_PORT: String(settings.ports.gateway),
        })
      : undefined;
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.auth}/readyz`, 'auth', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.messagingA}/readyz`, 'messaging A', 60_000);
  await waitUntilOk(`http://${LOCALHOST}:${settings.ports.messagingB}/readyz`, 'messaging B', 60_000);
  // Only some services run, so the gateway's /healthz stays 503: its /livez, and the gateway run checks its routes.
  if (gateway) await waitUntilOk(`http://${LOCALHOST}:${settings.ports.gateway}/livez`, 'gateway', 60_000);

  const registeredIn = await registerUsers();
  const knownAfter = await waitForReadCopies();
  console.log(
    `  users     ${users.length} registered in ${registeredIn.toFixed(1)} s (${(users.length / registeredIn).toFixed(0)}/s, ${settings.concurrency} at a time); ` +
      `messaging's read copy had all of them ${knownAfter.toFixed(1)} s later`,
  );

  await sleep(1000);
  const rssBefore = { A: await settledRssKb(replicaA.process.pid), B: await settledRssKb(replicaB.process.pid) };
  const openedA = await openSockets(SLOT.A, settings.ports.messagingA);
  const openedB = await openSockets(SLOT.B, settings.ports.messagingB);
  await sleep(2000);
  const rssAfter = { A: await settledRssKb(replicaA.process.pid), B: await settledRssKb(replicaB.process.pid) };
  const socketsOpened = users.length * socketsPerUser;
  console.log(
    `  sockets   ${socketsOpened} opened and authenticated in ${(openedA + openedB).toFixed(1)} s ` +
      `(A ${users.length} in ${openedA.toFixed(1)} s, B ${users.length} in ${openedB.toFixed(1)} s; ${settings.concurrency} at a time)`,
  );
  const closedBeforeLoad = counters.socketsClosed;

  const targets = { A: makeTarget('replica A', settings.ports.messagingA), B: makeTarget('replica B', settings.ports.messagingB) };
  const twoReplicas = (k: number) => (k % 2 === 0 ? targets.A : targets.B);
  const childGroups = new Map<number, string>();
  for (const [child, group] of [
    [auth, 'auth'],
    [replicaA, 'messaging A'],
    [replicaB, 'messaging B'],
    [gateway, 'gateway'],
  ] as const) {
    if (child?.process.pid !== undefined) childGroups.set(child.process.pid, group);
  }

  if (settings.warmup > 0) {
    console.log(`  warm-up   ${settings.warmup} s at ${settings.rate}/s (not counted) …`);
    const warm = await runPhase('warm-up', settings.warmup, [SLOT.A, SLOT.B], twoReplicas, true);
    const warmOk = warm.records.filter((record) => record.status === 201).length;
    console.log(`            ${warmOk}/${warm.records.length} answered 201; drained in ${warm.drainedS.toFixed(1)} s`);
    if (warmOk === 0) throw new Error(`no send was answered 201 during the warm-up: ${[...errorSamples].map(([key, { count, sample }]) => `${key} ×${count}: ${sample}`).join('; ')}`);
    await sleep(500);
  }
  console.log(`  measuring ${settings.duration} s at ${settings.rate}/s …`);
  const cpuBefore = cpuSnapshot(childGroups);
  const measured = await runPhase('measured', settings.duration, [SLOT.A, SLOT.B], twoReplicas, false);
  const cpuAfter = cpuSnapshot(childGroups);
  const drainStart = performance.now();
  const drainDone = () => inFlight === 0 && measured.records.every((record) => receivedPushes(record) >= expectedPushes(record));
  while (!drainDone() && performance.now() - drainStart < settings.drain * 1000) await sleep(50);
  measured.drainedS = (performance.now() - drainStart) / 1000;
  measured.drainedAll = drainDone();

  let gatewayResult: PhaseResult | undefined;
  let gatewayCpu: string[][] | undefined;
  let gatewayRss: { before?: number; after?: number } = {};
  if (gateway) {
    // Check the routes once, then one more socket per user through the gateway (→ A), and sends through it.
    const probe = await fetch(`http://${LOCALHOST}:${settings.ports.gateway}/api/messages/unread-count`, { headers: { cookie: users[0]!.cookie }, signal: AbortSignal.timeout(5000) });
    if (probe.status !== 200) throw new Error(`gateway: GET /api/messages/unread-count answered ${probe.status}, expected 200`);
    gatewayRss.before = await settledRssKb(gateway.process.pid);
    const openedG = await openSockets(SLOT.gateway, settings.ports.gateway);
    await sleep(1000);
    gatewayRss.after = await settledRssKb(gateway.process.pid);
    console.log(`  gateway   ${users.length} more sockets through the gateway (→ A) in ${openedG.toFixed(1)} s; sending ${settings.gatewayDuration} s at ${settings.rate}/s through it …`);
    const viaGateway = makeTarget('gateway', settings.ports.gateway);
    const before = cpuSnapshot(childGroups);
    gatewayResult = await runPhase('gateway', settings.gatewayDuration, [SLOT.A, SLOT.B, SLOT.gateway], () => viaGateway, false);
    gatewayCpu = cpuRows(before, cpuSnapshot(childGroups));
    const start = performance.now();
    const done = () => inFlight === 0 && gatewayResult!.records.every((record) => receivedPushes(record) >= expectedPushes(record));
    while (!done() && performance.now() - start < settings.drain * 1000) await sleep(50);
    gatewayResult.drainedS = (performance.now() - start) / 1000;
    gatewayResult.drainedAll = done();
  }

  const times = await serverTimes();

  // ------------------------------------------------------------------ results
  console.log('\n================================================================ results');
  console.log(`  machine   ${machineSummary()} — shared by everything listed under CPU, see NOTE above`);
  const report = reportPhase(measured, [SLOT.A, SLOT.B], times, cpuRows(cpuBefore, cpuAfter));

  console.log('');
  printTable(
    ['memory (VmRSS, MiB)', 'before sockets', 'after sockets', 'sockets', 'KiB/socket', 'after load', 'peak (VmHWM)'],
    [
      rssRow('messaging A', rssBefore.A, rssAfter.A, users.length, replicaA),
      rssRow('messaging B', rssBefore.B, rssAfter.B, users.length, replicaB),
      ...(gateway ? [rssRow('gateway (its own sockets)', gatewayRss.before, gatewayRss.after, users.length, gateway)] : []),
    ],
  );
  console.log(
    '  KiB/socket = (after − before) / sockets on that process: one authenticated, idle socket (ws objects, buffers, the TCP socket in Node); the\n' +
      '  kernel socket buffers are not in the process RSS. GC timing moves RSS by a few MiB, so read it as an order of magnitude.',
  );

  const other = [
    counters.duplicates ? `${counters.duplicates} duplicate pushes` : '',
    counters.misdelivered ? `${counters.misdelivered} pushes to a user who was neither sender nor receiver` : '',
    counters.pushedButNot201 ? `${counters.pushedButNot201} pushes of messages whose send was not answered 201` : '',
    counters.foreignPushes ? `${counters.foreignPushes} pushes that were not ours` : '',
    counters.errorFrames ? `${counters.errorFrames} {type:"error"} frames` : '',
    counters.badFrames ? `${counters.badFrames} frames that were not JSON` : '',
    counters.socketsClosed > closedBeforeLoad ? `${counters.socketsClosed - closedBeforeLoad} sockets closed during the load` : '',
  ].filter(Boolean);
  console.log(`\n  integrity  ${other.length ? other.join('; ') : 'no duplicate, misdelivered or unexpected pushes; no socket closed during the load'}`);
  if (errorSamples.size > 0) {
    console.log('  send errors (all phases):');
    for (const [key, { count, sample }] of errorSamples) console.log(`    ${key} ×${count}${sample ? `: ${sample}` : ''}`);
  }

  if (gatewayResult) reportPhase(gatewayResult, [SLOT.gateway], times, gatewayCpu);

  const achieved = measured.records.length / measured.sendWindowS;
  const lost = measured.records.some((record) => record.status !== 201 || receivedPushes(record) < expectedPushes(record));
  const verdict =
    settings.rate < AIM.rate
      ? `not evaluated (BENCH_RATE=${settings.rate} is below the aim's rate)`
      : report.receive.p99 < AIM.p99Ms && achieved >= AIM.rate * 0.98 && !lost
        ? 'MET'
        : 'NOT MET';
  console.log(
    `\n  aim       p99 send → receive < ${AIM.p99Ms} ms at ${AIM.rate} messages/s on this machine, every message delivered: ${verdict} — ` +
      `p99 ${fmt(report.receive.p99, 1)} ms at ${achieved.toFixed(0)} messages/s sent (two replicas, direct)${lost ? ', with sends that failed or pushes lost' : ''}`,
  );
}

const tempDir = mkdtempSync(path.join(os.tmpdir(), 'vnm-bench-chat-'));
void runBench(() => main(tempDir), {
  stopping: 'auth, both messaging replicas and the gateway',
  cleanup: async () => {
    for (const socket of users.flatMap((user) => user.sockets)) socket?.ws.terminate();
    rmSync(tempDir, { recursive: true, force: true });
    await cleanUpBrokerAndCache();
  },
});
