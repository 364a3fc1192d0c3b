/**
 * Small stroke icons (decorative: aria-hidden; the control that holds one carries the label): the base and
 * the icons of the first page (header, search, toasts, category cards). The rest are ./Icons.tsx, which
 * exports these too; the first page's modules import from here, so the other icons stay out of its JS.
 * Each icon is one line: icon() and the SVG elements of its drawing.
 */
import { createElement, Fragment, type ReactElement, type ReactNode } from 'react';

export interface IconProps {
  size?: number;
  filled?: boolean;
}

export function Svg({ size = 20, filled = false, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The icon that draws `shapes` (its SVG elements, in order) in the icons' 24×24 stroke style. */
export function icon(...shapes: ReactElement[]) {
  // The shapes as separate arguments, not a list: a fixed drawing needs no keys.
  const drawing = createElement(Fragment, null, ...shapes);
  return (props: IconProps) => <Svg {...props}>{drawing}</Svg>;
}

export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, <path d="m20 20-3.5-3.5" />);
export const MenuIcon = icon(<path d="M4 6h16M4 12h16M4 18h16" />);
export const CloseIcon = icon(<path d="M18 6 6 18M6 6l12 12" />);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const HomeIcon = icon(<path d="m3 10 9-7 9 7v10a2 2 0 0 1-2 2h-4v-7H9v7H5a2 2 0 0 1-2-2z" />);
export const BowlIcon = icon(<path d="M3 11h18a9 9 0 0 1-18 0Z" />, <path d="M7 21h10M9 3c0 2 1 2 1 4M13 3c0 2 1 2 1 4" />);
export const TagIcon = icon(<path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />, <circle cx="7.5" cy="7.5" r="1.5" />);
export const BriefcaseIcon = icon(<rect x="2" y="7" width="20" height="14" rx="2" />, <path d="M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20" />);
export const WrenchIcon = icon(<path d="M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L3 11l8-8z" />);
export const CalendarIcon = icon(<rect x="3" y="4" width="18" height="18" rx="2" />, <path d="M16 2v4M8 2v4M3 10h18" />);
