import http from 'node:http';
import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import { loggableUrl, type Logger } from '@vnmarket/shared';
import { AnswerCache } from './answer-cache';
import { compressAnswer } from './compression';
import type { UpstreamPool } from './upstreams';

/**
 * Headers a client could send to pose as someone: services never trust them, and the gateway removes
 * them anyway so nothing downstream is ever tempted to.
 */
const IDENTITY_HEADER =
  /^(x-(user|userid|user-id|auth|authenticated|remote-user|forwarded-(user|email|groups|preferred-username|access-token)|identity|principal|consumer|internal|session|original-user|jwt)(-.*)?|remote-user)$/i;

export function stripIdentityHeaders(headers: http.IncomingHttpHeaders): void {
  for (const name of Object.keys(headers)) if (IDENTITY_HEADER.test(name)) delete headers[name];
}

export interface UpstreamProxy {
  /**
   * Proxies one request to a replica of this service. The caller has already decided that the request
   * is this service's: no path filter runs again, and no URL is parsed.
   */
  web(req: http.IncomingMessage, res: http.ServerResponse): void;
  /** Proxies a WebSocket upgrade (through http-proxy-middleware's own upgrade handler). */
  upgrade(req: http.IncomingMessage, socket: Socket, head: Buffer): void;
  agent: http.Agent;
  pool: UpstreamPool;
}

/** Methods without a body that may be sent again: a replica that refused them did not see them. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);
/**
 * A write whose body is at most this long (every JSON write; not a photo upload) is read whole before it goes
 * out, so that when a replica refuses the connection (it never saw the request: a restart under way) the same
 * body can go to another replica instead of the member getting a 503.
 */
const RESENDABLE_BODY_BYTES = 64 * 1024;

type RetriedRequest = http.IncomingMessage & { refusedBy?: string; forwardedSet?: boolean; body?: Buffer };

/** The declared length of a write's body when the gateway may keep it whole: no chunks, at most RESENDABLE_BODY_BYTES. */
function keepableLength(req: IncomingMessage): number | undefined {
  if (RETRYABLE_METHODS.has(req.method ?? '') || req.headers['transfer-encoding'] !== undefined) return undefined;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isSafeInteger(length) && length >= 0 && length <= RESENDABLE_BODY_BYTES ? length : undefined;
}

const NO_BODY = Buffer.alloc(0);

/**
 * The body, read in flowing mode: watchBodyPace (admission.ts) sees a paused stream as the gateway falling
 * behind, not the client, so a body read any other way could stall unpunished. Rejects if the client leaves.
 */
function readWhole(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.once('end', () => resolve(Buffer.concat(chunks)));
    req.once('error', reject);
    req.once('close', () => reject(new Error('the client left before its body arrived')));
  });
}

/** A request may go to another replica after a refusal: a bodiless one on any refusal, a kept body only when the connection itself was refused. */
function mayResend(req: RetriedRequest, code: string): boolean {
  return RETRYABLE_METHODS.has(req.method ?? '') || (code === 'ECONNREFUSED' && req.body !== undefined);
}

type IncomingMessage = http.IncomingMessage;
type ServerResponse = http.ServerResponse;

const DEFAULT_PLUGINS_KEPT: Plugin[] = [debugProxyErrorsPlugin, proxyEventsPlugin];

/** The options http-proxy takes per request (http-proxy-middleware passes its own, with the target its router chose). */
interface PerRequestOptions {
  target: ProxyTarget;
  agent: http.Agent;
  proxyTimeout: number;
  changeOrigin: false;
  xfwd: false;
  /** Send the request target as it came, instead of url.parse(target).path (see PLAIN_TARGET). */
  toProxy: boolean;
  /** What http-proxy sends as the body instead of the request itself: a body read whole (RESENDABLE_BODY_BYTES). */
  buffer?: Readable;
}

/**
 * Request targets that url.parse(target).path (what http-proxy sends the service) gives back unchanged:
 * origin form, of RFC 3986's path and query characters. http-proxy may send those as they are (its
 * toProxy option) and skip parsing them. Any other target (with a backslash, a quote, a brace, a '#', an
 * absolute URL…) is parsed as before, and reaches the service just as it did.
 */
export const PLAIN_TARGET = /^\/[A-Za-z0-9\-._~!$&()*+,;=:@/?%]*$/;

/** The part of http-proxy's server that proxies a request (what http-proxy-middleware's middleware calls). */
interface ProxyServer {
  web(req: IncomingMessage, res: ServerResponse, options: PerRequestOptions): void;
}

/** How the services are told who asked: computed from the client's request by the caller (see forwarded.ts). */
export interface ForwardedHeaders {
  for(req: IncomingMessage): string;
  proto(req: IncomingMessage): string;
}

/**
 * A replica's URL as http-proxy wants its target. Given a string, it would url.parse() it again for
 * every request; this is the same object, made once.
 */
interface ProxyTarget {
  /** The replica's URL as configured (what UpstreamPool knows it by). */
  replica: string;
  protocol: string;
  host: string;
  hostname: string;
  port: string;
  path: string;
  href: string;
}

function proxyTarget(replicaUrl: string): ProxyTarget {
  const url = new URL(replicaUrl);
  return {
    replica: replicaUrl,
    protocol: url.protocol,
    host: url.host,
    hostname: url.hostname,
    port: url.port,
    path: `${url.pathname}${url.search}`,
    href: url.href,
  };
}

/**
 * A proxy to one service's replicas over pooled keep-alive connections; bodies are never parsed here.
 * A replica that refuses the connection is avoided for a while, and a request it refused goes once to
 * another replica (a bodiless one, or a short write kept whole), so a restarting replica costs no errors.
 */
