import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from './logger';
import { metricsRegistry } from './metrics';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

const NOT_FOUND = JSON.stringify({ message: 'Not found: metrics are at /metrics' });

/**
 * The Prometheus listener: GET /metrics on a port of its own (METRICS_PORT), apart from the port the
 * gateway routes to, so the public never reaches it and a NetworkPolicy can open it to Prometheus
 * alone. Without a host it binds every interface. A port already taken (several processes on one
 * machine with the default) is logged and the process runs on without one: metrics must not stop it.
 */
export async function startMetricsServer(options: { port: number; host?: string; logger: Logger }): Promise<MetricsServer | undefined> {
  const server = http.createServer((req, res) => {
    const path = req.url?.split('?', 1)[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' }).end(NOT_FOUND);
      return;
    }
    metricsRegistry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(req.method === 'HEAD' ? undefined : text),
      (error: Error) => {
        options.logger.error({ err: error.message }, 'metrics scrape failed');
        res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Metrics unavailable' }));
      },
    );
  });
  // A scrape is short; an idle Prometheus connection must not hold shutdown open.
  server.keepAliveTimeout = 5_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    options.logger.error({ err: (error as Error).message, port: options.port }, 'metrics listener not started (METRICS_PORT taken?); running without /metrics');
    return undefined;
  }
  const address = server.address() as AddressInfo;
  const host = options.host === undefined || address.address === '::' || address.address === '0.0.0.0' ? '127.0.0.1' : address.address;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
