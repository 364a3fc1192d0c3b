/**
 * Home (/, signed in): category tiles, the city banner, the filter sidebar, sort, and the
 * grid with its loading, error and empty states. ?search= is read into the search filter, and
 * ?verifiedSellers=true into "Verified Sellers Only".
 * The API finds the listings within a distance of the city (near=<city>&radius=, or of the sidebar's location when
 * it is a place of the list; another typed location is matched as text) and
 * pages through them 24 at a time ("Load more"), so every listing can be reached; the count line is
 * the API's X-Total-Count.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { CATEGORIES } from '@vnmarket/proto/listing-values';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from '../lib/router';
import styled from 'styled-components';
import { EMPTY_FILTERS, HomeFilterSidebar, type HomeFilters } from '../components/filters/HomeFilterSidebar';
import { CategoryIcon } from '../components/CategoryIcon';
import { PinIcon } from '../components/Icons';
import { SkeletonGrid } from '../components/ListingCard';
import { ListingGrid } from '../components/ListingGrid';
import { SaveSearchButton } from '../components/SaveSearchButton';
import { usePlaceList } from '../components/PlaceSuggestions';
import { SortSelect } from '../components/SortSelect';
import { Button, ButtonLink, CenteredMessage, Container, HeroBand, LoadFailed, Select, SelectOptions } from '../components/ui';
import { BrowseLayout, FilterPanel, FilterToggle, ResultCount, Results, ResultsHeading, Toolbar } from '../components/BrowseLayout';
import { media } from '../lib/breakpoints';
import { formatTotal, priceBound, useListingPages } from '../lib/browse';
import { CATEGORY_INFO, CITIES, DEFAULT_CITY, type CityName } from '../lib/catalog';
import { useAuth } from '../lib/hooks';

/** The sort dropdown, wired to the API's orders ("Distance": nearest the city, or the sidebar's place, first). */
const SORTS = [
  { value: 'recent', label: msg`Most Recent` },
  { value: 'price-low', label: msg`Price: Low to High` },
  { value: 'price-high', label: msg`Price: High to Low` },
  { value: 'distance', label: msg`Distance` },
  { value: 'best-match', label: msg`Best Match` },
] as const satisfies readonly { value: string; label: MessageDescriptor }[];
type Sort = (typeof SORTS)[number]['value'];

const CITY_OPTIONS = CITIES.map((entry) => ({ value: entry.name, label: entry.name }));

function apiSort(sort: Sort, searching: boolean): string {
  if (sort === 'best-match') return searching ? 'relevance' : 'recent';
  return sort;
}

