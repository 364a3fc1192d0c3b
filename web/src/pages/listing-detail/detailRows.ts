import type { Listing } from '@vnmarket/proto/listings';
import { t } from '@lingui/core/macro';
import { CONDITION_LABELS, detailValueLabel, METADATA_LABELS } from '../../lib/catalog';
import { calendarDayOf, formatCalendarDay, isBeforeToday, titleCase } from '../../lib/format';
import { i18n } from '../../lib/i18n';

/** A listing's condition as shown, in the active language: its label, or the value in title case. */
export function conditionLabel(condition: string): string {
  return Object.hasOwn(CONDITION_LABELS, condition) ? i18n._(CONDITION_LABELS[condition as keyof typeof CONDITION_LABELS]) : titleCase(condition);
}

/** Keys whose values are the seller's own words, shown as written. */
const FREE_TEXT_KEYS = new Set(['brand', 'availability', 'organizer', 'eventTime', 'duration', 'eventDate']);

/**
 * A free-text value as shown: an event's day from the date field in the reader's language (marked when it
 * has passed), the rest as written.
 */
function freeText(key: string, value: string): string {
  const day = key === 'eventDate' ? calendarDayOf(value) : undefined;
  const shown = day && formatCalendarDay(day);
  if (!shown) return value;
  return isBeforeToday(day) ? t`${shown} (past event)` : shown;
}

/**
 * Category details, in the active language (called at render time): metadata rows, in a fixed order,
 * with "none" dietary info hidden.
 */
export function detailRows(listing: Listing): { label: string; value: string }[] {
  const rows: { label: string; value: string }[] = [];
  if (listing.condition) rows.push({ label: t`Condition`, value: conditionLabel(listing.condition) });
  for (const [key, raw] of Object.entries(listing.metadata ?? {})) {
    if (raw === null || raw === undefined || raw === '') continue;
    let value: string;
    if (typeof raw === 'boolean') {
      value = raw ? t`Yes` : t`No`;
    } else if (Array.isArray(raw)) {
      const shown = raw.map(String).filter((item) => !(key === 'dietaryInfo' && item === 'none'));
      if (shown.length === 0) continue;
      // Amenities are stored as their names ("WiFi Included"): the catalogue names them, an unknown one shows as written.
      value = shown.map((item) => detailValueLabel(item, key === 'amenities')).join(', ');
    } else if (typeof raw === 'number') {
      value = String(raw);
    } else {
      value = FREE_TEXT_KEYS.has(key) ? freeText(key, String(raw)) : detailValueLabel(String(raw));
    }
    const label = Object.hasOwn(METADATA_LABELS, key) ? i18n._(METADATA_LABELS[key]!) : titleCase(key);
    rows.push({ label, value });
  }
  return rows;
}
