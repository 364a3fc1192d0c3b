/**
 * The header on every page (spec section 2): logo, Browse and Messages, the search box, and either
 * Create Listing plus the user menu (Profile, Messages with the unread badge, Saved, Sign Out) or Sign In.
 * Below 768 px a drawer repeats search, navigation, create, profile, saved and sign out.
 */
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import styled, { css } from 'styled-components';
import { apiRequest } from '../lib/api';
import { formatPhone, initials } from '../lib/format';
import { useAuth, useUnreadCount } from '../lib/hooks';
import { BookmarkIcon, ChatIcon, CloseIcon, GridIcon, LogOutIcon, MenuIcon, PlusIcon, SearchIcon, UserIcon } from './Icons';
import { ButtonAnchor, ButtonLink, Container, Input } from './ui';

async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/logout');
  } catch (error) {
    console.error('Sign out failed', error);
  }
  window.location.href = '/';
}

function SearchForm({ onDone, id }: { onDone?: () => void; id: string }) {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const query = text.trim();
    if (!query) return;
    navigate(`/?search=${encodeURIComponent(query)}`);
    onDone?.();
  };
  return (
    <SearchBox role="search" onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        Search listings
      </label>
      <SearchIconBox aria-hidden="true">
        <SearchIcon size={18} />
      </SearchIconBox>
      <SearchInput id={id} type="search" placeholder="Search listings..." value={text} onChange={(event) => setText(event.target.value)} />
    </SearchBox>
  );
}

function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <CountBadge data-testid="unread-badge" aria-label={`${count} unread`}>
      {count > 99 ? '99+' : count}
    </CountBadge>
  );
}

function UserMenu() {
  const { user } = useAuth();
  const unread = useUnreadCount(true);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onDown = (event: MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const onMenuKey = (event: KeyboardEvent) => {
    const items = [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const name = user ? `${user.firstName} ${user.lastName}` : '';
  return (
    <MenuWrapper ref={wrapper}>
      <AvatarButton ref={button} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {/* The name is the hidden text, not an aria-label, so it never contradicts the initials people see. */}
        {user?.profileImageUrl ? <img src={user.profileImageUrl} alt="" /> : <span aria-hidden="true">{initials(user?.firstName, user?.lastName)}</span>}
        <span className="visually-hidden">Account menu for {name}</span>
        {unread > 0 && <Dot aria-hidden="true" />}
      </AvatarButton>
      {open && (
        <Menu ref={menu} role="menu" aria-label="Account" onKeyDown={onMenuKey}>
          <MenuHeader>
            <strong>{name}</strong>
            <span>{user?.email ?? (user?.phone ? formatPhone(user.phone) : '')}</span>
          </MenuHeader>
          <MenuLink role="menuitem" to="/profile" onClick={() => setOpen(false)}>
            <UserIcon size={16} /> Profile
          </MenuLink>
          <MenuLink role="menuitem" to="/messages" onClick={() => setOpen(false)}>
            <ChatIcon size={16} /> Messages <UnreadBadge count={unread} />
          </MenuLink>
          <MenuLink role="menuitem" to="/dashboard" onClick={() => setOpen(false)}>
            <GridIcon size={16} /> My Listings
          </MenuLink>
          <MenuLink role="menuitem" to="/saved" onClick={() => setOpen(false)}>
            <BookmarkIcon size={16} /> Saved
          </MenuLink>
          <MenuButton role="menuitem" type="button" onClick={() => void signOut()}>
            <LogOutIcon size={16} /> Sign Out
          </MenuButton>
        </Menu>
      )}
    </MenuWrapper>
  );
}

function Drawer({ onClose, signedIn, onLanding }: { onClose: () => void; signedIn: boolean; onLanding: boolean }) {
  const unread = useUnreadCount(signedIn);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, a, button')?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => event.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
    };
  }, [onClose]);
  return (
    <DrawerBackdrop onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <DrawerPanel ref={panel} role="dialog" aria-modal="true" aria-label="Menu">
        <DrawerHead>
          <Logo to="/" onClick={onClose}>
            <LogoMark aria-hidden="true">★</LogoMark> Chợ Việt
          </Logo>
          <IconButton type="button" aria-label="Close menu" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </DrawerHead>
        <SearchForm id="drawer-search" onDone={onClose} />
        <DrawerNav aria-label="Mobile">
          <DrawerLink to="/" end onClick={onClose}>
            <GridIcon size={18} /> Browse
          </DrawerLink>
          <DrawerLink to="/messages" onClick={onClose}>
            <ChatIcon size={18} /> Messages <UnreadBadge count={unread} />
          </DrawerLink>
          {signedIn ? (
            <>
              <DrawerLink to="/create-listing" onClick={onClose}>
                <PlusIcon size={18} /> Create Listing
              </DrawerLink>
              <DrawerLink to="/profile" onClick={onClose}>
                <UserIcon size={18} /> Profile
              </DrawerLink>
              <DrawerLink to="/dashboard" onClick={onClose}>
                <GridIcon size={18} /> My Listings
              </DrawerLink>
              <DrawerLink to="/saved" onClick={onClose}>
                <BookmarkIcon size={18} /> Saved
              </DrawerLink>
              <DrawerButton type="button" onClick={() => void signOut()}>
                <LogOutIcon size={18} /> Sign Out
              </DrawerButton>
            </>
          ) : (
            <DrawerActions>
              {onLanding ? (
                <>
                  <ButtonLink to="/login" variant="outline" block onClick={onClose}>
                    Sign In
                  </ButtonLink>
                  <ButtonLink to="/register" block onClick={onClose}>
                    Sign Up
                  </ButtonLink>
                </>
              ) : (
                <ButtonAnchor href="/api/login" block>
                  Sign In
                </ButtonAnchor>
              )}
            </DrawerActions>
          )}
        </DrawerNav>
      </DrawerPanel>
    </DrawerBackdrop>
  );
}

