import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { constants as zlibConstants } from 'node:zlib';
import proxyAddress from 'proxy-addr';
import compression from 'compression';
import express, { type Express, type Request, type Response } from 'express';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { errorHandler, notFound, sanitizeRequestId, type Logger } from '@vnmarket/shared';
import type { GatewayConfig } from './config';
import { upstreamsFrom } from './config';
import { checkUpstreams } from './health';
import { createUpstreamProxy, stripIdentityHeaders, type UpstreamProxy } from './proxy';
import { UpstreamPool } from './upstreams';
import { serviceFor, WEBSOCKET_ROUTES, type ServiceName } from './routes';
import { webRoutes } from './web';

export interface Gateway {
  app: Express;
  /** Routes WebSocket upgrades on the listening server. */
  attach(server: Server): void;
  /** Ends proxied WebSockets (clients reconnect to another pod), so a drain does not wait on them. */
  closeUpgradedSockets(): Promise<void>;
  close(): void;
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const upstreams = upstreamsFrom(config);
  const proxies = Object.fromEntries(
    (Object.entries(upstreams) as [ServiceName, string[]][]).map(([service, urls]) => {
      const pool = new UpstreamPool(urls);
      pool.startHealthChecks(config.UPSTREAM_HEALTH_INTERVAL_MS, config.HEALTH_TIMEOUT_MS);
      return [service, createUpstreamProxy(pool, { logger, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxSockets: config.UPSTREAM_MAX_SOCKETS })];
    }),
  ) as Record<ServiceName, UpstreamProxy>;
  let inFlight = 0;

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
      autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/livez' || req.url === '/readyz' },
      serializers: { req: (req) => ({ id: req.id, method: req.method, url: req.url }), res: (res) => ({ statusCode: res.statusCode }) },
    }),
  );

  // /livez and /readyz mean what they mean on every service. The gateway is ready while it is not
  // draining: its readiness must not follow the services', or one slow service would take the whole
  // site out of its load balancer. /healthz is the whole system (every service ready), for people.
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', (req, res) => {
    const ready = !req.app.locals.shuttingDown;
    res.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'draining' });
  });
  app.get('/healthz', async (req, res) => {
    const states = await checkUpstreams(upstreams, config.HEALTH_TIMEOUT_MS);
    const healthy = !req.app.locals.shuttingDown && Object.values(states).every((state) => state === 'ready');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', upstreams: states });
  });

  // API answers above ~1 KB go out compressed (brotli, else gzip) to clients that accept it: phones on
  // cellular links. Brotli at quality 4 costs about what gzip does. The built web app is compressed at
  // build time instead (webRoutes).
  app.use(compression({ threshold: 1024, filter: isCompressibleApiAnswer, brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } } }));

  app.use((req, res, next) => {
    const service = serviceFor(req.path);
    if (!service) return next();
    if (inFlight >= config.GATEWAY_MAX_IN_FLIGHT) {
      // Past capacity: a fast, honest refusal keeps the admitted requests fast and memory bounded.
      res.status(503).set('Retry-After', '1').json({ message: 'We are very busy right now. Please try again in a moment.', code: 'overloaded' });
      return;
    }
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
    });
    return proxies[service].handle(req, res, next);
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
  const upgradedSockets = new Set<Duplex>();
  return {
    app,
    attach(server) {
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // An 'upgrade' listener runs outside Express: anything it throws would end the process.
        try {
          const path = requestPath(req.url);
          if (path === null) return refuseUpgrade(socket, '400 Bad Request');
          const service = WEBSOCKET_ROUTES[path];
          if (!service) return refuseUpgrade(socket, '404 Not Found');
          req.headers['x-request-id'] = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
          stripIdentityHeaders(req.headers);
          Object.assign(req, { clientAddress: proxyAddress(req, trustHops) });
          upgradedSockets.add(socket);
          socket.once('close', () => upgradedSockets.delete(socket));
          proxies[service].handle.upgrade(req, socket as Socket, head);
        } catch (error) {
          logger.warn({ err: (error as Error).message, url: req.url }, 'upgrade refused');
          refuseUpgrade(socket, '400 Bad Request');
        }
      });
    },
    async closeUpgradedSockets() {
      for (const socket of upgradedSockets) socket.end();
      const deadline = Date.now() + 1000;
      while (upgradedSockets.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of upgradedSockets) socket.destroy();
    },
    close() {
      for (const proxy of Object.values(proxies)) {
        proxy.pool.stop();
        proxy.agent.destroy();
      }
    },
  };
}

/** The path of a request target (origin or absolute form), or null when it does not parse as a URL. */
export function requestPath(target: string | undefined): string | null {
  if (!URL.canParse(target ?? '/', 'http://localhost')) return null;
  return new URL(target ?? '/', 'http://localhost').pathname;
}

function refuseUpgrade(socket: Duplex, status: string): void {
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** JSON (and other text) from the services; never an upgrade or what webRoutes serves precompressed. */
function isCompressibleApiAnswer(req: Request, res: Response): boolean {
  if (!req.path.startsWith('/api/')) return false;
  return /^(application\/json|text\/)/.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res);
}
