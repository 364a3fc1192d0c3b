import http from 'node:http';
import type { Socket } from 'node:net';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@vnmarket/shared';

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
}

/** A streaming proxy to one service over pooled keep-alive connections; bodies are never parsed here. */
export function createUpstreamProxy(target: string, options: { logger: Logger; timeoutMs: number; maxSockets: number }): UpstreamProxy {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: 256, timeout: 60_000 });
  const proxy = createProxyMiddleware<Request, Response>({
    target,
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
      error: (error, req, res) => {
        options.logger.warn({ err: (error as Error).message, url: req.url, target }, 'upstream request failed');
        if (res instanceof http.ServerResponse) {
          if (!res.headersSent) {
            res.writeHead(502, { 'content-type': 'application/json; charset=utf-8' });
            res.end(JSON.stringify({ message: 'Service unavailable, please try again shortly', code: 'bad_gateway' }));
          } else res.destroy();
        } else res.destroy();
      },
    },
  });
  return { handle: proxy, agent };
}