export function Header() {
  const { isAuthenticated } = useAuth();
  const unread = useUnreadCount(isAuthenticated);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const location = useLocation();
  const onLanding = location.pathname === '/' && !isAuthenticated;
  const closeDrawer = useRef(() => setDrawerOpen(false)).current;

  return (
    <Bar>
      <BarInner>
        <Logo to="/" aria-label="Chợ Việt Bay Area home">
          <LogoMark aria-hidden="true">★</LogoMark>
          <span>Chợ Việt</span>
        </Logo>
        <DesktopNav aria-label="Main">
          <TopLink to="/" end>
            Browse
          </TopLink>
          <TopLink to="/messages">
            Messages <UnreadBadge count={unread} />
          </TopLink>
        </DesktopNav>
        <DesktopSearch>
          <SearchForm id="header-search" />
        </DesktopSearch>
        <Actions>
          {isAuthenticated ? (
            <>
              <ShownFrom $width={768}>
                <ButtonLink to="/create-listing" size="sm">
                  <PlusIcon size={16} /> Create Listing
                </ButtonLink>
              </ShownFrom>
              <ShownFrom $width={768}>
                <UserMenu />
              </ShownFrom>
            </>
          ) : onLanding ? (
            <>
              <ButtonLink to="/login" variant="ghost" size="sm">
                Sign In
              </ButtonLink>
              <ShownFrom $width={400}>
                <ButtonLink to="/register" size="sm">
                  Sign Up
                </ButtonLink>
              </ShownFrom>
            </>
          ) : (
            <ButtonAnchor href="/api/login" size="sm">
              Sign In
            </ButtonAnchor>
          )}
          <MobileOnly>
            <IconButton type="button" aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <MenuIcon />
              {isAuthenticated && unread > 0 && <Dot aria-hidden="true" />}
            </IconButton>
          </MobileOnly>
        </Actions>
      </BarInner>
      {drawerOpen && <Drawer onClose={closeDrawer} signedIn={isAuthenticated} onLanding={onLanding} />}
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

const Logo = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: -0.02em;
  color: var(--text);
  text-decoration: none;
  white-space: nowrap;
`;

const LogoMark = styled.span`
  display: inline-grid;
  place-items: center;
  width: 32px;
  height: 32px;
  border-radius: 9px;
  background: var(--primary);
  color: var(--accent);
  font-size: 1.05rem;
`;

const DesktopNav = styled.nav`
  display: none;
  gap: 4px;
  @media (min-width: 768px) {
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
  @media (min-width: 768px) {
    display: block;
  }
`;

const SearchBox = styled.form`
  position: relative;
  width: 100%;
`;

const SearchIconBox = styled.span`
  position: absolute;
  left: 12px;
  top: 50%;
  transform: translateY(-50%);
  color: var(--muted);
  display: inline-flex;
`;

const SearchInput = styled(Input)`
  padding-left: 38px;
  background: var(--subtle);
  border-color: transparent;
  &:focus {
    background: var(--surface);
  }
`;

const Actions = styled.div`
  margin-left: auto;
  display: flex;
  align-items: center;
  gap: 8px;
`;

/** Shown from a viewport width up (768 px: desktop; 400 px: all but the narrowest phones). */
const ShownFrom = styled.div<{ $width: number }>`
  display: none;
  @media (min-width: ${({ $width }) => $width}px) {
    display: block;
  }
`;

const MobileOnly = styled.div`
  display: block;
  @media (min-width: 768px) {
    display: none;
  }
`;

const IconButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 42px;
  height: 42px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  background: var(--surface);
  cursor: pointer;
`;

const Dot = styled.span`
  position: absolute;
  top: 4px;
  right: 4px;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: var(--primary);
  border: 2px solid #fff;
`;

const CountBadge = styled.span`
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 20px;
  padding: 0 6px;
  border-radius: 999px;
  background: var(--primary);
  color: #fff;
  font-size: 0.72rem;
  font-weight: 700;
`;

const MenuWrapper = styled.div`
  position: relative;
`;

const AvatarButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  padding: 0;
  border: 2px solid var(--surface);
  border-radius: 50%;
  background: var(--primary-soft);
  color: var(--primary);
  font-weight: 700;
  font-size: 0.9rem;
  cursor: pointer;
  box-shadow: 0 0 0 1px var(--border);
  img {
    width: 100%;
    height: 100%;
    border-radius: 50%;
    object-fit: cover;
  }
`;

const Menu = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  min-width: 220px;
  padding: 6px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  box-shadow: var(--shadow-lg);
`;

const MenuHeader = styled.div`
  display: flex;
  flex-direction: column;
  padding: 8px 10px 10px;
  margin-bottom: 4px;
  border-bottom: 1px solid var(--border);
  strong {
    font-size: 0.95rem;
  }
  span {
    font-size: 0.8rem;
    color: var(--muted);
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/** A row of the user menu or the drawer: icon, label, and the unread badge pushed to the end. */
const itemStyles = (padding: string, gap: string, fontSize: string, fontWeight: number) => css`
  display: flex;
  align-items: center;
  gap: ${gap};
  width: 100%;
  padding: ${padding};
  border: 0;
  border-radius: 8px;
  background: transparent;
  font-size: ${fontSize};
  font-weight: ${fontWeight};
  text-align: left;
  text-decoration: none;
  color: var(--text);
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: var(--subtle);
    outline: none;
  }
  span[data-testid] {
    margin-left: auto;
  }
`;
const menuItem = itemStyles('9px 10px', '10px', '0.92rem', 400);
const drawerItem = itemStyles('12px 10px', '12px', '1rem', 500);

const MenuLink = styled(Link)`
  ${menuItem}
`;
const MenuButton = styled.button`
  ${menuItem}
`;

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
