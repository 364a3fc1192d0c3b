import { isIP } from 'node:net';

/**
 * Whether the server may send to a subscription's endpoint: https to a browser's push service (its host or
 * a subdomain of it), never an address of its own network; in development, the loopback address over
 * http or https. The push is sent by the server, so an endpoint a member names must not point it elsewhere.
 */
export function isAllowedPushEndpoint(endpoint: string, options: { serviceHosts: readonly string[]; allowLoopback: boolean }): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (options.allowLoopback && (url.protocol === 'http:' || url.protocol === 'https:') && isLoopback(host)) return true;
  if (url.protocol !== 'https:' || isIP(host) !== 0) return false;
  return options.serviceHosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
