import { useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PinIcon } from '../../components/Icons';
import { Stack } from '../../components/layout';
import { CountsRow, ListingCounts } from '../../components/ListingCounts';
import { Badge, Card } from '../../components/ui';
import { CATEGORY_INFO } from '../../lib/catalog';
import { formatPrice, formatTime } from '../../lib/format';
import { conditionLabel } from './detailRows';

/** The card beside the photos: category, title, place, price, condition, counts and posting time, then `actions`. */
export function ListingSummary({ listing, order, actions }: { listing: Listing; order: number; actions: ReactNode }) {
  const { t, i18n } = useLingui();
  const posted = formatTime(listing.createdAt);
  return (
    <Summary $order={order}>
      <Badge $tone="primary">{i18n._(CATEGORY_INFO[listing.category].label)}</Badge>
      <Title>{listing.title}</Title>
      <Location>
        <PinIcon size={16} /> {listing.location}
      </Location>
      <Price data-testid="listing-price">{formatPrice(listing.price, listing.priceType)}</Price>
      {listing.condition && <Badge>{conditionLabel(listing.condition)}</Badge>}
      <CountsRow>
        <ListingCounts listing={listing} />
        <span>{t`Posted ${posted}`}</span>
      </CountsRow>
      <Controls $gap={10}>{actions}</Controls>
    </Summary>
  );
}

const Summary = styled(Card)<{ $order: number }>`
  order: ${({ $order }) => $order};
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 10px;
  padding: 20px;
`;

const Title = styled.h1`
  font-size: 1.5rem;
  line-height: 1.25;
  font-weight: 750;
  overflow-wrap: anywhere;
`;

const Location = styled.p`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  color: var(--muted);
`;

const Price = styled.p`
  font-size: 1.7rem;
  font-weight: 800;
  color: var(--primary);
`;

const Controls = styled(Stack)`
  width: 100%;
  margin-top: 6px;
`;
