import WebSocket from 'ws';
import { startTestService, type RunningService, type TestEnvironment } from '@vnmarket/shared/testing';
import { migrations } from '../migrations';
import { createMessagingService, type MessagingService } from '../src/app';
import { MESSAGING_SCHEMA, messagingConfigSchema, type MessagingConfig } from '../src/config';

export type RunningMessaging = RunningService<MessagingConfig, MessagingService>;

export function startMessaging(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningMessaging> {
  return startTestService({
    name: 'messaging',
    schema: MESSAGING_SCHEMA,
    configSchema: messagingConfigSchema,
    migrations,
    create: createMessagingService,
    label,
    environment,
    overrides,
  });
}


export interface TestSocket {
  ws: WebSocket;
  received: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first received message that matches, waiting up to the timeout. */
  next(match: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  send(payload: unknown): void;
}

/** A browser-like WebSocket: the session cookie and our Origin on the upgrade request. */
export function openSocket(baseUrl: string, cookie: string, origin = 'http://localhost:8080'): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers: { cookie, origin } });
  const received: any[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    received.push(JSON.parse(data.toString()));
    for (const waiter of waiters) waiter();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  const socket: TestSocket = {
    ws,
    received,
    closed,
    send: (payload) => ws.send(JSON.stringify(payload)),
    next(match, timeoutMs = 5000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (found === undefined) return false;
          waiters.delete(check as () => void);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check as () => void);
          reject(new Error(`no matching WebSocket message within ${timeoutMs} ms; got ${JSON.stringify(received)}`));
        }, timeoutMs);
        if (!check()) waiters.add(check as () => void);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
  });
}

/** What an upgrade attempt gets back: the HTTP status when refused, 101 when accepted. */
export function upgradeStatus(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/ws`, { headers });
  return new Promise((resolve) => {
    ws.once('open', () => {
      ws.close();
      resolve(101);
    });
    ws.once('unexpected-response', (_req, res) => {
      resolve(res.statusCode ?? 0);
      ws.terminate();
    });
    ws.once('error', () => resolve(0));
  });
}
