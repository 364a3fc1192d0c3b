import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from './logger';
import { metricsRegistry } from './metrics';
import { startMetricsServer } from './metrics-server';

export interface RunningServer {
  server: http.Server;
  url: string;
  /** Stops accepting, lets in-flight requests finish (up to the timeout), then resolves. */
  drain(timeoutMs: number): Promise<'drained' | 'timed out'>;
}

export async function listen(app: Express, port: number, host: string, attach?: (server: http.Server) => void): Promise<RunningServer> {
  // A request without Content-Length or Transfer-Encoding has no body (RFC 9112 §6.3): with
  // optimizeEmptyRequests its stream starts ended, and Node emits no 'data', 'end' or 'close' for it (every GET).
  const server = http.createServer({ optimizeEmptyRequests: true }, app);
  // Requests Node's parser refuses (oversized headers or URL, bad request lines) get a JSON {message}
  // like every other refusal, instead of a bare status line.
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') return socket.destroy();
    const [status, reason, message] =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'Request headers or URL are too large']
        : [400, 'Bad Request', 'Bad request'];
    const body = JSON.stringify({ message, code: status === 431 ? 'headers_too_large' : 'bad_request' });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
  // Longer than the gateway's idle keep-alive so the gateway never reuses a socket we are closing.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.requestTimeout = 60_000;
  // After the defaults, so that attach may set its own (the gateway, facing clients, does).
  attach?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    server,
    url: `http://${shownHost === '0.0.0.0' ? '127.0.0.1' : shownHost}:${address.port}`,
    drain: (timeoutMs) => drain(server, app, timeoutMs),
  };
}

async function drain(server: http.Server, app: Express, timeoutMs: number): Promise<'drained' | 'timed out'> {
  app.locals.shuttingDown = true;
  const closed = new Promise<'drained'>((resolve) => server.close(() => resolve('drained')));
  // Keep-alive sockets that go idle after their last response would hold close() open: sweep them.
  const sweeper = setInterval(() => server.closeIdleConnections(), 50);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timed out'>((resolve) => {
    timer = setTimeout(() => resolve('timed out'), timeoutMs);
  });
  server.closeIdleConnections();
  const outcome = await Promise.race([closed, timedOut]);
  clearInterval(sweeper);
  clearTimeout(timer);
  if (outcome === 'timed out') server.closeAllConnections();
  return outcome;
}

export interface ServiceProcess {
  name: string;
  logger: Logger;
  app: Express;
  attach?: (server: http.Server) => void;
  beforeDrain?: () => Promise<void>;
  port: number;
  host: string;
  shutdownTimeoutMs: number;
  /**
   * How long to keep serving after SIGTERM while /readyz says 503, so load balancers (the gateway's
   * health checks, a Service's endpoints) stop sending new requests before the listener closes.
   */
  shutdownDelayMs?: number;
  /** Called after HTTP has drained, in order: stop relays and consumers, then close broker, db, cache. */
  closers: Array<() => Promise<unknown>>;
  /** GET /metrics is served on this port (every interface), never on `port`; undefined: no listener. */
  metricsPort?: number;
}

/**
 * Process start for main.ts: listen, and on SIGTERM/SIGINT stop accepting, drain in-flight requests,
 * close every resource, exit 0 (1 if requests had to be cut off or a close failed).
 */
export async function runService(service: ServiceProcess): Promise<RunningServer> {
  const running = await listen(service.app, service.port, service.host, service.attach);
  service.logger.info({ url: running.url }, `${service.name} listening`);
  // Every series says which deployable it comes from (the pod and namespace are Prometheus's labels).
  metricsRegistry.setDefaultLabels({ service: service.name });
  const metrics = service.metricsPort === undefined ? undefined : await startMetricsServer({ port: service.metricsPort, logger: service.logger });
  if (metrics) service.logger.info({ url: `${metrics.url}/metrics` }, 'metrics listening');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    service.logger.info({ signal }, 'shutting down: draining requests');
    let exitCode = 0;
    service.app.locals.shuttingDown = true;
    if (service.shutdownDelayMs) await new Promise((resolve) => setTimeout(resolve, service.shutdownDelayMs));
    await service.beforeDrain?.().catch((error) => service.logger.warn({ err: error }, 'before-drain hook failed'));
    const outcome = await running.drain(service.shutdownTimeoutMs);
    if (outcome === 'timed out') {
      service.logger.warn('shutdown timed out; open requests were cut off');
      exitCode = 1;
    }
    for (const close of service.closers) {
      try {
        await close();
      } catch (error) {
        service.logger.error({ err: error }, 'error while closing');
        exitCode = 1;
      }
    }
    await metrics?.close();
    service.logger.info({ exitCode }, 'stopped');
    service.logger.flush?.();
    process.exit(exitCode);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  return running;
}
