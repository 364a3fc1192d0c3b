/**
 * Prices in USD, written as the community writes them in either language ("$1,200", with "/hour" or
 * "/giờ", "(negotiable)" or "(thương lượng)"); friendly times in the active language's form (Intl with
 * intlLocale(): "Yesterday, 3:45 PM", "Hôm qua, 15:30"); counts of views, saves and reviews. Called at
 * render time: each text is in the active language (the global i18n of lib/i18n.ts).
 */
import { plural as pluralMessage, t } from '@lingui/core/macro';
import { intlLocale } from './i18n';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(price: string | number): string {
  const value = typeof price === 'number' ? price : Number(price);
  return usd.format(Number.isFinite(value) ? value : 0);
}

export function formatPrice(price: string | number, priceType?: string | null): string {
  const amount = formatUsd(price);
  switch (priceType) {
    case 'free':
      return Number(price) === 0 ? t`Free` : amount;
    case 'hourly':
      return t`${amount}/hour`;
    case 'monthly':
      return t`${amount}/month`;
    case 'negotiable':
      return t`${amount} (negotiable)`;
    default:
      return amount;
  }
}

/** The Intl formats of one locale, made once each. */
const dateFormats = new Map<string, { time: Intl.DateTimeFormat; shortDate: Intl.DateTimeFormat; shortDateWithYear: Intl.DateTimeFormat }>();

function formatsOf(locale: string) {
  let formats = dateFormats.get(locale);
  if (!formats) {
    formats = {
      time: new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }),
      shortDate: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric' }),
      shortDateWithYear: new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric' }),
    };
    dateFormats.set(locale, formats);
  }
  return formats;
}

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/**
 * Today: the time only; yesterday: "Yesterday, 3:45 PM" ("Hôm qua, 15:30"); otherwise "Nov 20, 3:45 PM"
 * ("20 thg 11, 15:30"), with the year when it is not this year.
 */
export function formatTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const { time, shortDate, shortDateWithYear } = formatsOf(intlLocale());
  const clock = time.format(date);
  if (sameDay(date, now)) return clock;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return t`Yesterday, ${clock}`;
  const day = date.getFullYear() === now.getFullYear() ? shortDate.format(date) : shortDateWithYear.format(date);
  return `${day}, ${clock}`;
}

/**
 * A date formatter in the active language's form of `options` (each locale's Intl format made once): an
 * ISO date in, its text out, nothing for a missing or bad date.
 */
export function dateFormatter(options: Intl.DateTimeFormatOptions): (iso: string) => string {
  const byLocale = new Map<string, Intl.DateTimeFormat>();
  return (iso) => {
    const date = new Date(iso);
    if (Number.isNaN(date.getTime())) return '';
    const locale = intlLocale();
    let format = byLocale.get(locale);
    if (!format) {
      format = new Intl.DateTimeFormat(locale, options);
      byLocale.set(locale, format);
    }
    return format.format(date);
  };
}

/**
 * A calendar day as a date field holds it ("2027-01-11"), in the active language: "Monday, January 11,
 * 2027", "Thứ Hai, 11 tháng 1, 2027". Read as UTC, so the day never moves with the reader's time zone.
 */
export const formatCalendarDay = dateFormatter({ weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The value when it is a day as a date field holds it ("2027-01-11"); nothing otherwise. */
export function calendarDayOf(value: unknown): string | undefined {
  return typeof value === 'string' && CALENDAR_DAY.test(value) ? value : undefined;
}

/** Whether a calendar day ("2027-01-11") is before the reader's today, on the reader's own calendar. */
export function isBeforeToday(day: string, now = new Date()): boolean {
  const today = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((part) => String(part).padStart(2, '0')).join('-');
  return day < today;
}

const shortCalendarDay = dateFormatter({ weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
const shortCalendarDayWithYear = dateFormatter({ weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A calendar day on a card: "Mon, Jan 11" ("Th 2, 11 thg 1"), with the year when it is not this year. */
export function formatShortCalendarDay(day: string, now = new Date()): string {
  return (day.startsWith(`${now.getFullYear()}-`) ? shortCalendarDay : shortCalendarDayWithYear)(day);
}

/** A month and year in the active language: "March 2025", "tháng 3 năm 2025". */
export const formatMonthYear = dateFormatter({ month: 'long', year: 'numeric' });

/**
 * A span of minutes as a person says it, in the active language's units: "20 minutes", "3 hours",
 * "2 days" ("20 phút", "3 giờ", "2 ngày"); at least a minute.
 */
export function formatDuration(minutes: number): string {
  const [value, unit] =
    minutes < 60 ? [Math.max(1, Math.round(minutes)), 'minute'] : minutes < 48 * 60 ? [Math.round(minutes / 60), 'hour'] : [Math.round(minutes / 1440), 'day'];
  return new Intl.NumberFormat(intlLocale(), { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** "+14085550101" → "(408) 555-0101"; other numbers as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/**
 * "1 view", "3 views" ("3 lượt xem"): a count of views, saves or reviews in the active language. Another
 * word is counted in English ("2 items").
 */
export function plural(count: number, word: string): string {
  switch (word) {
    case 'view':
      return t`${pluralMessage(count, { one: '# view', other: '# views' })}`;
    case 'save':
      return t`${pluralMessage(count, { one: '# save', other: '# saves' })}`;
    case 'review':
      return t`${pluralMessage(count, { one: '# review', other: '# reviews' })}`;
    default:
      return `${count} ${word}${count === 1 ? '' : 's'}`;
  }
}

export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** A value not in the catalogue (an unknown metadata key), as English reads it: "like-new" → "Like New". */
export function titleCase(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
