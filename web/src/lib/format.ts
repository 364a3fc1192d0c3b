/** Prices in USD (en-US) with /hour, /month and "(negotiable)"; friendly times. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function formatUsd(price: string | number): string {
  const value = typeof price === 'number' ? price : Number(price);
  return usd.format(Number.isFinite(value) ? value : 0);
}

export function formatPrice(price: string | number, priceType?: string | null): string {
  const amount = formatUsd(price);
  switch (priceType) {
    case 'free':
      return Number(price) === 0 ? 'Free' : amount;
    case 'hourly':
      return `${amount}/hour`;
    case 'monthly':
      return `${amount}/month`;
    case 'negotiable':
      return `${amount} (negotiable)`;
    default:
      return amount;
  }
}

const time = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });
const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' });
const shortDateWithYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function sameDay(a: Date, b: Date): boolean {
  return a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();
}

/** Today: the time only; yesterday: "Yesterday, 3:45 PM"; otherwise "Nov 20, 3:45 PM" (with the year when it is not this year). */
export function formatTime(iso: string, now = new Date()): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  if (sameDay(date, now)) return time.format(date);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (sameDay(date, yesterday)) return `Yesterday, ${time.format(date)}`;
  const day = date.getFullYear() === now.getFullYear() ? shortDate.format(date) : shortDateWithYear.format(date);
  return `${day}, ${time.format(date)}`;
}

/** "+14085550101" → "(408) 555-0101"; other numbers as stored. */
export function formatPhone(phone: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone);
  return match ? `(${match[1]}) ${match[2]}-${match[3]}` : phone;
}

/** "1 view", "3 views". */
export function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function initials(firstName?: string | null, lastName?: string | null): string {
  return `${firstName?.trim()[0] ?? ''}${lastName?.trim()[0] ?? ''}`.toUpperCase() || '?';
}

/** "like-new" → "Like New", "full-time" → "Full Time". */
export function titleCase(value: string): string {
  return value
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
