import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import proxyAddress from 'proxy-addr';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFound, sanitizeRequestId, type Logger } from '@vnmarket/shared';
import type { GatewayConfig } from './config';
import { upstreamsFrom } from './config';
import { checkUpstreams } from './health';
import { createUpstreamProxy, stripIdentityHeaders, type UpstreamProxy } from './proxy';
import { serviceFor, WEBSOCKET_ROUTES, type ServiceName } from './routes';
import { webRoutes } from './web';

export interface Gateway {
  app: Express;
  /** Routes WebSocket upgrades on the listening server. */
  attach(server: Server): void;
  close(): void;
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const upstreams = upstreamsFrom(config);
  const proxies = Object.fromEntries(
    (Object.entries(upstreams) as [ServiceName, string][]).map(([service, url]) => [
      service,
      createUpstreamProxy(url, { logger, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxSockets: config.UPSTREAM_MAX_SOCKETS }),
    ]),
  ) as Record<ServiceName, UpstreamProxy>;

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.locals.shuttingDown = false;

  // One request id from the edge inward: kept if the caller sent a sane one, made here otherwise.
  app.use((req, res, next) => {
    const id = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
    req.headers['x-request-id'] = id;
    res.setHeader('x-request-id', id);
    stripIdentityHeaders(req.headers);
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => String(req.headers['x-request-id']),
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/livez' },
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: req.url }), res: (res) => ({ statusCode: res.statusCode }) },
    }),
  );

  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/healthz', async (req, res) => {
    const states = await checkUpstreams(upstreams, config.HEALTH_TIMEOUT_MS);
    const healthy = !req.app.locals.shuttingDown && Object.values(states).every((state) => state === 'ready');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', upstreams: states });
  });

  app.use((req, res, next) => {
    const service = serviceFor(req.path);
    if (service) return proxies[service].handle(req, res, next);
    next();
  });

  app.use('/api', (_req, _res, next) => next(notFound()));
  // The web app: styled-components injects <style> elements ('unsafe-inline' styles, no inline scripts),
  // photo previews are blob: URLs, photos may upload straight to S3 (CSP_CONNECT_SOURCES), and /ws is
  // same-origin ('self' covers ws: and wss: on the page's own host).
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", ...config.CSP_CONNECT_SOURCES],
        },
      },
    }),
  );
  app.use(webRoutes(config.WEB_DIST));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(logger));

  const trustHops = (_address: string, hop: number) => hop < config.TRUST_PROXY_HOPS;
  return {
    app,
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        const service = WEBSOCKET_ROUTES[new URL(req.url ?? '/', 'http://localhost').pathname];
        if (!service) {
          socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
          return;
        }
        req.headers['x-request-id'] = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
        stripIdentityHeaders(req.headers);
        Object.assign(req, { clientAddress: proxyAddress(req, trustHops) });
        proxies[service].handle.upgrade(req, socket as Socket, head);
      });
    },
    close() {
      for (const proxy of Object.values(proxies)) proxy.agent.destroy();
    },
  };
}
