import type { IncomingMessage, ServerResponse } from 'node:http';
import { CLIENT_CLOSED_REQUEST, recordRequest, type Logger } from '@vnmarket/shared';

/** An answer that took longer than this is logged at warn: the edge sees queueing the services do not. */
const SLOW_REQUEST_MS = 1000;

/** Probes: asked every few seconds by load balancers and Kubernetes, never worth a line. */
const PROBES = new Set(['/livez', '/readyz', '/healthz']);

/** What a request's log line needs, taken when it arrives. */
export interface RequestStart {
  requestId: string;
  /** Its target as the client sent it. */
  url: string;
  /** Its path (the target up to the query). */
  path: string;
  /** performance.now() on arrival. */
  started: number;
  /** Its route group for the request metrics (api_<service>, health, static, unmatched). */
  route: string;
}

/** Route groups of what the gateway answers itself; proxied requests are api_<service>, upgrades ws. */
export const ROUTE_GROUPS = { health: 'health', static: 'static', unmatched: 'unmatched', ws: 'ws' } as const;

/** The route group of a request Express answers (not proxied): from its path, without allocating. */
export function localRouteGroup(path: string): string {
  if (PROBES.has(path)) return ROUTE_GROUPS.health;
  // /api paths no service owns answer 404 here.
  return path === '/api' || path.startsWith('/api/') ? ROUTE_GROUPS.unmatched : ROUTE_GROUPS.static;
}

/**
 * One log line per request, written once its answer is done (or the client went away), from a few
 * plain fields: no child logger and no serializers per request.
 *
 * Which level: every service already logs each request it answers, with the same request id, so at the
 * edge a line for every success would repeat theirs and cost a write per request on the busiest
 * process. The edge adds what only it sees, at warn: answers of 500 and above (including its own 502
 * and 503 when a service cannot be reached or it is overloaded), answers slower than SLOW_REQUEST_MS,
 * and clients that left before their answer was sent. Everything else is at debug (LOG_LEVEL=debug
 * shows every request).
 *
 * Call it when the response closes. It records the request's metrics too (every request, probes
 * included), so both come from one close listener.
 */
export function logRequestDone(logger: Logger, req: IncomingMessage, res: ServerResponse, start: RequestStart): void {
  const elapsed = performance.now() - start.started;
  const aborted = !res.writableFinished;
  const status = res.statusCode;
  // The request metrics: a histogram observe under a series looked up by route group, method and status.
  recordRequest(start.route, req.method ?? 'GET', aborted ? CLIENT_CLOSED_REQUEST : status, elapsed / 1000);
  const ms = Math.round(elapsed);
  const failed = status >= 500;
  const slow = ms >= SLOW_REQUEST_MS;
  const level = failed || slow || aborted ? 'warn' : 'debug';
  if (!logger.isLevelEnabled(level) || PROBES.has(start.path)) return;
  const message = aborted ? 'client left before the answer was sent' : failed ? 'request failed' : slow ? 'slow request' : 'request completed';
  logger[level]({ requestId: start.requestId, method: req.method, url: start.url, status, ms }, message);
}

/** logRequestDone (which also counts the request) once the response closes. */
export function logWhenDone(logger: Logger, req: IncomingMessage, res: ServerResponse, start: RequestStart): void {
  res.once('close', () => logRequestDone(logger, req, res, start));
}
