import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddress from 'proxy-addr';
import type { ForwardedHeaders } from './proxy';

/**
 * Who asked, as Express says it with `trust proxy` set to a number of hops (req.ip and req.protocol),
 * for requests that never pass through Express: the client address is the one `hops` proxies in front
 * of this gateway vouch for (X-Forwarded-For read from the right), the protocol is theirs when at least
 * one hop is trusted.
 */
export function forwardedHeaders(hops: number): ForwardedHeaders {
  const trusted = (_address: string, hop: number) => hop < hops;
  const ownProtocol = (req: IncomingMessage) => ((req.socket as Partial<TLSSocket>).encrypted ? 'https' : 'http');
  if (hops === 0) {
    return { for: (req) => req.socket.remoteAddress ?? '', proto: ownProtocol };
  }
  return {
    for: (req) => proxyAddress(req, trusted) ?? req.socket.remoteAddress ?? '',
    proto: (req) => {
      const header = req.headers['x-forwarded-proto'];
      if (typeof header !== 'string' || header === '') return ownProtocol(req);
      const comma = header.indexOf(',');
      return (comma === -1 ? header : header.slice(0, comma)).trim();
    },
  };
}
