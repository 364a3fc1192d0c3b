/**
 * The app's routing API: React Router's (declarative mode: BrowserRouter and the hooks), with Routes, Link,
 * NavLink, useSearchParams and Navigate made of its own functions. React Router's Link carries its framework mode's prefetching
 * (<link rel="prefetch"> of route modules and data), route discovery and view transitions, none of which a
 * BrowserRouter app uses, and they weigh on the first page. These render the same anchor: href
 * from useHref, client-side navigation from useLinkClickHandler (left clicks without modifier keys, no
 * target; replace when the link points at the current location), NavLink's "active" class and
 * aria-current="page" as React Router computes them. Import routing from here, not from react-router-dom.
 */
import { msg } from '@lingui/core/macro';
import {
  Children,
  Component,
  forwardRef,
  isValidElement,
  useCallback,
  useEffect,
  useMemo,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import {
  matchPath,
  UNSAFE_RouteContext as RouteContext,
  useHref,
  useLinkClickHandler,
  useLocation,
  useNavigate,
  useResolvedPath,
  type NavigateOptions,
  type To,
} from 'react-router-dom';
import { i18n } from './i18n';

export { BrowserRouter, matchPath, MemoryRouter, useLocation, useNavigate, useParams } from 'react-router-dom';

export interface RouteProps {
  /** A React Router path pattern: `/listing/:id`, `*`. */
  path: string;
  element: ReactNode;
}

/** One route of <Routes>: never rendered itself, <Routes> reads its props. */
export function Route(_props: RouteProps): null {
  return null;
}

/**
 * The app's flat route table: the first <Route> whose path matches the whole location (React Router's
 * matchPath, case-insensitive, a trailing slash allowed) renders its element, with its params for
 * useParams and useNavigate (React Router's route context); list the most general (`*`) last. React
 * Router's <Routes> ranks nested route trees and brings its error boundary and RSC handling into
 * the first page, which a table of flat paths does not need; a render error of a screen is caught here.
 */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  for (const child of Children.toArray(children)) {
    if (!isValidElement<RouteProps>(child)) continue;
    const { path, element } = child.props;
    const match = matchPath({ path, end: true }, pathname);
    if (!match) continue;
    const routeMatch = { params: match.params, pathname: match.pathname, pathnameBase: match.pathnameBase, route: { id: path, path } };
    return (
      <RouteContext.Provider value={{ outlet: null, matches: [routeMatch], isDataRoute: false }}>
        <ScreenErrorBoundary key={path}>{element}</ScreenErrorBoundary>
      </RouteContext.Provider>
    );
  }
  return null;
}

/** A screen that throws while rendering (or whose chunk fails to load) shows the error instead of blanking the app. */
class ScreenErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    if (this.state.error === undefined) return this.props.children;
    const message = this.state.error instanceof Error ? this.state.error.message : String(this.state.error);
    return (
      <div role="alert" style={{ padding: '48px 16px', textAlign: 'center' }}>
        <h2>{i18n._(msg`Unexpected Application Error!`)}</h2>
        <p>{message}</p>
      </div>
    );
  }
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
}

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, state, target, onClick, ...rest }, ref) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { replace, state, target });
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} ref={ref} href={href} target={target} onClick={handleClick} />;
});

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on this exact path, not below it (React Router's `end`). */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/** A Link that knows whether it points at the current page: class "active" and aria-current="page" then. */
export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink({ end = false, className = '', ...rest }, ref) {
  const locationPathname = useLocation().pathname.toLowerCase();
  const toPathname = useResolvedPath(rest.to).pathname.toLowerCase();
  // React Router's rule: the same path, or (without `end`) a path below it; a trailing slash is ignored.
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive = locationPathname === toPathname || (!end && locationPathname.startsWith(toPathname) && locationPathname.charAt(endSlash) === '/');
  const classes = typeof className === 'function' ? className({ isActive }) : [className, isActive ? 'active' : ''].filter(Boolean).join(' ');
  return <Link {...rest} ref={ref} className={classes || undefined} aria-current={isActive ? 'page' : undefined} />;
});

type SearchInit = Record<string, string> | URLSearchParams;

/** Sets the query: a navigation to "?…" on the same path (its hash dropped), as React Router's does. */
export type SetSearchParams = (next: SearchInit | ((current: URLSearchParams) => SearchInit), options?: NavigateOptions) => void;

/**
 * The location's query, and a way to set it: React Router's useSearchParams without the default query it can
 * merge in and its warnings, which the app does not use and which would go into the first page's JS (as would
 * <Navigate>'s checks).
 */
export function useSearchParams(): [URLSearchParams, SetSearchParams] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback<SetSearchParams>(
    (next, options) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      void navigate(`?${new URLSearchParams(value).toString()}`, options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Goes to `to` once rendered (after the render: a navigation during one is not allowed), as React Router's <Navigate>. */
export function Navigate({ to, replace }: { to: To; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(to, { replace });
  }, [navigate, to, replace]);
  return null;
}
