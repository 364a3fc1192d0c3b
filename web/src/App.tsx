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
import { wasSignedIn } from './lib/signed-in-hint';
import { useHydrated } from './lib/prerendered';

// Every screen but the landing page loads on demand (its own chunk), so a visitor's first page carries
// only what it shows. Each page module's default export is its screen.
const Home = lazy(() => import('./pages/Home'));
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
 * "/": home once signed in; the landing page for visitors and while auth loads, unless this browser's
 * last answer was a member (lib/signed-in-hint.ts): then the loading state, not a landing page flashing by.
 * Not while React hydrates the prerendered landing page: the hint may have been written since the route
 * guard read it (the header's current-user answer can arrive first), and hydration must render what the
 * HTML holds.
 */
function Root() {
  const { isAuthenticated, isLoading } = useAuth();
  const hydrated = useHydrated();
  if (isAuthenticated) return <Home />;
  return isLoading && hydrated && wasSignedIn() ? <PageLoading /> : <Landing />;
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
