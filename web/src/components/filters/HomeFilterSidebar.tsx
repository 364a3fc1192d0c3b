/**
 * Home's filter sidebar: search, category, min and max price, location, distance, condition (a single
 * choice: checking sets, unchecking clears) and "Verified Sellers Only" (sellers with a verified phone);
 * "Clear all filters" while any is set. The location suggests places of the place list; "Within N miles" is
 * the distance from it when it is one, else from Home's city.
 */
import { useLingui } from '@lingui/react/macro';
import { CATEGORIES, CONDITIONS } from '@vnmarket/proto/listing-values';
import { useId } from 'react';
import { CATEGORY_INFO, CONDITION_LABELS } from '../../lib/catalog';
import { PlaceSuggestions } from '../PlaceSuggestions';
import { CheckRow, Input, Label, Select } from '../ui';
import { FilterPanel, Group, PriceBox, PriceRange, RadiusSelect } from './parts';

export interface HomeFilters {
  category: string;
  minPrice: string;
  maxPrice: string;
  location: string;
  condition: string;
  search: string;
  /** "true": only sellers with a verified phone (the API's verifiedSellers); "" no filter. */
  verifiedSellers: string;
  /** Miles from the place (5, 10, 25 or 50); "" the API's default (25). */
  radius: string;
}

export const EMPTY_FILTERS: HomeFilters = {
  category: '',
  minPrice: '',
  maxPrice: '',
  location: '',
  condition: '',
  search: '',
  verifiedSellers: '',
  radius: '',
};

const hasFilters = (filters: HomeFilters): boolean => Object.values(filters).some((value) => value !== '');

export function HomeFilterSidebar({ filters, onChange }: { filters: HomeFilters; onChange: (filters: HomeFilters) => void }) {
  const id = useId();
  const set = (key: keyof HomeFilters, value: string) => onChange({ ...filters, [key]: value });
  const { t, i18n } = useLingui();
  return (
    <FilterPanel id={id} clearLabel={hasFilters(filters) ? t`Clear all filters` : undefined} onClear={() => onChange(EMPTY_FILTERS)}>
      <Group>
        <Label htmlFor={`${id}-search`}>{t`Search`}</Label>
        <Input id={`${id}-search`} type="search" placeholder={t`Keywords...`} value={filters.search} onChange={(event) => set('search', event.target.value)} />
      </Group>

      <Group>
        <Label htmlFor={`${id}-category`}>{t`Category`}</Label>
        <Select
          id={`${id}-category`}
          value={filters.category || 'all'}
          onChange={(event) => set('category', event.target.value === 'all' ? '' : event.target.value)}
        >
          <option value="all">{t`All Categories`}</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {i18n._(CATEGORY_INFO[category].label)}
            </option>
          ))}
        </Select>
      </Group>

      <PriceRange
        legend={t`Price Range`}
        min={<PriceBox id={`${id}-min`} label={t`Min price`} placeholder={t`Min`} value={filters.minPrice} onChange={(value) => set('minPrice', value)} />}
        max={<PriceBox id={`${id}-max`} label={t`Max price`} placeholder={t`Max`} value={filters.maxPrice} onChange={(value) => set('maxPrice', value)} />}
      />

      <Group>
        <Label htmlFor={`${id}-location`}>{t`Location`}</Label>
        <Input
          id={`${id}-location`}
          placeholder={t`City, neighborhood or ZIP code`}
          list={`${id}-places`}
          autoComplete="off"
          value={filters.location}
          onChange={(event) => set('location', event.target.value)}
        />
        <PlaceSuggestions id={`${id}-places`} typed={filters.location} />
      </Group>

      <RadiusSelect id={`${id}-radius`} value={filters.radius} onChange={(radius) => set('radius', radius)} />

      <Group as="fieldset">
        <legend>{t`Condition`}</legend>
        {CONDITIONS.map((condition) => (
          <CheckRow key={condition}>
            <input type="checkbox" checked={filters.condition === condition} onChange={(event) => set('condition', event.target.checked ? condition : '')} />
            {i18n._(CONDITION_LABELS[condition])}
          </CheckRow>
        ))}
      </Group>

      <Group as="fieldset">
        <legend>{t`Seller`}</legend>
        <CheckRow>
          <input
            type="checkbox"
            checked={filters.verifiedSellers === 'true'}
            onChange={(event) => set('verifiedSellers', event.target.checked ? 'true' : '')}
          />
          {t`Verified Sellers Only`}
        </CheckRow>
      </Group>
    </FilterPanel>
  );
}
