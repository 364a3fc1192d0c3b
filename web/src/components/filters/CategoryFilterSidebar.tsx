/**
 * A category page's filter sidebar: location, distance, the page's price pair and its own filters
 * (lib/category-pages.ts); "Clear all" while any is set. Typed values settle for a moment before they count.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { Category } from '@vnmarket/proto/listing-values';
import { useId, type ComponentProps } from 'react';
import styled from 'styled-components';
import { priceBound, type CategoryFilters } from '../../lib/browse';
import { CATEGORY_PAGES, type CategoryFilter } from '../../lib/category-pages';
import { PlaceSuggestions } from '../PlaceSuggestions';
import { CheckRow, Input, Label, Select, SelectOptions } from '../ui';
import { FilterPanel, Group, PriceBox, PriceRange, RadiusSelect } from './parts';
import { useDraft, useShownValue } from './values';

function TypedFilter({
  id,
  label,
  value,
  onCommit,
  ...input
}: { id: string; label: string; value: string; onCommit: (value: string) => void } & Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'id'>) {
  const [draft, setDraft] = useDraft(value, onCommit);
  return (
    <>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} value={draft} onChange={(event) => setDraft(event.target.value)} {...input} />
    </>
  );
}

/** A box of the price pair: only a non-negative number counts (the API takes numbers only); a half-typed or negative value is not sent. */
function PriceBound({ value, onCommit, ...box }: { id: string; label: string; placeholder: string; value: string; onCommit: (value: string) => void }) {
  const [draft, setDraft] = useDraft(value, onCommit, priceBound);
  return <PriceBox {...box} value={draft} onChange={setDraft} />;
}

function CategoryControl({ id, filter, value, onChange }: { id: string; filter: CategoryFilter; value: string; onChange: (value: string) => void }) {
  const [shown, change] = useShownValue(value, onChange);
  const { i18n } = useLingui();
  if (filter.kind === 'check') {
    return (
      <Group>
        <CategoryCheck>
          <input type="checkbox" checked={shown === filter.value} onChange={(event) => change(event.target.checked ? filter.value : '')} />
          {i18n._(filter.label)}
        </CategoryCheck>
      </Group>
    );
  }
  return (
    <Group>
      <Label htmlFor={id}>{i18n._(filter.label)}</Label>
      <Select id={id} value={shown || 'all'} onChange={(event) => change(event.target.value === 'all' ? '' : event.target.value)}>
        <SelectOptions options={[{ value: 'all', label: filter.anyLabel }, ...filter.options]} />
      </Select>
    </Group>
  );
}

/**
 * A category page's sidebar. `filters` are the ones in force (from the address); `onChange` gets the
 * keys that changed ("" or "all" = cleared); `onClear` clears them all.
 */
export function CategoryFilterSidebar({
  category,
  filters,
  onChange,
  onClear,
  active,
}: {
  category: Category;
  filters: CategoryFilters;
  onChange: (changes: Record<string, string>) => void;
  onClear: () => void;
  /** Whether any filter is set: "Clear all" shows. */
  active: boolean;
}) {
  const id = useId();
  const page = CATEGORY_PAGES[category];
  const { t, i18n } = useLingui();
  /** A box of the price pair, for the filter `bound`. */
  const priceBox = (bound: 'minPrice' | 'maxPrice', label: MessageDescriptor, placeholder: string) => (
    <PriceBound
      id={`${id}-${bound}`}
      label={i18n._(label)}
      placeholder={placeholder}
      value={filters[bound] ?? ''}
      onCommit={(price) => onChange({ [bound]: price })}
    />
  );
  return (
    <FilterPanel id={id} clearLabel={active ? t`Clear all` : undefined} onClear={onClear} testId="category-filters">
      <Group>
        <TypedFilter
          id={`${id}-location`}
          label={t`Location`}
          placeholder={t`City, neighborhood or ZIP code`}
          autoComplete="off"
          list={`${id}-places`}
          value={filters.location ?? ''}
          onCommit={(location) => onChange({ location })}
        />
        <PlaceSuggestions id={`${id}-places`} typed={filters.location ?? ''} />
      </Group>

      <RadiusSelect id={`${id}-radius`} value={filters.radius ?? ''} onChange={(radius) => onChange({ radius })} />

      <PriceRange
        legend={i18n._(page.priceLegend)}
        min={priceBox('minPrice', page.minPriceLabel, t`Min`)}
        max={priceBox('maxPrice', page.maxPriceLabel, t`Max`)}
      />

      {page.filters.map((filter) => (
        <CategoryControl
          key={filter.key}
          id={`${id}-${filter.key}`}
          filter={filter}
          value={filters[filter.key] ?? ''}
          onChange={(value) => onChange({ [filter.key]: value })}
        />
      ))}
    </FilterPanel>
  );
}

const CategoryCheck = styled(CheckRow)`
  min-height: 44px;
`;
