import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from '../../lib/router';
import styled from 'styled-components';
import { formatPhone, initials } from '../../lib/format';
import { useAuth } from '../../lib/hooks';
import { useUnreadCount } from '../../lib/queries';
import { LogOutIcon } from '../Icons';
import { signOut } from '../../lib/session';
import { DropdownAnchor, DropdownPanel, useCloseOnOutsidePress } from './dropdown';
import { MENU_PAGES, PageLabel } from './menu-pages';
import { Dot, menuItem } from './styles';

const { profile, messages, myListings, saved, moderation } = MENU_PAGES;

/**
 * The signed-in member's avatar button and its menu (Profile, Messages with the unread badge, My
 * Listings, Saved, Sign Out): arrow keys move through it, Escape closes it and returns focus.
 */
export function UserMenu() {
  const { user } = useAuth();
  const unread = useUnreadCount(true);
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const { t } = useLingui();

  useEffect(() => {
    if (open) menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useCloseOnOutsidePress(open, wrapper, () => setOpen(false));

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
  const pages = [profile, messages, myListings, saved, ...(user?.isModerator ? [moderation] : [])];
  return (
    <DropdownAnchor ref={wrapper}>
      <AvatarButton ref={button} type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen((value) => !value)}>
        {/* The name is the hidden text, not an aria-label, so it never contradicts the initials people see. */}
        {user?.profileImageUrl ? <img src={user.profileImageUrl} alt="" /> : <span aria-hidden="true">{initials(user?.firstName, user?.lastName)}</span>}
        <span className="visually-hidden">{t`Account menu for ${name}`}</span>
        {unread > 0 && <Dot aria-hidden="true" />}
      </AvatarButton>
      {open && (
        <Menu ref={menu} role="menu" aria-label={t`Account`} onKeyDown={onMenuKey}>
          <MenuHeader>
            <strong>{name}</strong>
            <span>{user?.email ?? (user?.phone ? formatPhone(user.phone) : '')}</span>
          </MenuHeader>
          {pages.map((page) => (
            <MenuLink key={page.to} role="menuitem" to={page.to} onClick={() => setOpen(false)}>
              <PageLabel page={page} iconSize={16} unread={unread} />
            </MenuLink>
          ))}
          <MenuButton role="menuitem" type="button" onClick={() => void signOut()}>
            <LogOutIcon size={16} /> {t`Sign Out`}
          </MenuButton>
        </Menu>
      )}
    </DropdownAnchor>
  );
}

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

const Menu = styled(DropdownPanel)`
  min-width: 220px;
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

const MenuLink = styled(Link)`
  ${menuItem}
`;

const MenuButton = styled.button`
  ${menuItem}
`;
