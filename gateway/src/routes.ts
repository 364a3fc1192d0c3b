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

/** The rules of one service, in the order given. */
const owned = (service: ServiceName, ...paths: (string | RegExp)[]): RouteRule[] => paths.map((path) => ({ path, service }));

const ROUTE_TABLE: RouteRule[] = [
  ...owned('auth', '/api/register', '/api/login', '/api/logout', '/api/auth', '/api/users/profile'),
  ...owned('auth', /^\/api\/users\/[^/]+\/reviews(\/eligibility|\/[^/]+\/answer)?\/?$/),
  ...owned('messaging', /^\/api\/users\/[^/]+\/reply-time\/?$/),
  ...owned('listings', '/api/users/listings'),
  // Blocking lives with messaging (it refuses the messages): before the generic profile row, which would take "blocked".
  ...owned('messaging', '/api/users/blocked', /^\/api\/users\/[^/]+\/block\/?$/),
  ...owned('auth', /^\/api\/users\/[^/]+\/?$/),
  ...owned('listings', '/api/listings', '/api/saved-listings', '/api/saved-searches', '/api/reports', '/api/moderation'),
  ...owned('messaging', '/api/conversations', '/api/messages', '/api/notifications', '/api/push'),
  ...owned('media', '/api/objects', '/api/listing-images', '/objects'),
  ...owned('verification', '/api/phone'),
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
