/**
 * The route table. "/" is the landing page for visitors and home for members; the member screens gate
 * themselves (useRequireAuth: the Unauthorized toast, then sign-in) and the listing detail sends a
 * visitor to /login.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from './lib/router';
import { Header } from './components/header';
import { Main, PageLoading } from './components/ui';
import { useAuth } from './lib/use-auth';
import Landing from './pages/landing';
import { MessagingProvider } from './lib/messaging';
import { mayBeSignedIn } from './lib/signed-in-hint';
import { loadContracts } from './lib/api';
import { preloadCurrentUser } from './lib/queries';
import { loadUserMenu } from './components/header';
import { useHydrated } from './lib/prerendered';

// Every screen but the landing page loads on demand (its own chunk), so a visitor's first page carries
// only what it shows. Each page module's default export is its screen.
const loadHome = () => import('./pages/Home');
const Home = lazy(loadHome);
const Login = lazy(() => import('./pages/Login'));
const Register = lazy(() => import('./pages/Register'));
const ListingDetail = lazy(() => import('./pages/listing-detail'));
const EditListing = lazy(() => import('./pages/EditListing'));
const CreateListing = lazy(() => import('./pages/CreateListing'));
const VerifyPhone = lazy(() => import('./pages/VerifyPhone'));
const Saved = lazy(() => import('./pages/Saved'));
const Profile = lazy(() => import('./pages/Profile'));
const PublicProfile = lazy(() => import('./pages/PublicProfile'));
const Messages = lazy(() => import('./pages/Messages'));
const Dashboard = lazy(() => import('./pages/Dashboard'));
const CategoryPage = lazy(() => import('./pages/CategoryPage'));
const NotFound = lazy(() => import('./pages/NotFound'));

/**
 * In a browser that may hold a session (lib/signed-in-hint.ts), who is signed in is asked before the first
 * render, and what the first screen needs once that answers is asked for beside it, not after it: the
 * answer schemas (zod), the user menu and, at "/", home. On a phone's cellular link each is a round trip
 * off a member's first page.
 */
export function preloadForMember(pathname: string): void {
  const ignoreFailure = () => undefined; // the screen's own request reports it, as without this
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

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    // A block body: newer browsers' scrollTo returns a promise, which must not become the effect's cleanup.
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export default function App() {
  return (
    <MessagingProvider>
      <ScrollToTop />
      <a href="#main" className="visually-hidden">
        Skip to content
      </a>
      <Header />
      <Main id="main">
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path="/" element={<Root />} />
            <Route path="/login" element={<Login />} />
            <Route path="/register" element={<Register />} />
            <Route path="/listing/:id" element={<ListingDetail />} />
            <Route path="/listing/:id/edit" element={<EditListing />} />
            <Route path="/create-listing" element={<CreateListing />} />
            <Route path="/verify-phone" element={<VerifyPhone />} />
            <Route path="/saved" element={<Saved />} />
            <Route path="/profile" element={<Profile />} />
            <Route path="/users/:id" element={<PublicProfile />} />
            <Route path="/messages" element={<Messages />} />
            <Route path="/dashboard" element={<Dashboard />} />
            <Route path="/category/:category" element={<CategoryPage />} />
            <Route path="*" element={<NotFound />} />
          </Routes>
        </Suspense>
      </Main>
    </MessagingProvider>
  );
}