/** Typing settles for a moment before the grid refetches. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export default function Home() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const urlSearch = params.get('search') ?? '';
  // "Verified Sellers Only" lives in the address too (?verifiedSellers=true): a reload or a shared link keeps it.
  const [filters, setFilters] = useState<HomeFilters>({
    ...EMPTY_FILTERS,
    search: urlSearch,
    verifiedSellers: params.get('verifiedSellers') === 'true' ? 'true' : '',
  });
  const [city, setCity] = useState<CityName>(DEFAULT_CITY);
  const [sort, setSort] = useState<Sort>('recent');
  const [showFilters, setShowFilters] = useState(false);

  // A new header search while on this page lands in the search filter too (adjusted while rendering).
  const [seenUrlSearch, setSeenUrlSearch] = useState(urlSearch);
  if (urlSearch !== seenUrlSearch) {
    setSeenUrlSearch(urlSearch);
    if (urlSearch) setFilters((current) => ({ ...current, search: urlSearch }));
  }

  // Clearing the search filter also drops ?search= from the address, so a reload shows what is on screen.
  const changeFilters = (next: HomeFilters) => {
    setFilters(next);
    const address = new URLSearchParams(params);
    if (urlSearch && next.search !== urlSearch) address.delete('search');
    if (next.verifiedSellers === 'true') address.set('verifiedSellers', 'true');
    else address.delete('verifiedSellers');
    if (address.toString() !== params.toString()) setParams(address, { replace: true });
  };

  const settled = useDebounced(filters, 300);
  // Within the sidebar's distance (25 miles unless chosen) of the chosen city, or of the typed location when it is
  // a place of the list; any other typed location narrows the city's listings by its text.
  const places = usePlaceList();
  const apiParams = useMemo(() => {
    const typed = settled.location.trim();
    const place = typed ? places?.findPlace(typed)?.label : undefined;
    return {
      ...settled,
      minPrice: priceBound(settled.minPrice),
      maxPrice: priceBound(settled.maxPrice),
      near: place ?? city,
      location: place ? '' : typed,
      sort: apiSort(sort, settled.search.trim() !== ''),
    };
  }, [settled, city, sort, places]);
  const results = useListingPages(apiParams);
  const { listings, total, error } = results;
  const isLoading = results.loading;
  const { t, i18n } = useLingui();
  const firstName = user?.firstName;
  const shown = total ? formatTotal(total) : listings.length;

  return (
    <>
      <Hero>
        <Container>
          <h1>{user ? t`Welcome back, ${firstName}` : t`Welcome back`}</h1>
          <p>{t`What are you looking for today?`}</p>
          <Tiles aria-label={t`Categories`}>
            {CATEGORIES.map((category) => (
              <Tile key={category} to={`/category/${category}`}>
                <CategoryIcon category={category} />
                {i18n._(CATEGORY_INFO[category].label)}
              </Tile>
            ))}
          </Tiles>
        </Container>
      </Hero>

      <Banner>
        <BannerInner>
          <PinIcon size={18} />
          <label htmlFor="home-city">{t`Showing listings near`}</label>
          <CitySelect id="home-city" value={city} onChange={(event) => setCity(event.target.value as CityName)}>
            <SelectOptions options={CITY_OPTIONS} />
          </CitySelect>
        </BannerInner>
      </Banner>

      <BrowseLayout>
        <FilterToggle variant="outline" block aria-expanded={showFilters} aria-controls="home-filters" onClick={() => setShowFilters((value) => !value)}>
          {showFilters ? t`Hide filters` : t`Show filters`}
        </FilterToggle>
        <FilterPanel id="home-filters" $open={showFilters}>
          <HomeFilterSidebar filters={filters} onChange={changeFilters} />
        </FilterPanel>
        <Results aria-busy={isLoading}>
          <ResultsHeading />
          <Toolbar>
            <ResultCount data-testid="listing-count" aria-live="polite">
              {isLoading ? t`Loading listings...` : t`Showing ${shown} listings in ${city} area`}
            </ResultCount>
            <SaveSearchButton params={apiParams} />
            <SortSelect id="home-sort" options={SORTS} value={sort} onChange={(value) => setSort(value as Sort)} />
          </Toolbar>
          {error ? (
            <LoadFailed title={t`Failed to load listings`} />
          ) : isLoading ? (
            <SkeletonGrid count={6} />
          ) : listings.length === 0 ? (
            <CenteredMessage>
              <h2>{t`No listings found matching your criteria`}</h2>
              <Button variant="outline" onClick={() => changeFilters(EMPTY_FILTERS)}>
                {t`Clear Filters`}
              </Button>
            </CenteredMessage>
          ) : (
            <ListingGrid results={results} />
          )}
        </Results>
      </BrowseLayout>
    </>
  );
}

const Hero = styled(HeroBand)`
  h1 {
    font-size: clamp(1.5rem, 4vw, 2rem);
    font-weight: 800;
  }
  p {
    margin: 4px 0 20px;
    opacity: 0.88;
  }
`;

const Tiles = styled.nav`
  display: grid;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  gap: 10px;
  ${media.tablet} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
  ${media.desktop} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;

const Tile = styled(ButtonLink)`
  justify-content: flex-start;
  gap: 10px;
  min-height: 52px;
  padding: 10px 14px;
  border: 1px solid rgb(255 255 255 / 22%);
  background: rgb(255 255 255 / 12%);
  color: #fff;
  font-weight: 600;
  font-size: 0.92rem;
  white-space: normal;
  text-align: left;
  &:hover:not(:disabled) {
    background: rgb(255 255 255 / 22%);
  }
  svg {
    flex: none;
    color: var(--accent);
  }
`;

const Banner = styled.div`
  background: var(--accent-soft);
  border-bottom: 1px solid #f5d6b8;
`;

const BannerInner = styled(Container)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 10px;
  padding-top: 10px;
  padding-bottom: 10px;
  font-weight: 500;
  color: #6b4f00;
`;

const CitySelect = styled(Select)`
  width: auto;
  min-height: 36px;
  padding-top: 6px;
  padding-bottom: 6px;
  font-weight: 600;
`;
