/** A browse result as a grid of listing cards, with "Showing 24 of 137" and "Load more" under it. */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatTotal, type ListingPages } from '../lib/browse';
import { ListingCard } from './ListingCard';
import { Button, Grid, Muted } from './ui';

/** The loaded listings as cards (at the top of their page: the first rows load their photos eagerly), then LoadMore. */
export function ListingGrid({ results }: { results: ListingPages }) {
  return (
    <>
      <Grid data-testid="listing-grid">
        {results.listings.map((listing, index) => (
          <ListingCard key={listing.id} listing={listing} position={index} />
        ))}
      </Grid>
      <LoadMore results={results} />
    </>
  );
}

/**
 * "Showing 24 of 137" and "Load more" until the count is reached. While a page loads the button stays
 * focusable (aria-disabled, not disabled), so keyboard focus is not lost.
 */
function LoadMore({ results }: { results: ListingPages }) {
  const { listings, total, hasMore, loadingMore, loadMoreFailed, loadMore } = results;
  const { t } = useLingui();
  const shown = listings.length;
  const all = total ? formatTotal(total) : '';
  return (
    <MoreBox>
      {total && <Muted data-testid="showing-count">{t`Showing ${shown} of ${all}`}</Muted>}
      {loadMoreFailed && <p role="alert">{t`Failed to load more listings`}</p>}
      {hasMore && (
        <Button variant="outline" onClick={loadMore} aria-disabled={loadingMore}>
          {loadingMore ? t`Loading...` : t`Load more`}
        </Button>
      )}
    </MoreBox>
  );
}

const MoreBox = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  margin-top: 28px;
  button {
    min-width: 200px;
    min-height: 44px;
  }
`;
