import type { Listing } from '@vnmarket/proto/src/listings';
import { CONDITION_LABELS, METADATA_LABELS } from '../../lib/catalog';
import { titleCase } from '../../lib/format';

/** A listing's condition as shown: its label, or the value in title case. */
export function conditionLabel(condition: string): string {
  return CONDITION_LABELS[condition as keyof typeof CONDITION_LABELS] ?? titleCase(condition);
}

/** Category details: metadata rows, in a fixed order, with "none" dietary info hidden. */
export function detailRows(listing: Listing): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (listing.condition) rows.push({ label: 'Condition', value: conditionLabel(listing.condition) });
  for (const [key, raw] of Object.entries(listing.metadata ?? {})) {
    if (raw === null || raw === undefined || raw === '') continue;
    let value: string;
    if (typeof raw === 'boolean') {
      value = raw ? 'Yes' : 'No';
    } else if (Array.isArray(raw)) {
      const shown = raw.map(String).filter((item) => !(key === 'dietaryInfo' && item === 'none'));
      if (shown.length === 0) continue;
      value = shown.map((item) => (key === 'amenities' ? item : titleCase(item))).join(', ');
    } else if (typeof raw === 'number') {
      value = String(raw);
    } else {
      value =
        key === 'brand' || key === 'availability' || key === 'organizer' || key === 'eventTime' || key === 'duration' || key === 'eventDate'
          ? String(raw)
          : titleCase(String(raw));
    }
    rows.push({ label: METADATA_LABELS[key] ?? titleCase(key), value });
  }
  return rows;
}
