/**
 * The bell in a member's header: the unread count (live over /ws), and on a tap the newest notifications,
 * each opening its screen. The ones shown are marked read as the list opens; they keep their "new" look
 * until it closes (the list is fetched again then). Escape or a tap outside closes it and focus returns to the bell.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { media } from '../../lib/breakpoints';
import { formatTime } from '../../lib/format';
import { markNotificationsRead, refreshNotifications, useNotificationCount, useNotifications } from '../../lib/notifications';
import { Link } from '../../lib/router';
import { BellIcon } from '../Icons';
import { useNotificationText } from '../notifications/NotificationText';
import { PlainList } from '../ui';
import { DropdownAnchor, DropdownPanel, useCloseOnOutsidePress } from './dropdown';
import { IconButton } from './styles';

export function NotificationBell() {
  const count = useNotificationCount(true);
  const [open, setOpen] = useState(false);
  const { data, error } = useNotifications(open);
  // Whether this opening has marked its list read (once per opening).
  const marked = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const text = useNotificationText();
  const { t } = useLingui();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    // The list as the server has it now (read), for the next opening.
    marked.current = false;
    void refreshNotifications();
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  useCloseOnOutsidePress(open, wrapper, () => close(false));

  // Seen: the unread ones shown are marked read once the list has loaded.
  useEffect(() => {
    if (!open || !data || marked.current) return;
    marked.current = true;
    const unread = data.notifications.filter((notification) => !notification.isRead).map((notification) => notification.id);
    void markNotificationsRead(unread).catch(() => undefined);
  }, [open, data]);

  return (
    <DropdownAnchor ref={wrapper}>
      <IconButton
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        data-testid="notification-bell"
        onClick={() => (open ? close(false) : setOpen(true))}
      >
        <BellIcon size={20} />
        <span className="visually-hidden">{count > 0 ? t`Notifications, ${count} unread` : t`Notifications`}</span>
        {count > 0 && (
          <Count aria-hidden="true" data-testid="notification-count">
            {count > 99 ? '99+' : count}
          </Count>
        )}
      </IconButton>
      {open && (
        <Panel
          ref={panel}
          id={panelId}
          role="region"
          aria-label={t`Notifications`}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close(true);
          }}
        >
          <PanelHead>{t`Notifications`}</PanelHead>
          {error ? (
            <Note role="alert">{t`Failed to load notifications`}</Note>
          ) : !data ? (
            <Note>{t`Loading…`}</Note>
          ) : data.notifications.length === 0 ? (
            <Note>{t`Nothing new yet. We will tell you here when something happens.`}</Note>
          ) : (
            <PlainList>
              {data.notifications.map((notification) => {
                const { title, detail } = text(notification);
                const fresh = !notification.isRead;
                return (
                  <li key={notification.id}>
                    <Item to={notification.link} $fresh={fresh} data-testid="notification" onClick={() => close(false)}>
                      {fresh && <span className="visually-hidden">{t`New:`} </span>}
                      <strong>{title}</strong>
                      <span>{detail}</span>
                      <time dateTime={notification.createdAt}>{formatTime(notification.createdAt)}</time>
                    </Item>
                  </li>
                );
              })}
            </PlainList>
          )}
        </Panel>
      )}
    </DropdownAnchor>
  );
}

const Count = styled.span`
  position: absolute;
  top: -6px;
  right: -6px;
  display: inline-grid;
  place-items: center;
  min-width: 20px;
  height: 20px;
  padding: 0 5px;
  border-radius: 999px;
  border: 2px solid #fff;
  background: var(--primary);
  color: #fff;
  font-size: 0.7rem;
  font-weight: 700;
`;

/* A dropdown under the bell from a tablet up; a sheet under the header on a phone. */
const Panel = styled(DropdownPanel)`
  max-height: min(70vh, 520px);
  overflow-y: auto;
  ${media.tablet} {
    width: 380px;
  }
  ${media.belowTablet} {
    position: fixed;
    left: 8px;
    right: 8px;
    top: calc(var(--header-height) + 4px);
  }
`;

const PanelHead = styled.h2`
  margin: 0;
  padding: 8px 10px;
  font-size: 1rem;
`;

const Note = styled.p`
  margin: 0;
  padding: 12px 10px;
  color: var(--muted);
  font-size: 0.9rem;
`;

const Item = styled(Link)<{ $fresh: boolean }>`
  display: grid;
  gap: 2px;
  padding: 10px;
  border-radius: 8px;
  color: var(--text);
  text-decoration: none;
  background: ${({ $fresh }) => ($fresh ? 'var(--primary-soft)' : 'transparent')};
  strong {
    font-size: 0.9rem;
  }
  span {
    font-size: 0.85rem;
    color: var(--text);
    overflow-wrap: anywhere;
  }
  time {
    font-size: 0.75rem;
    color: var(--muted);
  }
  &:hover {
    background: var(--subtle);
  }
`;
