/**
 * The few words link previews say besides the services' data, in each language (the Tiếng Việt follows
 * docs/glossary.md; category names are proto's CATEGORY_NAMES, shared with the web app).
 */
import type { Language } from '@vnmarket/proto';

export const SITE_NAME = 'Chợ Việt Bay Area';

/** og:locale of each language. */
export const OG_LOCALES: Record<Language, string> = { en: 'en_US', vi: 'vi_VN' };

interface Texts {
  /** The site's description: the built documents' own <meta name="description"> (web/src/prerender.tsx). */
  site: string;
  category(name: string): string;
  member(name: string): string;
  /** The alt text of a listing's photo. */
  photoOf(title: string): string;
  /** The alt text of the site's own preview image. */
  siteImage: string;
  free: string;
  perHour: string;
  perMonth: string;
  negotiable: string;
}

export const TEXTS: Record<Language, Texts> = {
  en: {
    site: 'Chợ Việt Bay Area: the Vietnamese community marketplace of the San Francisco Bay Area',
    category: (name) => `${name} from the Vietnamese community of the San Francisco Bay Area, on Chợ Việt Bay Area.`,
    member: (name) => `${name}'s listings and reviews on Chợ Việt Bay Area, the Vietnamese community marketplace of the San Francisco Bay Area.`,
    photoOf: (title) => `Photo of ${title}`,
    siteImage: 'Chợ Việt Bay Area',
    free: 'Free',
    perHour: '/hour',
    perMonth: '/month',
    negotiable: '(negotiable)',
  },
  vi: {
    site: 'Chợ Việt Bay Area: chợ rao vặt của cộng đồng người Việt vùng Vịnh San Francisco',
    category: (name) => `${name} của cộng đồng người Việt vùng Vịnh San Francisco, trên Chợ Việt Bay Area.`,
    member: (name) => `Tin đăng và đánh giá của ${name} trên Chợ Việt Bay Area, chợ rao vặt của cộng đồng người Việt vùng Vịnh San Francisco.`,
    photoOf: (title) => `Ảnh của ${title}`,
    siteImage: 'Chợ Việt Bay Area',
    free: 'Miễn phí',
    perHour: '/giờ',
    perMonth: '/tháng',
    negotiable: '(thương lượng)',
  },
};

const WHOLE_DOLLARS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const WITH_CENTS = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

/** US dollars as the community writes them, in both languages: `$1,200`, `$12.50`. */
function formatUsd(price: string): string {
  const value = Number(price);
  if (!Number.isFinite(value)) return '';
  return Number.isInteger(value) ? WHOLE_DOLLARS.format(value) : WITH_CENTS.format(value);
}

/** A listing's price with its kind: `$1,200/month` (`$1,200/tháng`), `$25/hour`, `Free`. */
export function formatPrice(price: string, priceType: string, language: Language): string {
  const texts = TEXTS[language];
  const amount = formatUsd(price);
  switch (priceType) {
    case 'free':
      return Number(price) === 0 ? texts.free : amount;
    case 'hourly':
      return `${amount}${texts.perHour}`;
    case 'monthly':
      return `${amount}${texts.perMonth}`;
    case 'negotiable':
      return `${amount} ${texts.negotiable}`;
    default:
      return amount;
  }
}

/** At most `max` characters of a text on one line, cut at a word with an ellipsis. */
export function excerpt(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  // Not half of a character outside the Basic Multilingual Plane (an emoji).
  const cut = line.slice(0, max - 1).replace(/[\uD800-\uDBFF]$/, '');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}
