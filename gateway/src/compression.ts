import type http from 'node:http';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import compression from 'compression';
import type { Request, Response } from 'express';

/** A request the gateway proxies, with the path it was routed by (its target up to the query). */
export type ApiRequest = http.IncomingMessage & { apiPath?: string };

const isApiPath = (req: ApiRequest) => req.apiPath?.startsWith('/api/') === true;

/** Answers smaller than this go out as they are: compressing them saves little and costs a zlib stream. */
const COMPRESSION_THRESHOLD = 1024;

const COMPRESSIBLE_TYPE = /^(application\/json|text\/)/i;
/** Any encoding the compression middleware could choose; a false "yes" (`gzip;q=0`) only costs its negotiation. */
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;
const ACCEPTS_AN_ENCODING = /\b(br|gzip|deflate)\b/i;

/** JSON (and other text) from the services; never an upgrade or what webRoutes serves precompressed. */
function isCompressibleApiAnswer(req: Request, res: Response): boolean {
  if (!isApiPath(req)) return false;
  return COMPRESSIBLE_TYPE.test(String(res.getHeader('Content-Type') ?? '')) && compression.filter(req, res);
}

/**
 * API answers above ~1 KB go out compressed (brotli, else gzip) to clients that accept it: phones on
 * cellular links. Brotli at quality 4 costs about what gzip does. The built web app is compressed at
 * build time instead (webRoutes).
 */
const compress = compression({
  threshold: COMPRESSION_THRESHOLD,
  filter: isCompressibleApiAnswer,
  brotli: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
});

/** `Vary` with Accept-Encoding added (unless it is there already or the answer varies on everything). */
function withAcceptEncoding(vary: string | undefined): string {
  if (!vary) return 'Accept-Encoding';
  if (vary.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * Decides, when a service's answer arrives and before its headers are copied, whether it is compressed.
 * The compression middleware (which wraps the response's write, end and headers) is attached only to an
 * answer it may compress: compressible, large enough or of unknown length, to a client that accepts an
 * encoding. Every other compressible answer just gets the `Vary: Accept-Encoding` the middleware would
 * have added, so a cache keeps the encodings apart. Most API answers are small JSON, and this way they
 * cost no more than a header check. Returns whether the answer may go out compressed (changed on the way).
 */
export function compressAnswer(proxyRes: http.IncomingMessage, req: ApiRequest, res: http.ServerResponse): boolean {
  const headers = proxyRes.headers;
  const type = headers['content-type'];
  // What the middleware's filter and its no-transform check would leave alone, as it is: no Vary either.
  if (type === undefined || !COMPRESSIBLE_TYPE.test(type) || !isApiPath(req) || NO_TRANSFORM.test(headers['cache-control'] ?? '')) return false;
  const length = headers['content-length'];
  const mayCompress =
    headers['content-encoding'] === undefined &&
    req.method !== 'HEAD' &&
    (length === undefined || Number(length) >= COMPRESSION_THRESHOLD) &&
    ACCEPTS_AN_ENCODING.test(req.headers['accept-encoding'] ?? '');
  // The middleware needs nothing of Express's: node's request and response are what it wraps.
  if (mayCompress) compress(req as Request, res as Response, () => undefined);
  else headers.vary = withAcceptEncoding(headers.vary);
  return mayCompress;
}

/** An encoding the gateway compresses its own answers (pages, sitemaps) in. */
export type PageEncoding = 'br' | 'gzip';

/** The encoding an answer of the gateway's own goes out in: brotli (smaller) when the client takes it, else gzip, else none. */
export function pageEncoding(req: Request): PageEncoding | undefined {
  return req.acceptsEncodings('br') ? 'br' : req.acceptsEncodings('gzip') ? 'gzip' : undefined;
}

/**
 * A body compressed: `kept` for an answer given to many (compressed once, as the web build does: brotli 11,
 * gzip 9), otherwise as API answers are (brotli 4, gzip's default).
 */
export function compressBody(body: Buffer, encoding: PageEncoding, effort: 'kept' | 'once'): Buffer {
  if (encoding === 'gzip') return gzipSync(body, { level: effort === 'kept' ? 9 : zlibConstants.Z_DEFAULT_COMPRESSION });
  return brotliCompressSync(body, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: effort === 'kept' ? 11 : 4, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
}
