import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import express, { type Express } from 'express';
import helmet from 'helmet';
import { clientAddressKey, errorHandler, loggableUrl, notFound, recordRequest, sanitizeRequestId, toErrorResponse, type Logger } from '@vnmarket/shared';
import { ClientsInFlight, refuse, REFUSALS, routableTarget, watchBodyPace, type BodyPace } from './admission';
import { AnswerCache } from './answer-cache';
import type { ApiRequest } from './compression';
import type { GatewayConfig } from './config';
import { upstreamsFrom } from './config';
import { forwardedHeaders } from './forwarded';
import { checkUpstreams } from './health';
import { createUpstreamProxy, stripIdentityHeaders, type UpstreamProxy } from './proxy';
import { localRouteGroup, logRequestDone, logWhenDone, ROUTE_GROUPS, type RequestStart } from './request-log';
import { UpstreamPool } from './upstreams';
import { serviceFor, SERVICES, WEBSOCKET_ROUTES, type ServiceName } from './routes';
import { sitePages } from './pages';
import { webRoutes, webScriptHashes } from './web';

export interface Gateway {
  /** Everything the gateway answers, proxied API requests included (the slow way, through Express). */
  app: Express;
  /**
   * The request listener attach() installs: a proxied API request goes to its service from here, without
   * passing through Express; every other request goes to app.
   */
  handle(req: IncomingMessage, res: ServerResponse): void;
  /**
   * On the listening server (made with app as its request listener): puts handle in app's place, and
   * routes WebSocket upgrades.
   */
  attach(server: Server): void;
  /** Ends proxied WebSockets (clients reconnect to another pod), so a drain does not wait on them. */
  closeUpgradedSockets(): Promise<void>;
  close(): void;
}

