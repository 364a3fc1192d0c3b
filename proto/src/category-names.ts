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

/** Per category and language: its label, then its short name. */
const NAMES: Record<Category, Record<Language, readonly [label: string, short: string]>> = {
  rent: { en: ['Houses for Rent', 'Rent'], vi: ['Nhà cho thuê', 'Thuê nhà'] },
  food: { en: ['Specialty Food', 'Food'], vi: ['Món ăn đặc sản', 'Món ăn'] },
  sale: { en: ['Items for Sale', 'Sale'], vi: ['Đồ cần bán', 'Đồ bán'] },
  jobs: { en: ['Job Hiring', 'Job'], vi: ['Việc làm', 'Việc làm'] },
  service: { en: ['Services', 'Service'], vi: ['Dịch vụ', 'Dịch vụ'] },
  event: { en: ['Events', 'Event'], vi: ['Sự kiện', 'Sự kiện'] },
};

function namesIn(language: Language): Record<Category, CategoryName> {
  const entries = Object.entries(NAMES).map(([category, names]) => [category, { label: names[language][0], short: names[language][1] }]);
  return Object.fromEntries(entries) as Record<Category, CategoryName>;
}

export const CATEGORY_NAMES: Record<Language, Record<Category, CategoryName>> = { en: namesIn('en'), vi: namesIn('vi') };
