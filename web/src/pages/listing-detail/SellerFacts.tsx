/**
 * What was checked of a seller, on their card: the phone verified (and the month), the year they joined,
 * how many listings they posted, and how soon they typically reply (messaging's figure, asked for apart:
 * the card shows the rest without waiting for it).
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Seller } from '@vnmarket/proto/listings';
import styled from 'styled-components';
import { CalendarIcon, ChatIcon, GridIcon, PhoneIcon } from '../../components/Icons';
import { formatDuration, formatMonthYear } from '../../lib/format';
import { useReplyTime } from '../../lib/members';
import { memberSinceYear } from '../../lib/users';

export function SellerFacts({ seller }: { seller: Seller }) {
  const { t } = useLingui();
  const { data: replyTime, error: replyTimeError } = useReplyTime(seller.id);
  const since = memberSinceYear(seller.createdAt);
  const verifiedIn = seller.phoneVerifiedAt ? formatMonthYear(seller.phoneVerifiedAt) : undefined;
  const listingCount = seller.listingCount;
  const typical = replyTime && replyTime.typicalReplyMinutes !== null ? formatDuration(replyTime.typicalReplyMinutes) : undefined;
  return (
    <Facts aria-label={t`What we checked`} data-testid="seller-facts">
      <li data-verified={seller.isVerified || undefined}>
        <PhoneIcon size={16} />
        {verifiedIn ? t`Phone verified in ${verifiedIn}` : seller.isVerified ? t`Phone verified` : t`Phone not verified`}
      </li>
      {since !== undefined && (
        <li>
          <CalendarIcon size={16} /> {t`Member since ${since}`}
        </li>
      )}
      {listingCount !== undefined && (
        <li>
          <GridIcon size={16} /> {t`${plural(listingCount, { one: '# listing posted', other: '# listings posted' })}`}
        </li>
      )}
      {!replyTimeError && (
        <li aria-busy={replyTime ? undefined : true}>
          <ChatIcon size={16} />
          {replyTime ? typical ? t`Usually replies within ${typical}` : t`Reply time: not enough messages yet` : <Pending aria-hidden="true" />}
        </li>
      )}
    </Facts>
  );
}

const Facts = styled.ul`
  display: flex;
  flex-direction: column;
  gap: 6px;
  margin: 10px 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.9rem;
  color: var(--muted);
  li {
    display: flex;
    align-items: center;
    gap: 8px;
    overflow-wrap: anywhere;
  }
  svg {
    flex: none;
  }
  li[data-verified] {
    color: var(--success, #166534);
    font-weight: 600;
  }
`;

const Pending = styled.span`
  display: inline-block;
  width: 9em;
  height: 0.9em;
  border-radius: 4px;
  background: var(--border);
`;
