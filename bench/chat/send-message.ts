/** Sending one message: POST /api/messages as its sender, over a keep-alive agent per target. */
import http from 'node:http';
import { LOCALHOST } from '../lib/settings';
import { epochNow } from './clock';
import { contentFor, counters, noteError, type SentMessage, type Slot } from './message-ledger';
import { settings } from './settings';
import { users } from './users';

const HTTP_TIMEOUT_MS = 10_000;

/** Where sends go: a messaging replica or the gateway. */
export interface SendTarget {
  label: string;
  port: number;
  agent: http.Agent;
  origin: string;
  /** The replica that stores what is sent here (its sockets are the "same replica" ones). */
  replica: Slot;
}

export function makeTarget(label: string, port: number, replica: Slot): SendTarget {
  return {
    label,
    port,
    agent: new http.Agent({ keepAlive: true, maxSockets: settings.httpConnections }),
    origin: `http://${LOCALHOST}:${port}`,
    replica,
  };
}

/** POST /api/messages as the sender; settles the record (never rejects). */
export function sendMessage(target: SendTarget, record: SentMessage): void {
  const sender = users[record.sender]!;
  const receiver = users[record.receiver]!;
  const payload = JSON.stringify({ receiverId: receiver.id, content: contentFor(record.seq, record.scheduledAt) });
  counters.inFlight += 1;
  let settled = false;
  const settle = (status: number, detail?: string) => {
    if (settled) return;
    settled = true;
    counters.inFlight -= 1;
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
