/**
 * The filter sidebars.
 * - Home's: category, min and max price, location, condition (a single choice: checking sets,
 *   unchecking clears), search, "Verified Sellers Only" (sellers with a verified phone); "Clear all filters"
 *   while any is set. The location suggests places of the place list; "Within N miles" is the distance from it
 *   when it is one, else from Home's city.
 * - Both offer "Within 5 / 10 / 25 / 50 miles" (the API's radius).
 * - A category page's: location, its price pair, and the page's own filters (lib/catalog.ts's CATEGORY_PAGES);
 *   "Clear all" while any is set. Typed values settle for a moment before they count.
 */
import { useLingui } from '@lingui/react/macro';
import { CATEGORIES, type Category, CONDITIONS } from '@vnmarket/proto/listing-values';
import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from '@vnmarket/proto/places';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import styled from 'styled-components';
import { priceBound, type CategoryFilters } from '../lib/browse';
import { CATEGORY_INFO, CATEGORY_PAGES, CONDITION_LABELS, type CategoryFilter } from '../lib/catalog';
import { PlaceSuggestions } from './PlaceSuggestions';
import { Button, Card, CheckRow, Input, Label, Select } from './ui';

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

export function hasFilters(filters: HomeFilters): boolean {
  return Object.values(filters).some((value) => value !== '');
}

export function FilterSidebar({ filters, onChange }: { filters: HomeFilters; onChange: (filters: HomeFilters) => void }) {
  const id = useId();
  const set = (key: keyof HomeFilters, value: string) => onChange({ ...filters, [key]: value });
  const { t, i18n } = useLingui();
  return (
    <Panel as="section" aria-labelledby={`${id}-title`}>
      <Head>
        <h2 id={`${id}-title`}>{t`Filters`}</h2>
        {hasFilters(filters) && (
          <Button variant="ghost" size="sm" onClick={() => onChange(EMPTY_FILTERS)}>
            {t`Clear all filters`}
          </Button>
        )}
      </Head>

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

      <Group as="fieldset">
        <legend>{t`Price Range`}</legend>
        <PriceRow>
          <div>
            <label htmlFor={`${id}-min`} className="visually-hidden">
              {t`Min price`}
            </label>
            <Input
              id={`${id}-min`}
              type="number"
              inputMode="decimal"
              min="0"
              placeholder={t`Min`}
              value={filters.minPrice}
              onChange={(event) => set('minPrice', event.target.value)}
            />
          </div>
          <span aria-hidden="true">–</span>
          <div>
            <label htmlFor={`${id}-max`} className="visually-hidden">
              {t`Max price`}
            </label>
            <Input
              id={`${id}-max`}
              type="number"
              inputMode="decimal"
              min="0"
              placeholder={t`Max`}
              value={filters.maxPrice}
              onChange={(event) => set('maxPrice', event.target.value)}
            />
          </div>
        </PriceRow>
      </Group>

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

      <Group>
        <RadiusSelect id={`${id}-radius`} value={filters.radius} onChange={(radius) => set('radius', radius)} />
      </Group>

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
    </Panel>
  );
}

/** "Within 5 / 10 / 25 / 50 miles"; "" stands for the API's default (25 miles). */
function RadiusSelect({ id, value, onChange }: { id: string; value: string; onChange: (radius: string) => void }) {
  const { t } = useLingui();
  return (
    <>
      <Label htmlFor={id}>{t`Distance`}</Label>
      <Select
        id={id}
        value={value || String(DEFAULT_RADIUS_MILES)}
        onChange={(event) => onChange(event.target.value === String(DEFAULT_RADIUS_MILES) ? '' : event.target.value)}
      >
        {RADIUS_MILES.map((miles) => (
          <option key={miles} value={miles}>
            {t`Within ${miles} miles`}
          </option>
        ))}
      </Select>
    </>
  );
}

/** How long typing settles before a typed filter counts. */
const TYPING_SETTLE_MS = 400;

/**
 * A typed value that counts (`commit`, after `normalize`) once typing settles; a change from outside
 * (back button, "Clear all") replaces what is in the box.
 */
