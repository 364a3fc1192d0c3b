/**
 * The browse screens' frame (Home and the category pages): filters beside the results on a desktop,
 * behind a "Filters" toggle on a phone; a toolbar with the result count and the sort select. Controls
 * keep 44 px touch targets.
 */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { Button, Container } from './ui';

export const BrowseLayout = styled(Container)`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  padding-top: 24px;
  padding-bottom: 48px;
  ${media.desktop} {
    grid-template-columns: 270px minmax(0, 1fr);
    align-items: start;
  }
`;

export const FilterToggle = styled(Button)`
  min-height: 44px;
  ${media.desktop} {
    display: none;
  }
`;

export const FilterPanel = styled.aside<{ $open: boolean }>`
  display: ${({ $open }) => ($open ? 'block' : 'none')};
  ${media.desktop} {
    display: block;
    position: sticky;
    top: calc(var(--header-height) + 16px);
  }
`;

export const Results = styled.div`
  min-width: 0;
`;

export const Toolbar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 10px 16px;
  margin-bottom: 16px;
`;

/**
 * The results' own heading, for screen readers: the page's <h1> is above, each card's title is an <h3>,
 * and on a phone the filters (with their <h2>) are folded away, so without it the outline would skip a level.
 */
export function ResultsHeading() {
  const { t } = useLingui();
  return <h2 className="visually-hidden">{t`Listings`}</h2>;
}

export const ResultCount = styled.p`
  font-weight: 600;
  min-height: 1.5em;
`;

export const SortBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  max-width: 100%;
  gap: 8px;
  label {
    font-size: 0.9rem;
    color: var(--muted);
    white-space: nowrap;
  }
  select {
    width: auto;
    max-width: 100%;
    min-height: 44px;
  }
`;
