/**
 * The one place that says which service owns which public path. Most specific first: the first match
 * wins. Each service's row lands with the service.
 */
import { SERVICE_NAMES, type ServiceName } from '@vnmarket/proto';

export const SERVICES = SERVICE_NAMES;
export type { ServiceName };

interface RouteRule {
  /** A path prefix that matches whole segments, or a pattern for paths with ids in the middle. */
  path: string | RegExp;
  service: ServiceName;
}

const ROUTE_TABLE: RouteRule[] = [
  { path: '/api/register', service: 'auth' },
  { path: '/api/login', service: 'auth' },
  { path: '/api/logout', service: 'auth' },
  { path: '/api/auth', service: 'auth' },
  { path: '/api/users/profile', service: 'auth' },
  { path: /^\/api\/users\/[^/]+\/reviews(\/eligibility|\/[^/]+\/answer)?\/?$/, service: 'auth' },
  { path: /^\/api\/users\/[^/]+\/reply-time\/?$/, service: 'messaging' },
  { path: '/api/users/listings', service: 'listings' },
  // Blocking lives with messaging (it refuses the messages): before the generic profile row, which would take "blocked".
  { path: '/api/users/blocked', service: 'messaging' },
  { path: /^\/api\/users\/[^/]+\/block\/?$/, service: 'messaging' },
  { path: /^\/api\/users\/[^/]+\/?$/, service: 'auth' },
  { path: '/api/listings', service: 'listings' },
  { path: '/api/saved-listings', service: 'listings' },
  { path: '/api/saved-searches', service: 'listings' },
  { path: '/api/reports', service: 'listings' },
  { path: '/api/moderation', service: 'listings' },
  { path: '/api/conversations', service: 'messaging' },
  { path: '/api/messages', service: 'messaging' },
  { path: '/api/notifications', service: 'messaging' },
  { path: '/api/push', service: 'messaging' },
  { path: '/api/objects', service: 'media' },
  { path: '/api/listing-images', service: 'media' },
  { path: '/objects', service: 'media' },
  { path: '/api/phone', service: 'verification' },
];

/** WebSocket upgrades, by exact path. */
export const WEBSOCKET_ROUTES: Record<string, ServiceName> = {
  '/ws': 'messaging',
};

/** The table as it is matched, for every request: each prefix with its slash made once. */
const MATCHERS = ROUTE_TABLE.map(({ path, service }) =>
  typeof path === 'string' ? { prefix: path, prefixSlash: `${path}/`, pattern: undefined, service } : { prefix: '', prefixSlash: '', pattern: path, service },
);

export function serviceFor(path: string): ServiceName | undefined {
  for (const matcher of MATCHERS) {
    if (matcher.pattern ? matcher.pattern.test(path) : path === matcher.prefix || path.startsWith(matcher.prefixSlash)) return matcher.service;
  }
  return undefined;
}
