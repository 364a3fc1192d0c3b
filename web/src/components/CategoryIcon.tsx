import type { Category } from '@vnmarket/proto/listings';
import { BowlIcon, BriefcaseIcon, CalendarIcon, HomeIcon, TagIcon, WrenchIcon } from './FirstPageIcons';

const ICONS = { rent: HomeIcon, food: BowlIcon, sale: TagIcon, jobs: BriefcaseIcon, service: WrenchIcon, event: CalendarIcon } satisfies Record<
  Category,
  unknown
>;

export function CategoryIcon({ category, size = 22 }: { category: Category; size?: number }) {
  const Icon = ICONS[category];
  return <Icon size={size} />;
}
