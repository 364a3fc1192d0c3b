import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';

/** The unread-message count beside Messages; nothing when there is none. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useLingui();
  if (count <= 0) return null;
  return (
    <CountBadge data-testid="unread-badge" aria-label={t`${count} unread`}>
      {count > 99 ? '99+' : count}
    </CountBadge>
  );
}

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
