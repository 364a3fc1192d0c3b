/** What both filter sidebars (home's and a category page's) are made of: the panel with its head, a group, the price pair, the distance. */
import { useLingui } from '@lingui/react/macro';
import { DEFAULT_RADIUS_MILES, RADIUS_MILES } from '@vnmarket/proto/places';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button, Card, HiddenLabel, Input, Label, Select, SelectOptions } from '../ui';

/** The sidebar: "Filters", and the clear button (`clearLabel`) while any filter is set. */
export function FilterPanel({
  id,
  clearLabel,
  onClear,
  testId,
  children,
}: {
  id: string;
  /** undefined: nothing to clear. */
  clearLabel: string | undefined;
  onClear: () => void;
  testId?: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  return (
    <Panel as="section" aria-labelledby={`${id}-title`} data-testid={testId}>
      <Head>
        <h2 id={`${id}-title`}>{t`Filters`}</h2>
        {clearLabel && (
          <Button variant="ghost" size="sm" onClick={onClear}>
            {clearLabel}
          </Button>
        )}
      </Head>
      {children}
    </Panel>
  );
}

/** The min–max price pair, under its legend; each box's name is for screen readers only. */
export function PriceRange({ legend, min, max }: { legend: string; min: ReactNode; max: ReactNode }) {
  return (
    <Group as="fieldset">
      <legend>{legend}</legend>
      <PriceRow>
        {min}
        <span aria-hidden="true">–</span>
        {max}
      </PriceRow>
    </Group>
  );
}

/** One box of the price pair. */
export function PriceBox({
  id,
  label,
  placeholder,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <HiddenLabel htmlFor={id}>{label}</HiddenLabel>
      <Input
        id={id}
        type="number"
        inputMode="decimal"
        min="0"
        step="any"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

/** "Within 5 / 10 / 25 / 50 miles"; "" stands for the API's default (25 miles). */
export function RadiusSelect({ id, value, onChange }: { id: string; value: string; onChange: (radius: string) => void }) {
  const { t } = useLingui();
  return (
    <Group>
      <Label htmlFor={id}>{t`Distance`}</Label>
      <Select
        id={id}
        value={value || String(DEFAULT_RADIUS_MILES)}
        onChange={(event) => onChange(event.target.value === String(DEFAULT_RADIUS_MILES) ? '' : event.target.value)}
      >
        <SelectOptions options={RADIUS_MILES.map((miles) => ({ value: String(miles), label: t`Within ${miles} miles` }))} />
      </Select>
    </Group>
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

export const Group = styled.div`
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
