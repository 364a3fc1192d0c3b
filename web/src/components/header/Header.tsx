/**
 * The header on every page: logo, Browse and Messages, the search box, and either Create Listing plus
 * the user menu (Profile, Messages with the unread badge, Saved, Sign Out) or Sign In; a member's
 * notification bell at every width (NotificationBell.tsx). Narrower than a tablet, a drawer repeats search, navigation, create, profile, saved and sign out.
 */
import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { NavLink, useLocation } from '../../lib/router';
import styled from 'styled-components';
import { media, type Breakpoint } from '../../lib/breakpoints';
import { useAuth } from '../../lib/use-auth';
import { withAppMessages } from '../../lib/i18n';
import { useUnreadCount } from '../../lib/queries';
import { MenuIcon, PlusIcon } from '../FirstPageIcons';
import { ButtonAnchor, ButtonLink, Container } from '../first-page-ui';
import { SearchForm } from './SearchForm';
import { Dot, IconButton, Logo, LogoMark } from './styles';
import { UnreadBadge } from './UnreadBadge';
import { LanguageSwitch } from './LanguageSwitch';

// Only members see the user menu, and the drawer opens on a tap: both load on demand, not with the first page.
export const loadUserMenu = withAppMessages(() => import('./UserMenu'));
const UserMenu = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));
// The bell (members only, every width) loads with them too.
const NotificationBell = lazy(withAppMessages(() => import('./NotificationBell').then((module) => ({ default: module.NotificationBell }))));
const Drawer = lazy(withAppMessages(() => import('./Drawer').then((module) => ({ default: module.Drawer }))));

export function Header() {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount(isAuthenticated);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const onLanding = location.pathname === '/' && !isAuthenticated;
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);
  const { t } = useLingui();

  return (
    <Bar>
      <BarInner>
        <Logo to="/" aria-label={t`Chợ Việt Bay Area home`}>
          <LogoMark />
          <span>Chợ Việt</span>
        </Logo>
        <DesktopNav aria-label={t`Main`}>
          <TopLink to="/" end>
            {t`Browse`}
          </TopLink>
          <TopLink to="/messages">
            {t`Messages`} <UnreadBadge count={unread} />
          </TopLink>
        </DesktopNav>
        <DesktopSearch>
          <SearchForm id="header-search" />
        </DesktopSearch>
        <Actions>
          {isAuthenticated ? (
            <>
              <Suspense fallback={null}>
                <NotificationBell />
              </Suspense>
              <ShownFrom $from="tablet">
                <ButtonLink to="/create-listing" size="sm">
                  <PlusIcon size={16} /> {t`Create Listing`}
                </ButtonLink>
              </ShownFrom>
              <ShownFrom $from="tablet">
                <Suspense fallback={null}>
                  <UserMenu />
                </Suspense>
              </ShownFrom>
            </>
          ) : onLanding ? (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm">
                {t`Sign In`}
              </ButtonLink>
              <ShownFrom $from="phone">
                <ButtonLink to="/register" size="sm">
                  {t`Sign Up`}
                </ButtonLink>
              </ShownFrom>
            </>
          ) : (
            <ButtonAnchor href="/api/login" size="sm">
              {t`Sign In`}
            </ButtonAnchor>
          )}
          <LanguageSwitch />
          <MobileOnly>
            <IconButton type="button" aria-label={t`Open menu`} aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
              {isAuthenticated && unread > 0 && <Dot aria-hidden="true" />}
            </IconButton>
          </MobileOnly>
        </Actions>
      </BarInner>
      {drawerOpen && (
        <Suspense fallback={null}>
          <Drawer onClose={closeDrawer} signedIn={isAuthenticated} onLanding={onLanding} />
        </Suspense>
      )}
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: 40;
  height: var(--header-height);
  background: rgb(255 255 255 / 94%);
  backdrop-filter: saturate(180%) blur(8px);
  border-bottom: 1px solid var(--border);
`;

const BarInner = styled(Container)`
  display: flex;
  align-items: center;
  gap: 20px;
  height: 100%;
`;

const DesktopNav = styled.nav`
  display: none;
  gap: 4px;
  ${media.tablet} {
    display: flex;
  }
`;

const TopLink = styled(NavLink)`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  padding: 8px 10px;
  border-radius: var(--radius-sm);
  font-weight: 500;
  font-size: 0.95rem;
  color: var(--muted);
  text-decoration: none;
  &:hover {
    color: var(--text);
    background: var(--subtle);
  }
  &.active {
    color: var(--text);
  }
`;

const DesktopSearch = styled.div`
  display: none;
  flex: 1;
  max-width: 420px;
  ${media.tablet} {
    display: block;
  }
`;

/* The name gives way to the buttons (its shrink factor, styles.ts); the buttons keep their labels on one line. */
const Actions = styled.div`
  margin-left: auto;
  flex-shrink: 0;
  display: flex;
  align-items: center;
  gap: 8px;
`;

/** Shown from a breakpoint up (tablet: the full header; phone: all but the narrowest phones). */
const ShownFrom = styled.div<{ $from: Breakpoint }>`
  display: none;
  ${({ $from }) => media[$from]} {
    display: block;
  }
`;

const MobileOnly = styled.div`
  display: block;
  ${media.tablet} {
    display: none;
  }
`;
