/**
 * The route table. "/" is the landing page for visitors and home for members; the member screens gate
 * themselves (useRequireAuth: the Unauthorized toast, then sign-in) and the listing detail sends a
 * visitor to /login.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { matchPath, Route, Routes, useLocation } from './lib/router';
import { Header } from './components/header';
import { Main, PageLoading } from './components/first-page-ui';
import { useAuth } from './lib/use-auth';
import Landing from './pages/landing';
import { MessagingProvider } from './lib/messaging';
import { mayBeSignedIn } from './lib/signed-in-hint';
import { loadContracts } from './lib/api';
import { preloadCurrentUser } from './lib/session';
import { loadUserMenu } from './components/header';
import { useHydrated } from './lib/prerendered';
import { setDocumentTitle } from './lib/document-title';
import { focusMain } from './lib/focus';
import { WEB_ROUTES } from '@vnmarket/proto/web-routes';
import { i18n, useLocale, withAppMessages } from './lib/i18n';
import { useAccountLanguage } from './components/header/LanguageSwitch';

// Every screen but the landing page loads on demand (its own chunk), so a visitor's first page carries
// only what it shows. Each page module's default export is its screen.
const loadHome = withAppMessages(() => import('./pages/Home'));
const Home = lazy(loadHome);

/**
 * The route table, most general last (lib/router.tsx): each path with its screen's module. The screen the
 * page opens at starts loading as the app starts (preloadScreen), not when the first render reaches its
 * route: on a slow phone that render takes a while (in Lighthouse's load of /dashboard the screen's chunk
 * is the first request after the app's own JS, before who is signed in; before, it came after that answer).
 */
const SCREENS = [
  [WEB_ROUTES.login, msg`Sign In`, withAppMessages(() => import('./pages/Login'))],
  [WEB_ROUTES.register, msg`Create an account`, withAppMessages(() => import('./pages/Register'))],
  [WEB_ROUTES.listing, msg`Listing`, withAppMessages(() => import('./pages/listing-detail'))],
  [WEB_ROUTES.editListing, msg`Edit Listing`, withAppMessages(() => import('./pages/EditListing'))],
  [WEB_ROUTES.createListing, msg`Create Listing`, withAppMessages(() => import('./pages/CreateListing'))],
  [WEB_ROUTES.verifyPhone, msg`Verify Your Account`, withAppMessages(() => import('./pages/VerifyPhone'))],
  [WEB_ROUTES.saved, msg`Saved Listings`, withAppMessages(() => import('./pages/Saved'))],
  [WEB_ROUTES.profile, msg`Profile`, withAppMessages(() => import('./pages/Profile'))],
  [WEB_ROUTES.member, msg`Member`, withAppMessages(() => import('./pages/PublicProfile'))],
  [WEB_ROUTES.messages, msg`Messages`, withAppMessages(() => import('./pages/Messages'))],
  [WEB_ROUTES.dashboard, msg`My Listings Dashboard`, withAppMessages(() => import('./pages/Dashboard'))],
  [WEB_ROUTES.moderation, msg`Moderation`, withAppMessages(() => import('./pages/moderation'))],
  [WEB_ROUTES.category, msg`Listings`, withAppMessages(() => import('./pages/CategoryPage'))],
  ['*', msg`Page Not Found`, withAppMessages(() => import('./pages/NotFound'))],
] as const satisfies readonly (readonly [string, MessageDescriptor, () => Promise<{ default: ComponentType }>])[];

const screens = SCREENS.map(([path, title, load]) => ({ path, title, load, Screen: lazy(load) }));

const screenAt = (pathname: string) => screens.find(({ path }) => matchPath({ path, end: true }, pathname));

const ignoreFailure = () => undefined; // the screen's own render reports it, as without the preload

/** Starts loading the screen `pathname` opens (not "/": the landing page is in the first chunk, home is preloadForMember's). */
export function preloadScreen(pathname: string): void {
  const screen = screenAt(pathname);
  if (screen && pathname !== '/') void screen.load().catch(ignoreFailure);
}

/**
 * In a browser that may hold a session (lib/signed-in-hint.ts), who is signed in is asked before the first
 * render, and what the first screen needs once that answers is asked for beside it, not after it: the
 * answer schemas (zod), the user menu and, at "/", home. On a phone's cellular link each is a round trip
 * off a member's first page.
 */
export function preloadForMember(pathname: string): void {
  void preloadCurrentUser().catch(ignoreFailure);
  void loadContracts().catch(ignoreFailure);
  void loadUserMenu().catch(ignoreFailure);
  if (pathname === '/') void loadHome().catch(ignoreFailure);
}

/**
 * "/": home once signed in; the landing page for visitors. While auth loads, a browser that may hold a
 * session (lib/signed-in-hint.ts) already gets home, not a landing page flashing by: its listings (the
 * same for every member) are asked for beside the current user, and its greeting takes the name when it
 * comes. An answer that nobody is signed in brings the landing page.
 * Not while React hydrates the prerendered landing page: the hint may have been written since the route
 * guard read it (the header's current-user answer can arrive first), and hydration must render what the
 * HTML holds.
 */
function Root() {
  const { isAuthenticated, isLoading } = useAuth();
  const hydrated = useHydrated();
  return isAuthenticated || (isLoading && hydrated && mayBeSignedIn()) ? <Home /> : <Landing />;
}

/**
 * A new screen: its title (the route's; a screen about one thing names it itself, lib/document-title.ts),
 * the page scrolled to the top, and, after in-app navigation, keyboard and screen-reader focus at the start
 * of its content rather than left on the link that was clicked or on <body>. Placed before <Main>, so its
 * effect runs before the screen's own title.
 */
function OnNewScreen() {
  const { pathname } = useLocation();
  const locale = useLocale();
  const first = useRef(true);
  useEffect(() => {
    const title = screenAt(pathname)?.title;
    setDocumentTitle(pathname === '/' || !title ? undefined : i18n._(title));
    // A block body: newer browsers' scrollTo returns a promise, which must not become the effect's cleanup.
    window.scrollTo(0, 0);
    if (first.current) first.current = false;
    else focusMain();
  }, [pathname]);
  // The title again in a newly chosen language (a screen about one thing names itself again too).
  useEffect(() => {
    const title = screenAt(location.pathname)?.title;
    if (title && location.pathname !== '/') setDocumentTitle(i18n._(title));
  }, [locale]);
  return null;
}

/** Its own component: the app's render (every screen's) does not wait on the messages it asks for. */
function SkipLink() {
  const { t } = useLingui();
  return (
    <a href="#main" className="visually-hidden skip-link">
      {t`Skip to content`}
    </a>
  );
}

export default function App() {
  useAccountLanguage();
  return (
    <MessagingProvider>
      <OnNewScreen />
      <SkipLink />
      <Header />
      <Main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<Root />} />
            {screens.map(({ path, Screen }) => (
              <Route key={path} path={path} element={<Screen />} />
            ))}
          </Routes>
        </Suspense>
      </Main>
    </MessagingProvider>
  );
}
