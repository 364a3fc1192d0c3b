/**
 * A category page (/category/{id}, members only; lib/catalog.ts's CATEGORY_PAGES says what each has): a hero with the category's title and
 * search, the page's filter sidebar ("Clear all" while any is set; a "Filters" toggle on phones), the
 * result count (X-Total-Count), the page's sort options, the grid with "Load more", a loading text, and
 * the category's empty state. Filters, search and sort live in the address (shareable, back works) and
 * are all sent to GET /api/listings: every sort option and checkbox really filters.
 */
import type { MessageDescriptor } from '@lingui/core';
import { plural, t as globalT } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CATEGORIES, type Category } from '@vnmarket/proto/listing-values';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useParams, useSearchParams } from '../lib/router';
import styled from 'styled-components';
import { CategoryIcon } from '../components/CategoryIcon';
import { CategoryFilterSidebar } from '../components/filters/CategoryFilterSidebar';
import { SearchIcon } from '../components/Icons';
import { ListingGrid } from '../components/ListingGrid';
import { SaveSearchButton } from '../components/SaveSearchButton';
import { SortSelect } from '../components/SortSelect';
import { Button, CenteredMessage, Container, HeroBand, HiddenLabel, Input, LoadFailed, Muted } from '../components/ui';
import { BrowseLayout, FilterPanel, FilterToggle, ResultCount, Results, ResultsHeading, Toolbar } from '../components/BrowseLayout';
import {
  categoryApiParams,
  categoryStateFromParams,
  countCategoryFilters,
  formatTotal,
  hasCategoryFilters,
  useListingPages,
  withParams,
  type ListingPages,
} from '../lib/browse';
import { CATEGORY_PAGES, sortOptionsFor } from '../lib/category-pages';
import { usePlaceList } from '../components/PlaceSuggestions';
import { useRequireAuth } from '../lib/hooks';
import { useDocumentTitle } from '../lib/document-title';
import NotFound from './NotFound';

export default function CategoryPage() {
  const { category } = useParams();
  if (!CATEGORIES.includes(category as Category)) return <NotFound />;
  // A new category is a new page: its own filters and a fresh first page.
  return <CategoryScreen key={category} category={category as Category} />;
}

function CategoryScreen({ category }: { category: Category }) {
  const { isAuthenticated, memberDataEnabled } = useRequireAuth();
  const page = CATEGORY_PAGES[category];
  const { t, i18n } = useLingui();
  const title = i18n._(page.title);
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const { filters, sort } = useMemo(() => categoryStateFromParams(category, params), [category, params]);
  const places = usePlaceList();
  const apiParams = useMemo(
    () => categoryApiParams(category, filters, sort, (location) => places?.findPlace(location)?.label),
    [category, filters, sort, places],
  );
  const sortOptions = sortOptionsFor(page, filters.search !== '');
  const results = useListingPages(memberDataEnabled ? apiParams : null);
  const waiting = !isAuthenticated || results.loading;
  const [showFilters, setShowFilters] = useState(false);
  const id = useId();

  /** Each change is a new entry in the history: back undoes it. */
  const change = (changes: Record<string, string>) => setParams((current) => withParams(current, changes));
  const clearAll = () => change(Object.fromEntries(Object.keys(filters).map((key) => [key, ''])));
  const active = hasCategoryFilters(filters);
  const activeCount = countCategoryFilters(filters);

  return (
    <>
      <Hero>
        <Container>
          <HeroTitle>
            <CategoryIcon category={category} />
            <h1>{title}</h1>
          </HeroTitle>
          <p>{i18n._(page.subtitle)}</p>
          <HeroSearch label={t`Search ${title}`} value={filters.search ?? ''} onSearch={(search) => change({ search })} />
        </Container>
      </Hero>

      <BrowseLayout>
        <FilterToggle variant="outline" block aria-expanded={showFilters} aria-controls={`${id}-filters`} onClick={() => setShowFilters((value) => !value)}>
          {activeCount > 0 ? t`Filters (${activeCount} active)` : t`Filters`}
        </FilterToggle>
        <FilterPanel id={`${id}-filters`} $open={showFilters}>
          <CategoryFilterSidebar category={category} filters={filters} onChange={change} onClear={clearAll} active={active} />
        </FilterPanel>

        <Results aria-busy={waiting || results.loadingMore}>
          <ResultsHeading />
          <Toolbar>
            <ResultCount data-testid="result-count" aria-live="polite">
              {waiting ? '' : resultCount(results)}
            </ResultCount>
            <SaveSearchButton params={apiParams} />
            <SortSelect
              id={`${id}-sort`}
              options={sortOptions}
              value={sort}
              onChange={(value) => change({ sort: value === sortOptions[0]!.value ? '' : value })}
            />
          </Toolbar>

          {results.error ? (
            <LoadFailed title={t`Failed to load listings`} />
          ) : waiting ? (
            <CenteredMessage role="status">
              <Muted>{t`Loading listings...`}</Muted>
            </CenteredMessage>
          ) : results.listings.length === 0 ? (
            <Empty title={page.emptyTitle} onClear={clearAll} />
          ) : (
            <ListingGrid results={results} />
          )}
        </Results>
      </BrowseLayout>
    </>
  );
}

/**
 * "1 result", "137 results", "1000+ results" (the API's count; the loaded listings if it sent none), in
 * the active language (called while rendering).
 */
function resultCount({ total, listings }: ListingPages): string {
  // A capped count (1000+) is many: the plural form.
  const count = total ? total.count : listings.length;
  const shown = total ? formatTotal(total) : String(listings.length);
  return globalT`${plural(count, { one: `${shown} result`, other: `${shown} results` })}`;
}

/** The hero's search: it counts on submit (Enter or the button) and lands in ?search=. */
function HeroSearch({ label, value, onSearch }: { label: string; value: string; onSearch: (search: string) => void }) {
  const [draft, setDraft] = useState(value);
  const id = useId();
  // Back, "Clear all" or a shared address change the search: the box follows (adjusted while rendering).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setDraft(value);
  }
  const { t } = useLingui();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <SearchForm role="search" aria-label={label} onSubmit={submit}>
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
      <SearchInput
        id={id}
        type="search"
        placeholder={t`Search by keyword...`}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        enterKeyHint="search"
      />
      <Button type="submit" variant="accent">
        <SearchIcon size={18} /> {t`Search`}
      </Button>
    </SearchForm>
  );
}

function Empty({ title, onClear }: { title: MessageDescriptor; onClear: () => void }) {
  const { t, i18n } = useLingui();
  return (
    <CenteredMessage data-testid="empty-state">
      <h2>{i18n._(title)}</h2>
      <p>{t`Try adjusting your filters to see more results`}</p>
      <Button variant="outline" onClick={onClear}>
        {t`Clear Filters`}
      </Button>
    </CenteredMessage>
  );
}

const Hero = styled(HeroBand)`
  > div > p {
    margin: 4px 0 18px;
    opacity: 0.9;
  }
`;

const HeroTitle = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  svg {
    flex: none;
    color: var(--accent);
  }
  h1 {
    font-size: clamp(1.5rem, 4vw, 2.1rem);
    font-weight: 800;
    line-height: 1.2;
  }
`;

const SearchForm = styled.form`
  display: flex;
  gap: 8px;
  max-width: 640px;
  button {
    flex: none;
    min-height: 46px;
  }
`;

const SearchInput = styled(Input)`
  min-height: 46px;
  min-width: 0;
  border-color: transparent;
  color: var(--text);
`;
