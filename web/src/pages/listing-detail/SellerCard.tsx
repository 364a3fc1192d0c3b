import { useLingui } from '@lingui/react/macro';
import type { Seller } from '@vnmarket/proto/listings';
import { Link } from '../../lib/router';
import styled from 'styled-components';
import { ShieldIcon } from '../../components/Icons';
import { formatRating, Stars } from '../../components/Stars';
import { Avatar, Badge, ButtonLink, Card } from '../../components/ui';
import { initials, plural } from '../../lib/format';
import { profilePath, ratingOf, REVIEWS_ANCHOR } from '../../lib/users';
import { SellerFacts } from './SellerFacts';

/** The seller: photo and name (both to their profile), verified badge, rating, what was checked (SellerFacts), and links to the profile and its reviews. */
export function SellerCard({ seller, isOwner, order }: { seller: Seller; isOwner: boolean; order: number }) {
  const { t } = useLingui();
  return (
    <SellerSection aria-labelledby="seller-name" $order={order}>
      <SellerHead>
        {/* The avatar repeats the name's link for pointers only: one stop for the keyboard and screen readers. */}
        <SellerAvatarLink to={profilePath(seller.id)} tabIndex={-1} aria-hidden="true">
          <Avatar $size={52}>{seller.profileImageUrl ? <img src={seller.profileImageUrl} alt="" /> : initials(seller.firstName, seller.lastName)}</Avatar>
        </SellerAvatarLink>
        <div>
          <h2 id="seller-name">
            <SellerProfileLink to={profilePath(seller.id)} data-testid="seller-profile-link">
              {`${seller.firstName} ${seller.lastName}`}
            </SellerProfileLink>
          </h2>
          {seller.isVerified && (
            <Badge $tone="success">
              <ShieldIcon size={13} /> {t`Verified`}
            </Badge>
          )}
        </div>
      </SellerHead>
      <RatingRow>
        <Stars rating={ratingOf(seller.averageRating)} />
        <span data-testid="seller-rating">
          {formatRating(ratingOf(seller.averageRating))} ({plural(seller.reviewCount, 'review')})
        </span>
      </RatingRow>
      <SellerFacts seller={seller} />
      <SellerLinks>
        <ButtonLink to={profilePath(seller.id)} variant="outline">
          {t`View Profile`}
        </ButtonLink>
        <ButtonLink to={`${profilePath(seller.id)}#${REVIEWS_ANCHOR}`} variant="outline" data-testid="seller-reviews-link">
          {isOwner ? t`Reviews` : t`Write a review`}
        </ButtonLink>
      </SellerLinks>
    </SellerSection>
  );
}

const SellerSection = styled(Card).attrs({ as: 'section' })<{ $order: number }>`
  order: ${({ $order }) => $order};
  padding: 20px;
  h2 {
    font-size: 1.05rem;
    font-weight: 700;
    margin-bottom: 4px;
  }
`;

const SellerAvatarLink = styled(Link)`
  text-decoration: none;
`;

const SellerProfileLink = styled(Link)`
  color: inherit;
  text-decoration: none;
  overflow-wrap: anywhere;
  &:hover {
    color: var(--primary);
    text-decoration: underline;
  }
`;

/* Side by side where both fit, one above the other on a narrow phone or with large text. */
const SellerLinks = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 150px), 1fr));
  gap: 10px;
  margin-top: 14px;
  > * {
    min-height: 44px;
  }
`;

const SellerHead = styled.div`
  display: flex;
  align-items: center;
  gap: 14px;
  margin-bottom: 12px;
`;

const RatingRow = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
  margin-bottom: 6px;
  font-size: 0.9rem;
`;