function useDraft(
  value: string,
  commit: (value: string) => void,
  normalize: (typed: string) => string = (typed) => typed.trim(),
): [string, (value: string) => void] {
  const [draft, setDraft] = useState(value);
  // The value last seen from outside, the value this box last committed, and how many outside changes replaced the box.
  const [seen, setSeen] = useState(value);
  const [committed, setCommitted] = useState(value);
  const [outsideChanges, setOutsideChanges] = useState(0);
  if (value !== seen) {
    setSeen(value);
    // Our own commit coming back leaves the box alone; anything else replaces it (and drops a pending commit, below).
    if (value !== committed) {
      setCommitted(value);
      setDraft(value);
      setOutsideChanges((count) => count + 1);
    }
  }
  const timer = useRef<number | undefined>(undefined);
  // The latest `commit` for a timer set on an earlier render.
  const commitRef = useRef(commit);
  useLayoutEffect(() => {
    commitRef.current = commit;
  });
  // An outside change drops the pending commit, and so does unmounting.
  useEffect(() => () => window.clearTimeout(timer.current), [outsideChanges]);
  const change = (next: string) => {
    setDraft(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const normalized = normalize(next);
      setCommitted(normalized);
      commitRef.current(normalized);
    }, TYPING_SETTLE_MS);
  };
  return [draft, change];
}

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

function PriceBound({
  id,
  label,
  placeholder,
  value,
  onCommit,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onCommit: (value: string) => void;
}) {
  // Only a non-negative number counts (the API takes numbers only); a half-typed or negative value is not sent.
  const [draft, setDraft] = useDraft(value, onCommit, priceBound);
  return (
    <div>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        placeholder={placeholder}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
    </div>
  );
}

/**
 * A value shown at once while the address (which owns it) catches up: navigations render in a
 * transition, and a controlled checkbox would otherwise spring back until then.
 */
export function useShownValue(value: string, onChange: (value: string) => void): [string, (value: string) => void] {
  const [shown, setShown] = useState(value);
  // A new value from the address replaces what is shown (adjusted while rendering, not in an effect).
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    setShown(value);
  }
  return [
    shown,
    (next) => {
      setShown(next);
      onChange(next);
    },
  ];
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
        <option value="all">{i18n._(filter.anyLabel)}</option>
        {filter.options.map((option) => (
          <option key={option.value} value={option.value}>
            {i18n._(option.label)}
          </option>
        ))}
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
  return (
    <Panel as="section" aria-labelledby={`${id}-title`} data-testid="category-filters">
      <Head>
        <h2 id={`${id}-title`}>{t`Filters`}</h2>
        {active && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {t`Clear all`}
          </Button>
        )}
      </Head>

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

      <Group>
        <RadiusSelect id={`${id}-radius`} value={filters.radius ?? ''} onChange={(radius) => onChange({ radius })} />
      </Group>

      <Group as="fieldset">
        <legend>{i18n._(page.priceLegend)}</legend>
        <PriceRow>
          <PriceBound
            id={`${id}-min`}
            label={i18n._(page.minPriceLabel)}
            placeholder={t`Min`}
            value={filters.minPrice ?? ''}
            onCommit={(minPrice) => onChange({ minPrice })}
          />
          <span aria-hidden="true">–</span>
          <PriceBound
            id={`${id}-max`}
            label={i18n._(page.maxPriceLabel)}
            placeholder={t`Max`}
            value={filters.maxPrice ?? ''}
            onCommit={(maxPrice) => onChange({ maxPrice })}
          />
        </PriceRow>
      </Group>

      {page.filters.map((filter) => (
        <CategoryControl
          key={filter.key}
          id={`${id}-${filter.key}`}
          filter={filter}
          value={filters[filter.key] ?? ''}
          onChange={(value) => onChange({ [filter.key]: value })}
        />
      ))}
    </Panel>
  );
}

const CategoryCheck = styled(CheckRow)`
  min-height: 44px;
`;

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
