/**
 * What each category is called, in each of the product's languages: the Tiếng Việt is docs/glossary.md's,
 * the English the screens' (web/src/lib/categories.ts). The gateway's link previews name categories with
 * it; the web app's catalogues say the same (web/test/i18n.test.ts holds them to it).
 */
import type { Category } from './categories';
import type { Language } from './languages';

export interface CategoryName {
  /** The category's full name: a page's heading, a preview's title. */
  label: string;
  /** Where there is little room (a card's badge). */
  short: string;
}

export const CATEGORY_NAMES: Record<Language, Record<Category, CategoryName>> = {
  en: {
    rent: { label: 'Houses for Rent', short: 'Rent' },
    food: { label: 'Specialty Food', short: 'Food' },
    sale: { label: 'Items for Sale', short: 'Sale' },
    jobs: { label: 'Job Hiring', short: 'Job' },
    service: { label: 'Services', short: 'Service' },
    event: { label: 'Events', short: 'Event' },
  },
  vi: {
    rent: { label: 'Nhà cho thuê', short: 'Thuê nhà' },
    food: { label: 'Món ăn đặc sản', short: 'Món ăn' },
    sale: { label: 'Đồ cần bán', short: 'Đồ bán' },
    jobs: { label: 'Việc làm', short: 'Việc làm' },
    service: { label: 'Dịch vụ', short: 'Dịch vụ' },
    event: { label: 'Sự kiện', short: 'Sự kiện' },
  },
};
