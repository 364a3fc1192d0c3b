/**
 * The route table. "/" is the landing page for visitors and home for members; the member screens gate
 * themselves (useRequireAuth: the Unauthorized toast, then sign-in) and the listing detail sends a
 * visitor to /login.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { Header } from './components/header';
import { Main, PageLoading } from './components/ui';
import { useAuth } from './lib/hooks';
import CreateListing from './pages/CreateListing';
import EditListing from './pages/EditListing';
import Home from './pages/Home';
import Landing from './pages/Landing';
import ListingDetail from './pages/listing-detail';
import Login from './pages/Login';
import NotFound from './pages/NotFound';
import Register from './pages/Register';
import Saved from './pages/Saved';
import VerifyPhone from './pages/VerifyPhone';
import Messages from './pages/Messages';
import Dashboard from './pages/Dashboard';
import { MessagingProvider } from './lib/messaging';

/** "/": the landing page for visitors and while auth loads; home once signed in. */
function Root() {
  const { isAuthenticated } = useAuth();
  return isAuthenticated ? <Home /> : <Landing />;
}

// Screens a visitor never opens first load on demand, so the first page stays light.
const Profile = lazy(() => import('./pages/Profile'));
const PublicProfile = lazy(() => import('./pages/PublicProfile'));
const CategoryPage = lazy(() => import('./pages/CategoryPage'));

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
