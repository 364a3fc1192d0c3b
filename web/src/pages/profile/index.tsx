/**
 * Profile (/profile): a loading skeleton while auth loads, nothing for a visitor (the
 * Unauthorized toast and the sign-in redirect); the head with Edit Profile and Share Profile; four stat
 * tiles (active listings, total listings, total views, average rating); tabs My Listings, Reviews and
 * Settings (./settings: language, blocked members; #settings opens it).
 */
import { useLingui } from '@lingui/react/macro';
import type { User } from '@vnmarket/proto/auth';
import { useState } from 'react';
import { useLocation } from '../../lib/router';
import styled from 'styled-components';
import { EditProfileDialog } from '../../components/EditProfileDialog';
import { MyListings } from '../../components/MyListings';
import { ProfileHeader } from '../../components/ProfileHeader';
import { ReviewList } from '../../components/ReviewList';
import { formatRating } from '../../components/Stars';
import { Stat, Stats } from '../../components/StatTiles';
import { Tabs } from '../../components/Tabs';
import { Button, Card, Page, Skeleton } from '../../components/ui';
import { formatNumber } from '../../lib/i18n';
import { useRequireAuth } from '../../lib/hooks';
import { useOwnListings } from '../../lib/listings';
import { useReviews } from '../../lib/reviews';
import { useToast } from '../../lib/toast';
import { fullName, profilePath, ratingOf, REVIEWS_ANCHOR } from '../../lib/users';
import { Settings } from './settings';

type TabId = 'listings' | 'reviews' | 'settings';

export default function Profile() {
  const { user, isLoading, isAuthenticated } = useRequireAuth();
  if (isLoading) return <ProfileSkeleton />;
  if (!isAuthenticated || !user) return null;
  return <OwnProfile user={user} />;
}

function OwnProfile({ user }: { user: User }) {
  const { hash } = useLocation();
  const [tab, setTab] = useState<TabId>(hash === `#${REVIEWS_ANCHOR}` ? 'reviews' : hash === '#settings' ? 'settings' : 'listings');
  const [editing, setEditing] = useState(false);
  const { data: listings, error: listingsError } = useOwnListings(true);
  const { data: reviews, error: reviewsError } = useReviews(user.id);
  const share = useShareProfile(user);
  const { t } = useLingui();
  const reviewCount = user.reviewCount;

  const active = listings?.filter((listing) => listing.isActive).length;
  const views = listings?.reduce((sum, listing) => sum + listing.viewCount, 0);

  return (
    <Page>
      <ProfileHeader
        profile={user}
        phone={user.phone}
        actions={
          <>
            <Button onClick={() => setEditing(true)}>{t`Edit Profile`}</Button>
            <Button variant="outline" onClick={() => void share()}>
              {t`Share Profile`}
            </Button>
          </>
        }
      />

      <Stats aria-label={t`Your numbers`}>
        <Stat label={t`Active Listings`} value={active === undefined ? undefined : formatNumber(active)} />
        <Stat label={t`Total Listings`} value={listings === undefined ? undefined : formatNumber(listings.length)} />
        <Stat label={t`Total Views`} value={views === undefined ? undefined : formatNumber(views)} />
        <Stat label={t`Average Rating`} value={formatRating(ratingOf(user.averageRating))} />
      </Stats>

      <Tabs<TabId>
        label={t`Profile sections`}
        selected={tab}
        onSelect={setTab}
        tabs={[
          { id: 'listings', label: t`My Listings`, content: <MyListings listings={listings} error={listingsError} /> },
          {
            id: 'reviews',
            label: t`Reviews (${reviewCount})`,
            content: <ReviewList reviews={reviews} error={reviewsError} total={user.reviewCount} headingLevel={2} answerable />,
          },
          {
            id: 'settings',
            label: t`Settings`,
            content: <Settings />,
          },
        ]}
      />

      <EditProfileDialog open={editing} onClose={() => setEditing(false)} user={user} />
    </Page>
  );
}

/** Share Profile: the system share sheet where there is one, else the public profile link copied and shown in a toast. */
function useShareProfile(user: User) {
  const toast = useToast();
  const { t } = useLingui();
  return async () => {
    const url = new URL(profilePath(user.id), window.location.origin).href;
    const name = fullName(user);
    const title = t`${name} on Chợ Việt`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t`Profile link copied`, description: url });
    } catch {
      toast({ title: t`Share Profile`, description: t`Copy your profile link: ${url}` });
    }
  };
}

/** While auth loads: the head, the tiles and a few rows, as shapes. */
function ProfileSkeleton() {
  return (
    <Page aria-busy="true" data-testid="profile-skeleton">
      <SkeletonHead aria-hidden="true">
        <Skeleton $height="104px" $width="104px" $radius="50%" />
        <div>
          <Skeleton $height="28px" $width="50%" />
          <Skeleton $height="18px" $width="35%" />
          <Skeleton $height="16px" $width="80%" />
        </div>
      </SkeletonHead>
      <Stats aria-hidden="true">
        {[1, 2, 3, 4].map((tile) => (
          <Skeleton key={tile} $height="84px" $radius="12px" />
        ))}
      </Stats>
      <SkeletonRows aria-hidden="true">
        {[1, 2, 3].map((row) => (
          <Skeleton key={row} $height="112px" $radius="12px" />
        ))}
      </SkeletonRows>
    </Page>
  );
}

const SkeletonHead = styled(Card)`
  display: flex;
  gap: 20px;
  align-items: center;
  padding: 24px;
  > div {
    flex: 1;
    display: flex;
    flex-direction: column;
    gap: 10px;
  }
`;

const SkeletonRows = styled.div`
  display: grid;
  gap: 12px;
`;
