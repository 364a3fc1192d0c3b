/**
 * Settings › Saved searches: each search the member saved, newest first, with what it looks for, a link to
 * its page and Delete. A new listing that matches one is announced (notifications). None: says how to save one.
 */
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Category } from '@vnmarket/proto/listing-values';
import type { SavedSearch } from '@vnmarket/proto/saved-searches';
import styled from 'styled-components';
import { Button } from '../../../components/ui';
import { CATEGORY_INFO } from '../../../lib/categories';
import { Link } from '../../../lib/router';
import { deleteSavedSearch, savedSearchAddress, useSavedSearches } from '../../../lib/saved-searches';
import { serverText } from '../../../lib/server-messages';
import { usePendingWrite } from '../../../lib/use-pending-write';
import { SectionHead } from './SectionHead';
import { Row, SectionList } from './SectionList';

/** The filters the summary line names itself; the others are counted. */
const SUMMARISED = new Set(['category', 'search', 'near', 'radius', 'location', 'minPrice', 'maxPrice', 'sort']);

export function SavedSearchesSection() {
  const { t } = useLingui();
  const { data: searches, error } = useSavedSearches(true);
  return (
    <section aria-labelledby="settings-saved-searches" data-testid="saved-searches">
      <SectionHead
        id="settings-saved-searches"
        title={t`Saved searches`}
        description={t`We let you know when someone posts a listing that matches one of them.`}
      />
      <SectionList
        items={searches}
        error={error}
        failedText={t`Failed to load your saved searches`}
        emptyText={t`You have no saved searches. Use “Save this search” on the home page or a category page.`}
        row={(search) => <SavedSearchRow key={search.id} search={search} />}
      />
    </section>
  );
}

function SavedSearchRow({ search }: { search: SavedSearch }) {
  const { t } = useLingui();
  const [remove, deleting] = usePendingWrite(
    () => deleteSavedSearch(search.id),
    (error) => ({ title: t`Could not delete this search`, description: serverText(error) ?? t`Something went wrong. Please try again.` }),
  );
  return (
    <SearchRow data-testid="saved-search">
      <div>
        <Link to={savedSearchAddress(search)}>{search.name}</Link>
        <Summary>{useSummary(search.filters)}</Summary>
      </div>
      <Button variant="outline" size="sm" onClick={() => void remove()} disabled={deleting} aria-label={t`Delete saved search ${search.name}`}>
        {t`Delete`}
      </Button>
    </SearchRow>
  );
}

/** "Food · “phở” · within 10 miles of San Jose · $0–$20 · 2 more filters". */
function useSummary(filters: SavedSearch['filters']): string {
  const { t, i18n } = useLingui();
  const category = filters.category as Category | undefined;
  const { search, near, location, minPrice, maxPrice } = filters;
  const radius = filters.radius;
  const others = Object.keys(filters).filter((name) => !SUMMARISED.has(name)).length;
  const parts = [
    category && CATEGORY_INFO[category] ? i18n._(CATEGORY_INFO[category].label) : t`All categories`,
    search ? `“${search}”` : '',
    near ? (radius ? t`within ${radius} miles of ${near}` : t`near ${near}`) : '',
    location ? String(location) : '',
    minPrice !== undefined && maxPrice !== undefined
      ? `$${minPrice}–$${maxPrice}`
      : maxPrice !== undefined
        ? t`up to $${maxPrice}`
        : minPrice !== undefined
          ? t`from $${minPrice}`
          : '',
    others > 0 ? t`${plural(others, { one: '# more filter', other: '# more filters' })}` : '',
  ];
  return parts.filter(Boolean).join(' · ');
}

const SearchRow = styled(Row)`
  > div {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  a {
    font-weight: 600;
  }
`;

const Summary = styled.p`
  margin: 2px 0 0;
  color: var(--muted);
  font-size: 0.9rem;
`;
