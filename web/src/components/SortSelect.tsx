/** The browse screens' sort (home and the category pages): "Sort by" and its select, the choice shown at once. */
import { useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { SortBox } from './BrowseLayout';
import { useShownValue } from './filters/values';
import { Select, SelectOptions } from './ui';

export function SortSelect({
  id,
  options,
  value,
  onChange,
}: {
  id: string;
  options: readonly { value: string; label: MessageDescriptor }[];
  value: string;
  onChange: (value: string) => void;
}) {
  const [shown, change] = useShownValue(value, onChange);
  const { t } = useLingui();
  return (
    <SortBox>
      <label htmlFor={id}>{t`Sort by`}</label>
      <Select id={id} value={shown} onChange={(event) => change(event.target.value)}>
        <SelectOptions options={options} />
      </Select>
    </SortBox>
  );
}
