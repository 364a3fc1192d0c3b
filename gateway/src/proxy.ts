import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@vnmarket/shared';
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
  handle: RequestHandler & { upgrade: (req: http.IncomingMessage, socket: Socket, head: Buffer) => void };
  agent: http.Agent;
  pool: UpstreamPool;
}

/** Methods without a body that may be sent again: a replica that refused them did not see them. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const REFUSED = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE']);

type RetriedRequest = http.IncomingMessage & { refusedBy?: string };

/**
 * A streaming proxy to one service's replicas over pooled keep-alive connections; bodies are never
 * parsed here. A replica that refuses the connection is avoided for a while, and a bodiless request it
 * refused goes once to another replica, so a restarting replica costs no errors.
 */
export function createUpstreamProxy(pool: UpstreamPool, options: { logger: Logger; timeoutMs: number; maxSockets: number }): UpstreamProxy {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: 256, timeout: 60_000 });
  const proxy = createProxyMiddleware<Request, Response>({
    target: pool.replicas[0]!.url,
    router: (req) => pool.pick((req as RetriedRequest).refusedBy),
    changeOrigin: false,
    xfwd: false,
    agent,
    proxyTimeout: options.timeoutMs,
    on: {
      proxyReq: (proxyReq, req) => {
        // The one client address this gateway vouches for; services trust exactly one hop.
        proxyReq.setHeader('x-forwarded-for', req.ip ?? req.socket.remoteAddress ?? '');
        proxyReq.setHeader('x-forwarded-proto', req.protocol);
        proxyReq.setHeader('x-forwarded-host', req.get('host') ?? '');
      },
      proxyReqWs: (proxyReq, req) => {
        const forwarded = req as unknown as http.IncomingMessage & { clientAddress?: string };
        proxyReq.setHeader('x-forwarded-for', forwarded.clientAddress ?? req.socket.remoteAddress ?? '');
        proxyReq.setHeader('x-forwarded-host', req.headers.host ?? '');
      },
      error: (error, req, res, target) => {
        const code = (error as NodeJS.ErrnoException).code ?? '';
        const targetUrl = typeof target === 'string' ? target : ((target as { href?: string } | undefined)?.href?.replace(/\/$/, '') ?? '');
        const refused = REFUSED.has(code);
        if (refused && targetUrl) pool.avoid(targetUrl, 2000);
        const retried = req as RetriedRequest;
        if (
          refused &&
          res instanceof http.ServerResponse &&
          !res.headersSent &&
          RETRYABLE_METHODS.has(req.method ?? '') &&
          retried.refusedBy === undefined &&
          pool.hasAlternative(targetUrl)
        ) {
          retried.refusedBy = targetUrl;
          void proxy(req as Request, res as Response, () => undefined);
          return;
        }
        options.logger.warn({ err: (error as Error).message, url: req.url, target: targetUrl }, 'upstream request failed');
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
  return { handle: proxy, agent, pool };
}
