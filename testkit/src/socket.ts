import WebSocket from 'ws';

export interface TestSocket {
  ws: WebSocket;
  received: any[];
  closed: Promise<{ code: number; reason: string }>;
  /** Resolves with the first received message that matches, waiting up to the timeout. */
  next(match: (message: any) => boolean, timeoutMs?: number): Promise<any>;
  send(payload: unknown): void;
  /**
   * Resolves once everything the server sent before it read this call's ping has arrived: the server
   * answers a ping with a pong after what it already sent on the socket. Resolves too if the socket
   * closes meanwhile. A way to say "nothing more is coming" without sleeping.
   */
  flush(timeoutMs?: number): Promise<void>;
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
    flush(timeoutMs = 5000) {
      if (ws.readyState !== WebSocket.OPEN) return closed.then(() => undefined);
      return new Promise((resolve, reject) => {
        const payload = Buffer.from(`flush-${Math.random()}`);
        const done = () => {
          clearTimeout(timer);
          ws.off('pong', onPong);
          resolve();
        };
        const onPong = (data: Buffer) => {
          if (data.equals(payload)) done();
        };
        const timer = setTimeout(() => {
          ws.off('pong', onPong);
          reject(new Error(`no pong within ${timeoutMs} ms`));
        }, timeoutMs);
        ws.on('pong', onPong);
        void closed.then(done);
        ws.ping(payload);
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(socket));
    ws.once('unexpected-response', (_req, res) => reject(Object.assign(new Error(`upgrade refused: ${res.statusCode}`), { statusCode: res.statusCode })));
    ws.once('error', reject);
  });
}
