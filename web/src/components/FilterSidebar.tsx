/**
 * Home's filter sidebar (spec section 2): category, min and max price, location, condition (a single
 * choice: checking sets, unchecking clears), search; "Clear all filters" while any is set. "Within 25
 * miles" and "Verified Sellers Only" are shown but drive no filter.
 */
import { CATEGORIES, CONDITIONS } from '@vnmarket/proto';
import { useId, useState } from 'react';
import styled from 'styled-components';
import { CATEGORY_INFO, CONDITION_LABELS } from '../lib/catalog';
import { Button, Card, CheckRow, Input, Label, Select } from './ui';

export interface HomeFilters {
  category: string;
  minPrice: string;
  maxPrice: string;
  location: string;
  condition: string;
  search: string;
}

export const EMPTY_FILTERS: HomeFilters = { category: '', minPrice: '', maxPrice: '', location: '', condition: '', search: '' };

export function hasFilters(filters: HomeFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

export function FilterSidebar({ filters, onChange }: { filters: HomeFilters; onChange: (filters: HomeFilters) => void }) {
  const id = useId();
  const [nearby, setNearby] = useState(false);
  const [verifiedOnly, setVerifiedOnly] = useState(false);
  const set = (key: keyof HomeFilters, value: string) => onChange({ ...filters, [key]: value });
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <Head>
        <h2 id={`${id}-title`}>Filters</h2>
        {hasFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            Clear all filters
          </Button>
        )}
      </Head>

      <Group>
        <Label htmlFor={`${id}-search`}>Search</Label>
        <Input id={`${id}-search`} type="search" placeholder="Keywords..." value={filters.search} onChange={(event) => set('search', event.target.value)} />
      </Group>

      <Group>
        <Label htmlFor={`${id}-category`}>Category</Label>
        <Select id={`${id}-category`} value={filters.category || 'all'} onChange={(event) => set('category', event.target.value === 'all' ? '' : event.target.value)}>
          <option value="all">All Categories</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_INFO[category].label}
            </option>
          ))}
        </Select>
      </Group>

      <Group as="fieldset">
        <legend>Price Range</legend>
        <PriceRow>
          <div>
            <label htmlFor={`${id}-min`} className="visually-hidden">
              Min price
            </label>
            <Input id={`${id}-min`} type="number" inputMode="decimal" min="0" placeholder="Min" value={filters.minPrice} onChange={(event) => set('minPrice', event.target.value)} />
          </div>
          <span aria-hidden="true">–</span>
          <div>
            <label htmlFor={`${id}-max`} className="visually-hidden">
              Max price
            </label>
            <Input id={`${id}-max`} type="number" inputMode="decimal" min="0" placeholder="Max" value={filters.maxPrice} onChange={(event) => set('maxPrice', event.target.value)} />
          </div>
        </PriceRow>
      </Group>

      <Group>
        <Label htmlFor={`${id}-location`}>Location</Label>
        <Input id={`${id}-location`} placeholder="City or neighborhood" value={filters.location} onChange={(event) => set('location', event.target.value)} />
        <CheckRow>
          <input type="checkbox" checked={nearby} onChange={(event) => setNearby(event.target.checked)} />
          Within 25 miles
        </CheckRow>
      </Group>

      <Group as="fieldset">
        <legend>Condition</legend>
        {CONDITIONS.map((condition) => (
          <CheckRow key={condition}>
            <input type="checkbox" checked={filters.condition === condition} onChange={(event) => set('condition', event.target.checked ? condition : '')} />
            {CONDITION_LABELS[condition]}
          </CheckRow>
        ))}
      </Group>

      <Group as="fieldset">
        <legend>Seller</legend>
        <CheckRow>
          <input type="checkbox" checked={verifiedOnly} onChange={(event) => setVerifiedOnly(event.target.checked)} />
          Verified Sellers Only
        </CheckRow>
      </Group>
    </Panel>
  );
}

const Panel = styled(Card)`
  padding: 18px;
`;

const Head = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  min-height: 34px;
  margin-bottom: 12px;
  h2 {
    font-size: 1.05rem;
    font-weight: 700;
  }
`;

const Group = styled.div`
  margin: 0 0 18px;
  padding: 0;
  border: 0;
  min-width: 0;
  &:last-child {
    margin-bottom: 0;
  }
  legend {
    margin-bottom: 6px;
    padding: 0;
    font-size: 0.9rem;
    font-weight: 600;
  }
`;

const PriceRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto minmax(0, 1fr);
  align-items: center;
  gap: 8px;
  color: var(--muted);
`;
