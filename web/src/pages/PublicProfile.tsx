/**
 * A member's public profile (/users/{id}), reached from a listing's seller card: their head (no phone),
 * their active listings as cards (a page at a time, "Load more"), their reviews, and the review form for
 * those allowed to review (the reason otherwise). "Block" (with its confirmation), or "Unblock" for a member
 * already blocked. Signed-in only, like the other member screens; your own id goes to /profile; an unknown
 * id shows the not-found page.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { BlockMemberButton, UnblockMemberButton } from '../components/BlockMember';
import { Navigate, useLocation, useParams } from '../lib/router';
import styled from 'styled-components';
import { SkeletonGrid } from '../components/ListingCard';
import { ListingGrid } from '../components/ListingGrid';
import { ProfileHeader } from '../components/ProfileHeader';
import { ReviewForm } from '../components/ReviewForm';
import { ReviewList } from '../components/ReviewList';
import { CenteredMessage, LoadFailed, Page, Skeleton } from '../components/ui';
import { ApiError } from '../lib/api';
import { formatTotal, useListingPages } from '../lib/browse';
import { useRequireAuth } from '../lib/hooks';
import { useBlockedMembers, usePublicUser } from '../lib/members';
import { useReviews } from '../lib/reviews';
import { fullName, REVIEWS_ANCHOR } from '../lib/users';
import { useDocumentTitle } from '../lib/document-title';
import { formatNumber } from '../lib/i18n';
import NotFound from './NotFound';

export default function PublicProfile() {
  const { id = '' } = useParams();
  const { hash } = useLocation();
  const { user, isLoading, isAuthenticated } = useRequireAuth();
  const own = user?.id === id;
  const { data: profile, error } = usePublicUser(isAuthenticated && !own ? id : undefined);
  const { data: blockedMembers } = useBlockedMembers(isAuthenticated && !own);
  useDocumentTitle(profile ? fullName(profile) : undefined);
  const { t } = useLingui();

  if (isLoading) return <PageSkeleton />;
  if (!isAuthenticated || !user) return null;
  if (own) return <Navigate to={`/profile${hash}`} replace />;
  if (error)
    return error instanceof ApiError && (error.status === 404 || error.status === 400) ? <NotFound /> : <LoadFailed title={t`Failed to load profile`} />;
  if (!profile) return <PageSkeleton />;

  const name = fullName(profile);
  const blocked = blockedMembers?.some((member) => member.id === profile.id);
  return (
    <Page>
      <ProfileHeader profile={profile} />
      <Section aria-labelledby="public-listings">
        <SellerListings sellerId={profile.id} />
      </Section>
      <Reviews sellerId={profile.id} sellerName={name} reviewCount={profile.reviewCount} focus={hash === `#${REVIEWS_ANCHOR}`} />
      {/* At the end, not beside the name: a rare step, kept from accidental taps. */}
      {blockedMembers && (
        <BlockSection aria-labelledby="block-member-heading">
          <h2 id="block-member-heading">{blocked ? t`You blocked ${name}` : t`Is ${name} bothering you?`}</h2>
          <p>
            {blocked
              ? t`You cannot message each other. Unblock to bring your conversation back.`
              : t`Block them: you can no longer message each other, and they are not told.`}
          </p>
          {blocked ? <UnblockMemberButton memberId={profile.id} name={name} /> : <BlockMemberButton memberId={profile.id} name={name} />}
        </BlockSection>
      )}
    </Page>
  );
}

function SellerListings({ sellerId }: { sellerId: string }) {
  const results = useListingPages({ sellerId });
  const { t } = useLingui();
  const total = results.total ? formatTotal(results.total) : undefined;
  return (
    <>
      <h2 id="public-listings">{total ? t`Active Listings (${total})` : t`Active Listings`}</h2>
      {results.error ? (
        <LoadFailed title={t`Failed to load listings`} />
      ) : results.loading ? (
        <SkeletonGrid count={3} />
      ) : results.listings.length === 0 ? (
        <CenteredMessage>
          <h3>{t`No active listings`}</h3>
        </CenteredMessage>
      ) : (
        <ListingGrid results={results} />
      )}
    </>
  );
}

function Reviews({ sellerId, sellerName, reviewCount, focus }: { sellerId: string; sellerName: string; reviewCount: number; focus: boolean }) {
  const { data: reviews, error } = useReviews(sellerId);
  const heading = useRef<HTMLHeadingElement>(null);
  const { t } = useLingui();
  const count = formatNumber(reviewCount);
  // Arriving from a seller card's "Write a review": bring the reviews (and the form) into view.
  useEffect(() => {
    if (!focus) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [focus]);
  return (
    <Section id={REVIEWS_ANCHOR} aria-labelledby="public-reviews">
      <h2 id="public-reviews" ref={heading} tabIndex={-1}>
        {t`Reviews (${count})`}
      </h2>
      <ReviewBox>
        <ReviewForm sellerId={sellerId} sellerName={sellerName} />
        <ReviewList reviews={reviews} error={error} total={reviewCount} />
      </ReviewBox>
    </Section>
  );
}

function PageSkeleton() {
  return (
    <Page aria-busy="true">
      <Skeleton $height="180px" $radius="12px" />
      <Section>
        <Skeleton $height="28px" $width="200px" />
        <SkeletonGrid count={3} />
      </Section>
    </Page>
  );
}

const BlockSection = styled.section`
  margin-top: 32px;
  padding-top: 16px;
  border-top: 1px solid var(--border);
  display: grid;
  gap: 8px;
  justify-items: start;
  h2 {
    font-size: 1rem;
    font-weight: 700;
  }
  p {
    color: var(--muted);
    font-size: 0.92rem;
  }
`;

const Section = styled.section`
  margin-top: 32px;
  scroll-margin-top: calc(var(--header-height) + 16px);
  h2 {
    margin-bottom: 16px;
    font-size: 1.3rem;
    font-weight: 700;
    &:focus-visible {
      outline: 2px solid var(--primary);
      outline-offset: 4px;
      border-radius: 4px;
    }
    &:focus:not(:focus-visible) {
      outline: none;
    }
  }
`;

const ReviewBox = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;
