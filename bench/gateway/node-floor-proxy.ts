/**
 * The least a Node reverse proxy does (goal 2's "Node floor" baseline in ./main.ts): node:http's server
 * and a keep-alive client, the request and the answer piped through, and the forwarding headers nginx's
 * configuration sets. Nothing else: no request id, no header stripping, no metrics, no logging, no retries,
 * no compression, no cache — what the gateway does on top of this is its own cost.
 *
 * Measured beside the gateway and nginx, it tells how much of the gap to nginx is the runtime (Node's HTTP
 * server and client, streams) and how much is ours. Not a product: it has no error handling worth the name.
 * FLOOR_CLIENT=undici forwards with undici's Pool instead of node:http's client (the faster client Node
 * has): whether a better client alone would close the gap.
 *
 * Environment: GATEWAY_PORT, HOST, AUTH_URL, LISTINGS_URL (as gatewayEnv gives the gateway), FLOOR_CLIENT.
 */
import http from 'node:http';
import { Pool } from 'undici';

const port = Number(process.env.GATEWAY_PORT);
const host = process.env.HOST ?? '127.0.0.1';
const auth = new URL(process.env.AUTH_URL ?? 'http://127.0.0.1:9');
const listings = new URL(process.env.LISTINGS_URL ?? 'http://127.0.0.1:9');
/** Connection-scoped headers of one hop, never passed on (RFC 9110 §7.6.1). */
const HOP_BY_HOP = ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection'];

type Forward = (upstream: URL, req: http.IncomingMessage, res: http.ServerResponse, headers: http.OutgoingHttpHeaders) => void;

const failed = (res: http.ServerResponse) => {
  if (res.headersSent) res.destroy();
  else res.writeHead(502).end();
};

function nodeHttpClient(): Forward {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, scheduling: 'lifo' });
  return (upstream, req, res, headers) => {
    const outgoing = http.request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      for (const name of HOP_BY_HOP) delete answer.headers[name];
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    outgoing.on('error', () => failed(res));
    req.pipe(outgoing);
  };
}

function undiciClient(): Forward {
  const pools = new Map<string, Pool>();
  return (upstream, req, res, headers) => {
    let pool = pools.get(upstream.origin);
    if (!pool) pools.set(upstream.origin, (pool = new Pool(upstream.origin, { connections: 256, pipelining: 1 })));
    const bodyless = req.method === 'GET' || req.method === 'HEAD';
    pool.stream(
      { path: req.url ?? '/', method: req.method as 'GET', headers: headers as Record<string, string>, body: bodyless ? null : req },
      ({ statusCode, headers: answer }) => {
        for (const name of HOP_BY_HOP) delete answer[name];
        res.writeHead(statusCode, answer as http.OutgoingHttpHeaders);
        return res;
      },
      (error) => {
        if (error) failed(res);
      },
    );
  };
}

const forward = process.env.FLOOR_CLIENT === 'undici' ? undiciClient() : nodeHttpClient();

// As the gateway's server (listen() in services/shared): a bodiless request's stream starts ended.
const server = http.createServer({ optimizeEmptyRequests: true }, (req, res) => {
  if (req.url === '/livez') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    return;
  }
  const upstream = req.url?.startsWith('/api/listings') ? listings : auth;
  const headers: http.OutgoingHttpHeaders = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '', 'x-forwarded-proto': 'http' };
  for (const name of HOP_BY_HOP) delete headers[name];
  forward(upstream, req, res, headers);
});
server.keepAliveTimeout = 65_000;
server.listen(port, host);
process.on('SIGTERM', () => process.exit(0));
process.on('SIGINT', () => process.exit(0));
