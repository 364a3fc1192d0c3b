import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { createPortal } from 'react-dom';
import { NavLink } from '../../lib/router';
import styled from 'styled-components';
import { useUnreadCount } from '../../lib/queries';
import { CloseIcon, LogOutIcon } from '../Icons';
import { useAuth } from '../../lib/use-auth';
import { ButtonAnchor, ButtonLink } from '../ui';
import { SearchForm } from './SearchForm';
import { signOut } from '../../lib/session';
import { drawerItem, IconButton, Logo, LogoMark } from './styles';
import { MENU_PAGES, PageLabel } from './menu-pages';
import { LanguageChoice } from './LanguageSwitch';
import { focusMain, keepTabInside } from '../../lib/focus';

const { browse, messages, createListing, profile, myListings, saved, moderation } = MENU_PAGES;

/**
 * The phone's menu, a panel from the right: search, navigation, and create, profile, saved and sign out
 * (or sign in), then the language choice (both languages, the active one pressed). Escape or a tap outside
 * closes it; the page behind does not scroll meanwhile. Like Dialog, Tab stays inside and closing returns
 * focus to the opener ("Open menu"); a link or a search closes it onto a new page, so focus goes to that
 * page's <main> instead.
 */
export function Drawer({ onClose, signedIn, onLanding }: { onClose: () => void; signedIn: boolean; onLanding: boolean }) {
  const unread = useUnreadCount(signedIn);
  const { user } = useAuth();
  const { t } = useLingui();
  const panel = useRef<HTMLDivElement>(null);
  const memberPages = [createListing, profile, myListings, saved, ...(user?.isModerator ? [moderation] : [])];
  const pages = [browse, messages, ...(signedIn ? memberPages : [])];
  const navigated = useRef(false);
  const closeToPage = () => {
    navigated.current = true;
    onClose();
  };
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('input, a, button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      else if (event.key === 'Tab' && panel.current) keepTabInside(panel.current, event);
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      if (navigated.current) focusMain();
      else opener?.focus();
    };
  }, [onClose]);
  // Into <body>: the header's backdrop-filter makes it the containing block of anything fixed inside it, which
  // would size the menu to the header's 64 px.
  return createPortal(
    <DrawerBackdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <DrawerPanel ref={panel} role="dialog" aria-modal="true" aria-label={t`Menu`}>
        <DrawerHead>
          <Logo to="/" onClick={closeToPage}>
            <LogoMark /> Chợ Việt
          </Logo>
          <IconButton type="button" aria-label={t`Close menu`} onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </DrawerHead>
        <SearchForm id="drawer-search" onDone={closeToPage} />
        <DrawerNav aria-label={t`Mobile`}>
          {pages.map((page) => (
            <DrawerLink key={page.to} to={page.to} end={page === browse} onClick={closeToPage}>
              <PageLabel page={page} iconSize={18} unread={unread} />
            </DrawerLink>
          ))}
          {signedIn ? (
            <DrawerButton type="button" onClick={() => void signOut()}>
              <LogOutIcon size={18} /> {t`Sign Out`}
            </DrawerButton>
          ) : (
            <DrawerActions>
              {onLanding ? (
                <>
                  <ButtonLink to="/login" variant="outline" block onClick={closeToPage}>
                    {t`Sign In`}
                  </ButtonLink>
                  <ButtonLink to="/register" block onClick={closeToPage}>
                    {t`Sign Up`}
                  </ButtonLink>
                </>
              ) : (
                <ButtonAnchor href="/api/login" block>
                  {t`Sign In`}
                </ButtonAnchor>
              )}
            </DrawerActions>
          )}
        </DrawerNav>
        <LanguageSection>
          {/* Seen, not read out: the group of buttons is named "Language" itself. */}
          <span aria-hidden="true">{t`Language`}</span>
          <LanguageChoice />
        </LanguageSection>
      </DrawerPanel>
    </DrawerBackdrop>,
    document.body,
  );
}

const DrawerBackdrop = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  background: rgb(28 25 23 / 50%);
  display: flex;
  justify-content: flex-end;
`;

const DrawerPanel = styled.div`
  width: min(320px, 88vw);
  height: 100%;
  overflow-y: auto;
  padding: 16px;
  background: var(--surface);
  display: flex;
  flex-direction: column;
  gap: 16px;
  box-shadow: var(--shadow-lg);
`;

const DrawerHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const DrawerNav = styled.nav`
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const DrawerLink = styled(NavLink)`
  ${drawerItem}
`;

const DrawerButton = styled.button`
  ${drawerItem}
`;

const DrawerActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: 10px;
  margin-top: 12px;
`;

const LanguageSection = styled.div`
  display: flex;
  flex-direction: column;
  gap: 8px;
  padding-top: 16px;
  border-top: 1px solid var(--border);
  & > span {
    font-size: 0.85rem;
    font-weight: 600;
    color: var(--muted);
  }
`;
