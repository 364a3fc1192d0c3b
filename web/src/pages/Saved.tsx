/** Saved listings (/saved), members only: the count, the saved listings as cards, or how to save one. */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { ListingCard, SkeletonGrid } from '../components/ListingCard';
import { ButtonLink, CenteredMessage, Grid, LoadFailed, Page, PageHead, PageTitle } from '../components/ui';
import { useRequireAuth } from '../lib/hooks';
import { useSaved } from '../lib/saved';

export default function Saved() {
  const { isAuthenticated, memberDataEnabled } = useRequireAuth();
  const { data, error, isLoading } = useSaved(memberDataEnabled);
  const loading = !isAuthenticated || isLoading;
  const { t } = useLingui();
  const count = data?.length ?? 0;
  return (
    <Page>
      <PageHead>
        <PageTitle>{t`Saved Listings`}</PageTitle>
        {data && <Count data-testid="saved-count">{t`${plural(count, { one: '# saved listing', other: '# saved listings' })}`}</Count>}
      </PageHead>
      {loading ? (
        <SkeletonGrid count={8} />
      ) : error ? (
        <LoadFailed title={t`Failed to load saved listings`} />
      ) : !data || data.length === 0 ? (
        <CenteredMessage>
          <h2>{t`No saved listings yet`}</h2>
          <p>{t`Tap the heart on a listing to keep it here.`}</p>
          <ButtonLink to="/">{t`Browse Listings`}</ButtonLink>
        </CenteredMessage>
      ) : (
        <Grid data-testid="saved-grid">
          {data.map((item, index) => (
            <ListingCard key={item.id} listing={item.listing} position={index} />
          ))}
        </Grid>
      )}
    </Page>
  );
}

/** The grid's heading (its cards' titles are h3): the count, read as text beside the page title. */
const Count = styled.h2`
  margin: 0;
  font-size: 1rem;
  font-weight: 400;
  color: var(--muted);
`;