export function createGateway(config: GatewayConfig, logger: Logger): Gateway {
  const upstreams = upstreamsFrom(config);
  const forwarded = forwardedHeaders(config.TRUST_PROXY_HOPS);
  const proxies = Object.fromEntries(
    (Object.entries(upstreams) as [ServiceName, string[]][]).map(([service, urls]) => {
      const pool = new UpstreamPool(urls);
      pool.startHealthChecks(config.UPSTREAM_HEALTH_INTERVAL_MS, config.HEALTH_TIMEOUT_MS);
      return [service, createUpstreamProxy(pool, { logger, timeoutMs: config.UPSTREAM_TIMEOUT_MS, maxSockets: config.UPSTREAM_MAX_SOCKETS, forwarded })];
    }),
  ) as Record<ServiceName, UpstreamProxy>;
  const caches =
    config.GATEWAY_CACHE_TTL_MS > 0
      ? (Object.fromEntries(
          SERVICES.map((service) => [
            service,
            new AnswerCache(service, {
              ttlMs: config.GATEWAY_CACHE_TTL_MS,
              maxBytes: config.GATEWAY_CACHE_MAX_BYTES,
              maxBodyBytes: config.GATEWAY_CACHE_MAX_BODY_BYTES,
            }),
          ]),
        ) as Record<ServiceName, AnswerCache>)
      : undefined;
  let inFlight = 0;
  const clientsInFlight = new ClientsInFlight(config.GATEWAY_MAX_IN_FLIGHT_PER_CLIENT);
  const bodyPace: BodyPace = { timeoutMs: config.GATEWAY_READ_TIMEOUT_MS, minBytesPerSecond: config.GATEWAY_BODY_MIN_BYTES_PER_SECOND };
  /** The request metrics' route group of each service's proxied requests, made once. */
  const apiRouteGroup = Object.fromEntries(SERVICES.map((service) => [service, `api_${service}`])) as Record<ServiceName, string>;

  // One request id from the edge inward: kept if the caller sent a sane one, made here otherwise. Every
  // request is logged once, when its answer is done (request-log.ts says at which level).
  const begin = (req: IncomingMessage, res: ServerResponse, path: string, route: string): RequestStart => {
    const requestId = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
    req.headers['x-request-id'] = requestId;
    res.setHeader('x-request-id', requestId);
    stripIdentityHeaders(req.headers);
    return { requestId, url: loggableUrl(req.url) ?? '/', path, started: performance.now(), route };
  };

  /**
   * A request for a service, from either door (handle, or Express when app is used alone). Its answer's
   * compression is decided when the service's answer arrives (see compression.ts).
   */
  const proxyApi = (req: ApiRequest, res: ServerResponse, service: ServiceName, path: string): void => {
    const start = begin(req, res, path, apiRouteGroup[service]);
    const cache = caches?.[service];
    if (cache?.answer(req, res)) {
      res.once('close', () => logRequestDone(logger, req, res, start));
      return;
    }
    // One client's share first (429: it is that client's doing), then the whole gateway's (503).
    const client = clientAddressKey(forwarded.for(req));
    if (!clientsInFlight.tryAcquire(client)) {
      res.once('close', () => logRequestDone(logger, req, res, start));
      sendJson(res, REFUSALS.tooManyInFlight.status, REFUSALS.tooManyInFlight.body, { 'retry-after': '1' });
      return;
    }
    if (inFlight >= config.GATEWAY_MAX_IN_FLIGHT) {
      // Past capacity: a fast, honest refusal keeps the admitted requests fast and memory bounded.
      clientsInFlight.release(client);
      res.once('close', () => logRequestDone(logger, req, res, start));
      sendJson(res, 503, OVERLOADED, { 'retry-after': '1' });
      return;
    }
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      clientsInFlight.release(client);
      cache?.settle(req, res);
      logRequestDone(logger, req, res, start);
    });
    req.apiPath = path;
    try {
      proxies[service].web(req, res);
    } catch (error) {
      // What Express's error handler would answer: {message, code}, never a stack.
      const { status, body, headers } = toErrorResponse(error);
      if (status >= 500) logger.error({ err: error, url: start.url }, 'request failed');
      if (res.headersSent) res.destroy();
      else sendJson(res, status, body, headers);
    }
  };

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.TRUST_PROXY_HOPS);
  app.locals.shuttingDown = false;

  // The API first (when handle did not take it already: app alone, or a target only Express parses).
  app.use((req, res, next) => {
    const service = serviceFor(req.path);
    if (service === undefined) return next();
    proxyApi(req, res, service, req.path);
  });
  app.use((req, res, next) => {
    logWhenDone(logger, req, res, begin(req, res, req.path, localRouteGroup(req.path)));
    next();
  });

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

  app.use('/api', (_req, _res, next) => next(notFound()));
  // The web app: styled-components injects <style> elements ('unsafe-inline' styles; scripts only by hash),
  // photo previews are blob: URLs, photos may upload straight to S3 (CSP_CONNECT_SOURCES), and /ws is
  // same-origin ('self' covers ws: and wss: on the page's own host).
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // The built index.html's inline route guard, allowed by its hash and nothing else inline.
          'script-src': ["'self'", ...webScriptHashes(config.WEB_DIST)],
          'img-src': ["'self'", 'data:', 'blob:'],
          'style-src': ["'self'", "'unsafe-inline'"],
          'connect-src': ["'self'", ...config.CSP_CONNECT_SOURCES],
        },
      },
    }),
  );
  // Pages ask the services for their previews' data as a visitor would, from the replicas proxied to.
  app.use(webRoutes(config.WEB_DIST, sitePages(config, { logger, upstream: (service) => proxies[service].pool.pick() })));
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(logger));

  /**
   * Express's own last resort (finalhandler) waits for the request's body to end before it answers, and a
   * bodiless request never ends (optimizeEmptyRequests): this one answers at once. app ends with notFound
   * and errorHandler, so only a request whose path Express's router could not parse (url.parse threw)
   * reaches it, without an error.
   */
  const lastResort = (res: ServerResponse) => (error?: unknown) => {
    if (error === undefined) return refuse(res, REFUSALS.badTarget);
    const { status, body, headers } = toErrorResponse(error);
    if (res.headersSent) res.destroy();
    else sendJson(res, status, body, { ...headers, connection: 'close' });
  };

  /**
   * The front door: proxied API requests skip Express (its router, its request and response objects).
   * Every request's body is held to a pace here, and a target Express could not route is refused.
   */
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    watchBodyPace(req, bodyPace, () => refuse(res, REFUSALS.tooSlow));
    const path = simplePath(req.url);
    if (path === undefined && !routableTarget(req.url)) return refuse(res, REFUSALS.badTarget);
    const service = path === undefined ? undefined : serviceFor(path);
    if (service === undefined) app(req as express.Request, res as express.Response, lastResort(res));
    else proxyApi(req, res, service, path!);
  };

  const upgradedSockets = new Set<Duplex>();
  return {
    app,
    handle,
    attach(server) {
      // Facing clients: a request's head must arrive within the read timeout; its body is held to a pace
      // (watchBodyPace) rather than to a total time, which would cut a large photo sent from a slow phone.
      // Node checks these every connectionsCheckingInterval (read when the server starts listening).
      server.headersTimeout = config.GATEWAY_READ_TIMEOUT_MS;
      server.requestTimeout = 0;
      // (A constructor option in @types/node; Node reads the property when the server starts listening.)
      (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval = Math.min(1000, Math.ceil(config.GATEWAY_READ_TIMEOUT_MS / 4));
      if (server.listeners('request').includes(app)) {
        server.removeListener('request', app);
        server.on('request', handle);
      }
      server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
        // An 'upgrade' listener runs outside Express: anything it throws would end the process.
        const started = performance.now();
        // An upgrade is counted when it is handed to the service (101) or refused; its duration is the
        // gateway's own part, not the socket's life.
        const counted = (status: number) => recordRequest(ROUTE_GROUPS.ws, req.method ?? 'GET', status, (performance.now() - started) / 1000);
        try {
          const path = requestPath(req.url);
          if (path === null) return refuseUpgrade(socket, '400 Bad Request', counted);
          const service = WEBSOCKET_ROUTES[path];
          if (!service) return refuseUpgrade(socket, '404 Not Found', counted);
          req.headers['x-request-id'] = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
          stripIdentityHeaders(req.headers);
          upgradedSockets.add(socket);
          socket.once('close', () => upgradedSockets.delete(socket));
          proxies[service].upgrade(req, socket as Socket, head);
          counted(101);
        } catch (error) {
          logger.warn({ err: (error as Error).message, url: loggableUrl(req.url) }, 'upgrade refused');
          refuseUpgrade(socket, '400 Bad Request', counted);
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

const OVERLOADED = { message: 'We are very busy right now. Please try again in a moment.', code: 'overloaded' };

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/**
 * Characters after which Express's URL parser (parseurl) stops taking the target as it is and parses it
 * as a URL (a '#' ends the path there, for one).
 */
const PARSED_BY_URL = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * The path of an origin-form request target, as Express would say it (req.path), without parsing a URL:
 * the target up to its query. Undefined for any other target (absolute form, `*`, odd characters):
 * Express parses those as it always did.
 */
export function simplePath(target: string | undefined): string | undefined {
  if (target === undefined || target.charCodeAt(0) !== 0x2f) return undefined;
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  return PARSED_BY_URL.test(path) ? undefined : path;
}

/** The path of a request target (origin or absolute form), or null when it does not parse as a URL. */
function requestPath(target: string | undefined): string | null {
  if (!URL.canParse(target ?? '/', 'http://localhost')) return null;
  return new URL(target ?? '/', 'http://localhost').pathname;
}

function refuseUpgrade(socket: Duplex, status: string, counted: (status: number) => void): void {
  counted(Number.parseInt(status, 10));
  socket.on('error', () => undefined);
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}
