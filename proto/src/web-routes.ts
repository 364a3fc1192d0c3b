/**
 * The web app's pages, once: the app routes them (web/src/App.tsx) and the gateway answers them (200 with
 * the app's HTML and the page's link-preview tags; any other path is a 404, still with the app's HTML).
 * React Router path patterns, without zod, so the web's first page can take them.
 */
export const WEB_ROUTES = {
  home: '/',
  login: '/login',
  register: '/register',
  listing: '/listing/:id',
  editListing: '/listing/:id/edit',
  createListing: '/create-listing',
  verifyPhone: '/verify-phone',
  saved: '/saved',
  profile: '/profile',
  member: '/users/:id',
  messages: '/messages',
  dashboard: '/dashboard',
  moderation: '/moderation',
  category: '/category/:category',
} as const;

export type WebRoute = keyof typeof WEB_ROUTES;

export interface WebRouteMatch {
  route: WebRoute;
  /** The path parameters, as they are in the path (not decoded). */
  params: Record<string, string>;
}

/** Each pattern as a regular expression, with its parameters' names in order. */
const MATCHERS = (Object.entries(WEB_ROUTES) as [WebRoute, string][]).map(([route, pattern]) => {
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  // As React Router's matchPath with `end`: case-insensitive, trailing slashes allowed.
  return { route, names, pattern: new RegExp(`^${source.replace(/\/$/, '')}/*$`, 'i') };
});

/** The app's route a path is (React Router's matching: case-insensitive, trailing slashes allowed), or undefined. */
export function matchWebRoute(pathname: string): WebRouteMatch | undefined {
  for (const { route, names, pattern } of MATCHERS) {
    const match = pattern.exec(pathname);
    if (match) return { route, params: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return undefined;
}
