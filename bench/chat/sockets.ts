/**
 * The users' WebSockets: opened with the session cookie and the Origin on the upgrade, then the spec's
 * {type:"authenticate", userId}; every push that arrives is stamped and recorded in the message ledger.
 */
import { performance } from 'node:perf_hooks';
import WebSocket, { type RawData } from 'ws';
import { LOCALHOST, sleep } from '../lib/settings';
import { epochNow } from './clock';
import { mapLimit } from './map-limit';
import { CONTENT, counters, sent, type Slot } from './message-ledger';
import { settings } from './settings';
import { users, type BenchUser } from './users';

export interface ChatSocket {
  ws: WebSocket;
  user: number;
  slot: Slot;
  authenticated: Promise<void>;
}

/** Records a push's arrival on this socket (or counts what is wrong with it). */
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
export async function openSockets(slot: Slot, port: number): Promise<number> {
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

/** Closes every socket at once (cleanup). */
export function terminateAllSockets(): void {
  for (const socket of users.flatMap((user) => user.sockets)) socket?.ws.terminate();
}
