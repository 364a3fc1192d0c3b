/**
 * The profile's My Listings tab: each own listing with its image, title, price ("/month", "/hour"),
 * views, saves, posted date and Active/Inactive badge, and View, Edit, Delete. Delete asks the browser's
 * confirm "Are you sure you want to delete this listing?" first.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Listing } from '@vnmarket/proto/listings';
import { thumbnailPathOf } from '@vnmarket/proto/media-values';
import styled from 'styled-components';
import { ImageIcon } from '../../components/Icons';
import { ListingCounts } from '../../components/ListingCounts';
import { ModerationBadge } from '../../components/ModerationNotice';
import { Badge, Button, ButtonLink, Card, CenteredMessage, LoadFailed, Skeleton } from '../../components/ui';
import { media } from '../../lib/breakpoints';
import { formatPrice } from '../../lib/format';
import { useDeleteListing } from '../../lib/hooks';
import { formatDay } from '../../lib/users';

export const DELETE_CONFIRM = msg`Are you sure you want to delete this listing?`;

export function MyListings({ listings, error }: { listings: Listing[] | undefined; error: unknown }) {
  const deleteListing = useDeleteListing();
  const { t, i18n } = useLingui();
  const remove = async (listing: Listing) => {
    if (!window.confirm(i18n._(DELETE_CONFIRM))) return;
    await deleteListing(listing.id);
  };

  if (error) return <LoadFailed title={t`Failed to load listings`} />;
  if (!listings) {
    return (
      <List aria-hidden="true">
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} $height="112px" $radius="12px" />
        ))}
      </List>
    );
  }
  if (listings.length === 0) {
    return (
      <CenteredMessage>
        <h2>{t`No listings yet`}</h2>
        <p>{t`Post something for the community to find.`}</p>
        <ButtonLink to="/create-listing">{t`Create Your First Listing`}</ButtonLink>
      </CenteredMessage>
    );
  }
  return (
    <>
      {/* The tab names the section; the heading keeps the outline in order for screen readers (h1 → h2 → h3). */}
      <h2 className="visually-hidden">{t`My Listings`}</h2>
      <List>
        {listings.map((listing) => {
          const image = listing.images[0];
          const title = listing.title;
          const posted = formatDay(listing.createdAt);
          return (
            <Item key={listing.id} as="li" data-testid="profile-listing">
              {image ? (
                <Thumb src={thumbnailPathOf(image)} alt="" loading="lazy" />
              ) : (
                <Thumb as="div" aria-hidden="true">
                  <ImageIcon size={28} />
                </Thumb>
              )}
              <Details>
                <TitleRow>
                  <h3>{listing.title}</h3>
                  {listing.moderationStatus ? (
                    <ModerationBadge status={listing.moderationStatus} />
                  ) : (
                    <Badge $tone={listing.isActive ? 'success' : 'neutral'}>{listing.isActive ? t`Active` : t`Inactive`}</Badge>
                  )}
                </TitleRow>
                <Price>{formatPrice(listing.price, listing.priceType)}</Price>
                <Meta>
                  <ListingCounts listing={listing} />
                  <span>
                    <Trans>
                      Posted <time dateTime={listing.createdAt}>{posted}</time>
                    </Trans>
                  </span>
                </Meta>
              </Details>
              <Actions>
                <ButtonLink to={`/listing/${listing.id}`} variant="outline" aria-label={t`View ${title}`}>
                  {t`View`}
                </ButtonLink>
                <ButtonLink to={`/listing/${listing.id}/edit`} variant="outline" aria-label={t`Edit ${title}`}>
                  {t`Edit`}
                </ButtonLink>
                <Button variant="danger" onClick={() => void remove(listing)} aria-label={t`Delete ${title}`}>
                  {t`Delete`}
                </Button>
              </Actions>
            </Item>
          );
        })}
      </List>
    </>
  );
}

const List = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled(Card)`
  display: grid;
  grid-template-columns: 96px minmax(0, 1fr) auto;
  gap: 14px;
  align-items: center;
  padding: 12px;
  ${media.belowTablet} {
    grid-template-columns: 72px minmax(0, 1fr);
  }
`;

const Thumb = styled.img`
  display: grid;
  place-items: center;
  width: 96px;
  height: 96px;
  border-radius: 8px;
  object-fit: cover;
  background: var(--subtle);
  color: #a8a29e;
  ${media.belowTablet} {
    width: 72px;
    height: 72px;
  }
`;

const Details = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
  min-width: 0;
`;

const TitleRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 6px 10px;
  h3 {
    font-size: 1.05rem;
    font-weight: 650;
    overflow-wrap: anywhere;
  }
`;

const Price = styled.p`
  font-weight: 700;
  color: var(--primary);
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.88rem;
  color: var(--muted);
  span {
    display: inline-flex;
    align-items: center;
    gap: 5px;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  > * {
    min-height: 44px;
  }
  ${media.belowTablet} {
    grid-column: 1 / -1;
    > * {
      flex: 1 1 0;
    }
  }
`;
