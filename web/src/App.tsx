/** The route table and gating of spec section 2. */
import { CATEGORIES, type Category } from '@vnmarket/proto';
import { useEffect } from 'react';
import { Route, Routes, useLocation, useParams } from 'react-router-dom';
import { Header } from './components/Header';
import { Main } from './components/ui';
import { CATEGORY_PAGE_TITLES } from './lib/catalog';
import { useAuth } from './lib/hooks';
import ComingSoon from './pages/ComingSoon';
import CreateListing from './pages/CreateListing';
import EditListing from './pages/EditListing';
import Home from './pages/Home';
import Landing from './pages/Landing';
import ListingDetail from './pages/ListingDetail';
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

function CategoryPage() {
  const { category } = useParams();
  if (!CATEGORIES.includes(category as Category)) return <NotFound />;
  return <ComingSoon key={category} title={CATEGORY_PAGE_TITLES[category as Category]} />;
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
        <Routes>
          <Route path="/" element={<Root />} />
          <Route path="/login" element={<Login />} />
          <Route path="/register" element={<Register />} />
          <Route path="/listing/:id" element={<ListingDetail />} />
          <Route path="/listing/:id/edit" element={<EditListing />} />
          <Route path="/create-listing" element={<CreateListing />} />
          <Route path="/verify-phone" element={<VerifyPhone />} />
          <Route path="/saved" element={<Saved />} />
          <Route path="/profile" element={<ComingSoon title="Profile" />} />
          <Route path="/messages" element={<Messages />} />
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/category/:category" element={<CategoryPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Main>
    </MessagingProvider>
  );
}
