/** The pages the user menu and the drawer link to, and how a link to one reads. */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactElement } from 'react';
import { BookmarkIcon, ChatIcon, GridIcon, PlusIcon, ShieldIcon, UserIcon, type IconProps } from '../Icons';
import { UnreadBadge } from './UnreadBadge';

interface Page {
  to: string;
  Icon: (props: IconProps) => ReactElement;
  label: MessageDescriptor;
}

/** Each menu lists the ones it shows, in its own order. */
export const MENU_PAGES = {
  browse: { to: '/', Icon: GridIcon, label: msg`Browse` },
  messages: { to: '/messages', Icon: ChatIcon, label: msg`Messages` },
  createListing: { to: '/create-listing', Icon: PlusIcon, label: msg`Create Listing` },
  profile: { to: '/profile', Icon: UserIcon, label: msg`Profile` },
  myListings: { to: '/dashboard', Icon: GridIcon, label: msg`My Listings` },
  saved: { to: '/saved', Icon: BookmarkIcon, label: msg`Saved` },
  moderation: { to: '/moderation', Icon: ShieldIcon, label: msg`Moderation` },
} satisfies Record<string, Page>;

/** A link's content: the page's icon and name, and on Messages the unread badge. */
export function PageLabel({ page, iconSize, unread }: { page: Page; iconSize: number; unread: number }) {
  const { i18n } = useLingui();
  return (
    <>
      <page.Icon size={iconSize} /> {i18n._(page.label)}
      {page === MENU_PAGES.messages && (
        <>
          {' '}
          <UnreadBadge count={unread} />
        </>
      )}
    </>
  );
}