export function createUpstreamProxy(
  pool: UpstreamPool,
  options: { logger: Logger; timeoutMs: number; maxSockets: number; forwarded: ForwardedHeaders },
): UpstreamProxy {
  // LIFO: the socket used last is warm (and least likely to have been closed by the service meanwhile).
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: 256, timeout: 60_000, scheduling: 'lifo' });
  const targets = new Map(pool.replicas.map((replica) => [replica.url, proxyTarget(replica.url)]));
  // What http-proxy gets for each request, one object per replica, made once.
  const requestOptions = (toProxy: boolean) =>
    new Map(
      [...targets].map(([url, target]): [string, PerRequestOptions] => [
        url,
        { target, agent, proxyTimeout: options.timeoutMs, changeOrigin: false, xfwd: false, toProxy },
      ]),
    );
  const [forPlainTargets, forOtherTargets] = [requestOptions(true), requestOptions(false)];
  let server: ProxyServer | undefined;
  const web = (req: IncomingMessage, res: ServerResponse) => {
    const retried = req as RetriedRequest;
    // The one client address this gateway vouches for (services trust exactly one hop), set on the request
    // itself, before http-proxy copies its headers: a request that waits in the agent for a
    // socket has its headers written before the socket (and http-proxy's proxyReq event) arrives. Once: a
    // retry must not read the address this gateway wrote as one a proxy in front of it vouched for.
    if (!retried.forwardedSet) {
      retried.forwardedSet = true;
      const [forwardedFor, forwardedProto] = [options.forwarded.for(req), options.forwarded.proto(req)];
      req.headers['x-forwarded-for'] = forwardedFor;
      req.headers['x-forwarded-proto'] = forwardedProto;
      req.headers['x-forwarded-host'] = req.headers.host ?? '';
    }
    const length = retried.body === undefined ? keepableLength(req) : undefined;
    // A write without a body (a DELETE) has nothing to keep, and may be sent again as it is.
    if (length === 0) retried.body = NO_BODY;
    else if (length !== undefined && !req.readableEnded) {
      // A client that goes away mid-body ends the request here: there is nothing to send.
      readWhole(req).then(
        (body) => {
          retried.body = body;
          web(req, res);
        },
        () => res.destroy(),
      );
      return;
    }
    const replica = pool.pick(retried.refusedBy);
    const replicaOptions = (PLAIN_TARGET.test(req.url ?? '') ? forPlainTargets : forOtherTargets).get(replica)!;
    server!.web(req, res, retried.body?.length ? { ...replicaOptions, buffer: Readable.from([retried.body]) } : replicaOptions);
  };
  const proxy = createProxyMiddleware<IncomingMessage, ServerResponse>({
    target: pool.replicas[0]!.url,
    router: (req) => {
      const replica = pool.pick((req as RetriedRequest).refusedBy);
      return targets.get(replica) ?? proxyTarget(replica);
    },
    changeOrigin: false,
    xfwd: false,
    agent,
    proxyTimeout: options.timeoutMs,
    // Not the default plugins: their logger builds a URL for every answer just to log it at a level we
    // never enable (our own log line is written when the response is done, see app.ts), and our error
    // handler answers instead of theirs. Kept: the guard against client socket errors, and the one that
    // ends the service's answer when the client goes away before it is sent (or its socket would wait).
    //
    // And one of ours, which keeps the http-proxy server the middleware made: a request the gateway has
    // already routed goes to it directly (web, above). The middleware in front of it would only check its
    // path filter again (a url.parse per request), copy its options and run its router through promises.
    ejectPlugins: true,
    plugins: [
      ...DEFAULT_PLUGINS_KEPT,
      (proxyServer) => {
        server = proxyServer as unknown as ProxyServer;
      },
    ],
    on: {
      proxyRes: (proxyRes, req, res) => {
        const transformed = compressAnswer(proxyRes, req, res);
        AnswerCache.keep(proxyRes, req, !transformed);
      },
      proxyReqWs: (proxyReq, req) => {
        proxyReq.setHeader('x-forwarded-for', options.forwarded.for(req));
        proxyReq.setHeader('x-forwarded-host', req.headers.host ?? '');
      },
      error: (error, req, res, target) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        const targetUrl = typeof target === 'string' ? target : ((target as Partial<ProxyTarget> | undefined)?.replica ?? '');
        const refused = REFUSED.has(code);
        if (refused && targetUrl) pool.avoid(targetUrl, 2000);
        const retried = req as RetriedRequest;
        if (
          refused &&
          res instanceof http.ServerResponse &&
          !res.headersSent &&
          mayResend(retried, code) &&
          retried.refusedBy === undefined &&
          pool.hasAlternative(targetUrl)
        ) {
          retried.refusedBy = targetUrl;
          web(req, res);
          return;
        }
        // With the request id the gateway set (app.ts), as the request's own line has it.
        const requestId = req.headers['x-request-id'];
        options.logger.warn({ err: (error as Error).message, url: loggableUrl(req.url), target: targetUrl, requestId }, 'upstream request failed');
        if (res instanceof http.ServerResponse) {
          if (!res.headersSent) {
            // Refused: the request never reached a replica, so trying again shortly is safe.
            const [status, headers] = refused ? [503, { 'retry-after': '1' }] : [502, {}];
            res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
            res.end(JSON.stringify({ message: 'Service unavailable, please try again shortly', code: refused ? 'unavailable' : 'bad_gateway' }));
          } else res.destroy();
        } else res.destroy();
      },
    },
  });
  if (!server) throw new Error('http-proxy-middleware did not run its plugins');
  return { web, upgrade: proxy.upgrade, agent, pool };
}
