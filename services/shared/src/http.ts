import { randomUUID } from 'node:crypto';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import cookieParser from 'cookie-parser';
import helmet from 'helmet';
import { pinoHttp } from 'pino-http';
import { runWithContext, sanitizeRequestId } from './context';
import { HttpError, forbidden, notFound, unsupportedMediaType } from './errors';
import { loggableUrl, type Logger } from './logger';
import { CLIENT_CLOSED_REQUEST, recordRequest } from './metrics';
import { runInIncomingTrace } from './tracing';
import { isInfrastructureError } from './bus/failures';

export type ReadinessCheck = () => Promise<unknown>;

export interface AppOptions {
  logger: Logger;
  bodyLimit: string;
  trustProxyHops: number;
  publicOrigins: string[];
  sessionCookieName: string;
  /** Named checks behind /readyz: what serving requests needs (database, cache), never the broker. */
  readiness: Record<string, ReadinessCheck>;
  readinessTimeoutMs?: number;
  /** Paths whose bodies are not JSON (signed file uploads); they still get the Origin check. */
  rawBodyPaths?: RegExp[];
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The Express app every service starts from: request ids and logs, helmet, health endpoints, CSRF guard,
 * a JSON body parser with an explicit limit, cookies. Routes are added by the service, then finishApp().
 */
export function createApp(options: AppOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', options.trustProxyHops);
  app.locals.shuttingDown = false;

  app.use(requestMetrics);
  app.use(requestLogging(options.logger));
  app.use(helmet());
  // The same two probes on every deployable: /livez (the process answers), /readyz (it can serve).
  app.get('/livez', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', readinessHandler(options));
  app.use(cookieParser());
  app.use(csrfGuard(options));
  app.use(express.json({ limit: options.bodyLimit, type: 'application/json' }));
  return app;
}

/** Adds the JSON 404 and the error handler; call after the service's routes. */
export function finishApp(app: Express, logger: Logger): Express {
  app.use((_req, _res, next) => next(notFound()));
  app.use(errorHandler(logger));
  return app;
}

function requestLogging(logger: Logger): RequestHandler {
  const httpLogger = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = sanitizeRequestId(req.headers['x-request-id']) ?? randomUUID();
      res.setHeader('x-request-id', id);
      return id;
    },
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    autoLogging: { ignore: (req) => req.url === '/livez' || req.url === '/readyz' },
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, url: loggableUrl(req.url) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  });
  return (req, res, next) => {
    httpLogger(req, res);
    runWithContext({ requestId: String(req.id) }, () => runInIncomingTrace(req.headers, next));
  };
}

/** The route label of a request that no route answered (a 404, or refused before routing). */
const UNMATCHED_ROUTE = 'unmatched';

/**
 * Counts every answer by its matched route pattern (never the raw path: ids would make a series per
 * listing), method and status, and observes its duration; 499 when the client left before the answer.
 */
const requestMetrics: RequestHandler = (req, res, next) => {
  const started = performance.now();
  res.once('close', () => {
    const pattern: unknown = req.route?.path;
    const route = typeof pattern === 'string' ? (req.baseUrl ? req.baseUrl + pattern : pattern) : UNMATCHED_ROUTE;
    recordRequest(route, req.method, res.writableFinished ? res.statusCode : CLIENT_CLOSED_REQUEST, (performance.now() - started) / 1000);
  });
  next();
};

function readinessHandler(options: AppOptions): RequestHandler {
  const timeoutMs = options.readinessTimeoutMs ?? 2000;
  return async (req, res) => {
    const checks: Record<string, string> = {};
    await Promise.all(
      Object.entries(options.readiness).map(async ([name, check]) => {
        try {
          await withTimeout(check(), timeoutMs);
          checks[name] = 'ok';
        } catch (error) {
          checks[name] = (error as Error).message || 'failed';
        }
      }),
    );
    const ready = !req.app.locals.shuttingDown && Object.values(checks).every((state) => state === 'ok');
    res.status(ready ? 200 : 503).json(ready ? { status: 'ready', checks } : { message: 'Not ready', checks });
  };
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timed out')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Cookie-authenticated writes must come from our own pages: a foreign Origin is refused, and so is a
 * body that is not JSON (a cross-site HTML form can only send form or text bodies). Requests without a
 * session cookie carry no ambient authority and pass (curl, service-to-service).
 */
function csrfGuard(options: Pick<AppOptions, 'publicOrigins' | 'sessionCookieName' | 'rawBodyPaths'>): RequestHandler {
  const allowed = new Set(options.publicOrigins);
  const rawBodyPaths = options.rawBodyPaths ?? [];
  return (req, _res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (!req.cookies?.[options.sessionCookieName]) return next();
    const origin = req.get('origin');
    if (origin !== undefined && !isOwnOrigin(origin, `${req.protocol}://${req.get('host')}`, allowed)) {
      return next(forbidden('Cross-site request refused', 'csrf_origin'));
    }
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (hasBody && !req.is('application/json') && !rawBodyPaths.some((path) => path.test(req.path))) return next(unsupportedMediaType());
    next();
  };
}

/** An Origin is ours when it is the page's own origin or one configured in PUBLIC_ORIGINS. */
export function isOwnOrigin(origin: string, ownOrigin: string, allowed: ReadonlySet<string>): boolean {
  return origin === ownOrigin || allowed.has(origin);
}

interface BodyParserError extends Error {
  type?: string;
  status?: number;
  expose?: boolean;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, _next) => {
    const { status, body, headers } = toErrorResponse(error);
    if (status >= 500) logger.error({ err: error, url: loggableUrl(req.originalUrl) }, 'request failed');
    if (res.headersSent) {
      res.destroy();
      return;
    }
    res.set(headers).status(status).json(body);
  };
}

export function toErrorResponse(error: unknown): {
  status: number;
  body: { message: string; code: string; errors?: Record<string, string[]> };
  headers: Record<string, string>;
} {
  if (error instanceof HttpError) {
    const body = { message: error.message, code: error.code, ...(error.fieldErrors ? { errors: error.fieldErrors } : {}) };
    return { status: error.status, body, headers: error.headers };
  }
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.too.large':
      return { status: 413, body: { message: 'Request body is too large', code: 'payload_too_large' }, headers: {} };
    case 'entity.parse.failed':
      return { status: 400, body: { message: 'Request body is not valid JSON', code: 'invalid_json' }, headers: {} };
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return { status: 415, body: { message: 'Unsupported body encoding', code: 'unsupported_media_type' }, headers: {} };
  }
  // A path that does not decode (`%E0%A4%A`, a NUL byte) is the client's mistake, never a 500.
  const code = (error as { code?: string })?.code;
  if (error instanceof URIError || code === '22021' || code === '22P05' || code === 'ERR_INVALID_ARG_VALUE' || code === 'ERR_INVALID_ARG_TYPE') {
    return { status: 400, body: { message: 'Bad request', code: 'bad_request' }, headers: {} };
  }
  if (parserError?.expose && parserError.status && parserError.status >= 400 && parserError.status < 500) {
    return { status: parserError.status, body: { message: 'Bad request', code: 'bad_request' }, headers: {} };
  }
  // The database unreachable or too slow (a statement past statement_timeout included).
  if (isInfrastructureError(error) || (error as { code?: string })?.code === '57014') {
    // The database or cache is unreachable or too slow: say so quickly, and when to try again.
    return {
      status: 503,
      body: { message: 'Service temporarily unavailable, please try again shortly', code: 'unavailable' },
      headers: { 'Retry-After': '5' },
    };
  }
  return { status: 500, body: { message: 'Internal server error', code: 'internal' }, headers: {} };
}
