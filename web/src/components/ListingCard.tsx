/**
 * A listing card: first photo (its thumbnail) or a placeholder icon, price, title, description, location,
 * and when it was posted (an event: the event's day).
 * A thumbnail that fails to load (a dropped cellular connection, a photo gone from storage) gives way to the
 * placeholder too, not the browser's broken-image frame.
 */
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Listing } from '@vnmarket/proto/listings';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import { Link } from '../lib/router';
import styled from 'styled-components';
import { CATEGORY_INFO } from '../lib/categories';
import { calendarDayOf, formatPrice, formatShortCalendarDay, formatTime, isBeforeToday } from '../lib/format';
import { CalendarIcon } from './FirstPageIcons';
import { ClockIcon, ImageIcon, PinIcon } from './Icons';
import { coverImage } from './layout';
import { Badge, Grid, Skeleton } from './ui';

/**
 * How many cards at the top of a results grid load their photo at once, ahead of other images (fetchpriority
 * high): the first row at the widest layout (three columns). On a phone the first of them is the page's
 * largest paint, which a lazy image delays, and the browser cannot know it is before the grid's layout.
 */
const EAGER_CARDS = 3;

/**
 * `position`: the card's place in a results grid at the top of its page (0 first); without it (a grid
 * further down, like the landing page's featured listings) the photo loads lazily.
 */
export function ListingCard({ listing, to, position }: { listing: Listing; to?: string; position?: number }) {
  const eager = position !== undefined && position < EAGER_CARDS;
  const image = listing.images[0];
  const [failedImage, setFailedImage] = useState<string>();
  // The price and time are in the active language: the card renders again when it changes.
  const { i18n, t } = useLingui();
  // An event's card tells when it is, in place of when it was posted.
  const eventDay = listing.category === 'event' ? calendarDayOf(listing.metadata?.eventDate) : undefined;
  return (
    <CardLink to={to ?? `/listing/${listing.id}`} data-testid="listing-card">
      <Media>
        {image && failedImage !== image ? (
          <img
            src={thumbnailPathOf(image)}
            alt=""
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            onError={() => setFailedImage(image)}
          />
        ) : (
          <Placeholder data-testid="image-placeholder" aria-hidden="true">
            <ImageIcon size={40} />
          </Placeholder>
        )}
        <CategoryTag $tone="neutral">{i18n._(CATEGORY_INFO[listing.category].short)}</CategoryTag>
      </Media>
      <Body>
        <Price>{formatPrice(listing.price, listing.priceType)}</Price>
        <Title>{listing.title}</Title>
        <Description>{listing.description}</Description>
        <Meta>
          <span>
            <PinIcon size={14} /> {listing.location}
          </span>
          {eventDay ? (
            <span data-testid="event-day">
              <CalendarIcon size={14} /> <span className="visually-hidden">{t`Event Date`}</span>
              {formatShortCalendarDay(eventDay)}
              {isBeforeToday(eventDay) && <span>· {t`Past event`}</span>}
            </span>
          ) : (
            <span>
              <ClockIcon size={14} /> {formatTime(listing.createdAt)}
            </span>
          )}
        </Meta>
      </Body>
    </CardLink>
  );
}

/** The loading state of a grid: `count` skeleton cards. */
export function SkeletonGrid({ count }: { count: number }) {
  const { t } = useLingui();
  return (
    <Grid aria-label={t`Loading listings`}>
      {Array.from({ length: count }, (_, index) => (
        <ListingCardSkeleton key={index} />
      ))}
    </Grid>
  );
}

export function ListingCardSkeleton() {
  return (
    <SkeletonCard data-testid="listing-skeleton" aria-hidden="true">
      <Skeleton $height="190px" $radius="0" />
      <Body>
        <Skeleton $height="22px" $width="40%" />
        <Skeleton $height="18px" $width="85%" />
        <Skeleton $height="14px" />
        <Skeleton $height="14px" $width="60%" />
      </Body>
    </SkeletonCard>
  );
}

const CardLink = styled(Link)`
  display: flex;
  flex-direction: column;
  min-width: 0;
  overflow: hidden;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  box-shadow: var(--shadow);
  color: inherit;
  text-decoration: none;
  transition:
    box-shadow 150ms,
    transform 150ms;
  &:hover {
    box-shadow: var(--shadow-lg);
    transform: translateY(-2px);
  }
  &:focus-visible {
    outline: 2px solid transparent;
    box-shadow: var(--focus), var(--shadow-lg);
  }
`;

const SkeletonCard = styled.div`
  display: flex;
  flex-direction: column;
  overflow: hidden;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
`;

const Media = styled.div`
  position: relative;
  flex: none;
  height: 200px;
  width: 100%;
  overflow: hidden;
  background: var(--subtle);
  ${coverImage}
`;

const Placeholder = styled.div`
  display: grid;
  place-items: center;
  width: 100%;
  height: 100%;
  color: #b8b0aa;
  background: linear-gradient(135deg, #f3efec, #ebe5e0);
`;

const CategoryTag = styled(Badge)`
  position: absolute;
  top: 10px;
  left: 10px;
  background: rgb(255 255 255 / 92%);
  color: var(--text);
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 6px;
  padding: 14px 16px 16px;
  min-width: 0;
`;

const Price = styled.div`
  font-size: 1.15rem;
  font-weight: 700;
  color: var(--primary);
`;

const Title = styled.h3`
  font-size: 1rem;
  font-weight: 600;
  line-height: 1.35;
  overflow: hidden;
  text-overflow: ellipsis;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
`;

const Description = styled.p`
  font-size: 0.88rem;
  color: var(--muted);
  overflow: hidden;
  display: -webkit-box;
  -webkit-line-clamp: 2;
  -webkit-box-orient: vertical;
  overflow-wrap: anywhere;
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: 4px 12px;
  margin-top: auto;
  padding-top: 4px;
  font-size: 0.8rem;
  color: var(--muted);
  span {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-width: 0;
  }
`;
