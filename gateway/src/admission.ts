import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * What the gateway refuses before a request reaches a route: a request target Express cannot route, a
 * body that arrives too slowly, and more requests in flight from one client than its share. None of them
 * may hold a connection, or a place under the in-flight cap, for long.
 */

/**
 * Whether a request target that is not a plain path (see simplePath) may go to Express: origin form, or
 * `*`, or an absolute URL that parses. Express (parseurl) reads such a target with url.parse, which throws
 * on a malformed host (`GET http://[::1 HTTP/1.1`); its router then cannot route the request at all and
 * hands it to its last resort (finalhandler), which waits for the request's body to end before it
 * answers. A bodiless request on a server with optimizeEmptyRequests never emits 'end', so that answer
 * waited until the client hung up. The WHATWG parser refuses every such host, so these get a 400 here;
 * the rare origin-form target url.parse still refuses (`/\@[`) reaches the gateway's own last resort,
 * which answers at once (app.ts).
 */
export function routableTarget(target: string | undefined): boolean {
  if (target === undefined || target === '') return false;
  return target.charCodeAt(0) === 0x2f || target === '*' || URL.canParse(target);
}

/** How fast a request body must arrive (see watchBodyPace). */
export interface BodyPace {
  /** The longest gap between two reads, and how far the body may fall behind minBytesPerSecond. */
  timeoutMs: number;
  minBytesPerSecond: number;
}

/** Whether the request announces a body (RFC 9112 §6.3): none without Content-Length or Transfer-Encoding. */
function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * Calls tooSlow once if the request's body stops arriving for pace.timeoutMs, or falls more than that
 * behind pace.minBytesPerSecond since its head arrived: one byte every 5 s is cut after about
 * timeoutMs, while a large photo sent at a phone's pace (far above the floor) runs as long as it needs.
 * A deadline on the whole request would cut the slow phone too; one on gaps alone would never cut the
 * trickle.
 *
 * The bytes counted are the connection's (socket.bytesRead), read when a timer fires: nothing listens to
 * the body's stream, so whoever reads it (the proxy's pipe) is undisturbed. While the gateway itself is
 * not reading (the service is slow to take the body, so the proxy paused it), the client is not blamed:
 * the schedule starts again from there.
 */
export function watchBodyPace(req: IncomingMessage, pace: BodyPace, tooSlow: () => void): void {
  if (!announcesBody(req) || req.complete) return;
  const socket = req.socket;
  const msPerByte = 1000 / pace.minBytesPerSecond;
  const firstByte = socket.bytesRead;
  let received = 0;
  let lastProgress = performance.now();
  /** When the schedule began: the body is on time while received covers the floor's bytes since then. */
  let scheduleStart = lastProgress;
  let timer: NodeJS.Timeout;
  const done = () => {
    clearTimeout(timer);
    req.off('end', done);
    socket.off('close', done);
  };
  const check = () => {
    const now = performance.now();
    const read = socket.bytesRead - firstByte;
    if (read > received) {
      received = read;
      lastProgress = now;
    }
    const gatewayBehind = req.readableFlowing === false || req.readableLength > 0;
    if (gatewayBehind) {
      lastProgress = now;
      scheduleStart = now - received * msPerByte;
    }
    const due = Math.min(lastProgress + pace.timeoutMs, scheduleStart + pace.timeoutMs + received * msPerByte);
    if (now < due) {
      timer = setTimeout(check, Math.max(due - now, 20));
      return;
    }
    done();
    tooSlow();
  };
  timer = setTimeout(check, pace.timeoutMs);
  req.once('end', done);
  socket.once('close', done);
}

/** Counts each client's requests in flight, and refuses one past its share. */
export class ClientsInFlight {
  private readonly counts = new Map<string, number>();

  constructor(private readonly maxPerClient: number) {}

  /** Counts a request for this client, or returns false (counting nothing) when it has its share already. */
  tryAcquire(client: string): boolean {
    const count = this.counts.get(client) ?? 0;
    if (count >= this.maxPerClient) return false;
    this.counts.set(client, count + 1);
    return true;
  }

  release(client: string): void {
    const count = (this.counts.get(client) ?? 1) - 1;
    if (count <= 0) this.counts.delete(client);
    else this.counts.set(client, count);
  }

  /** Clients with a request in flight (the map never keeps one at zero). */
  get clients(): number {
    return this.counts.size;
  }
}

export const REFUSALS = {
  badTarget: { status: 400, body: { message: 'Bad request', code: 'bad_request' } },
  tooSlow: { status: 408, body: { message: 'The request took too long to arrive. Please try again.', code: 'request_timeout' } },
  tooManyInFlight: {
    status: 429,
    body: { message: 'Too many requests at once from your connection. Please wait a moment and try again.', code: 'too_many_in_flight' },
  },
} as const;

/**
 * Answers a refusal and closes the connection after it: what is left of the request (a body still
 * arriving, a malformed target) is not read.
 */
export function refuse(res: ServerResponse, refusal: (typeof REFUSALS)[keyof typeof REFUSALS], headers: Record<string, string> = {}): void {
  if (res.headersSent) {
    // Answered already (a service may refuse a write before reading its body): only the connection is left.
    res.req.socket.destroy();
    return;
  }
  const json = JSON.stringify(refusal.body);
  res.shouldKeepAlive = false;
  res.writeHead(refusal.status, {
    ...headers,
    connection: 'close',
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
}
