/**
 * Small stroke icons (decorative: aria-hidden; the control that holds one carries the label): the base and
 * the icons of the first page (header, search, toasts, category cards). The rest are ./Icons.tsx, which
 * exports these too; the first page's modules import from here, so the other icons stay out of its JS.
 */
import type { ReactNode } from 'react';

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

export const SearchIcon = (props: IconProps) => (
  <Svg {...props}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Svg>
);
export const MenuIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Svg>
);
export const CloseIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Svg>
);
export const PlusIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M12 5v14M5 12h14" />
  </Svg>
);
export const HomeIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="m3 10 9-7 9 7v10a2 2 0 0 1-2 2h-4v-7H9v7H5a2 2 0 0 1-2-2z" />
  </Svg>
);
export const BowlIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 11h18a9 9 0 0 1-18 0Z" />
    <path d="M7 21h10M9 3c0 2 1 2 1 4M13 3c0 2 1 2 1 4" />
  </Svg>
);
export const TagIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M20.6 13.4 13.4 20.6a2 2 0 0 1-2.8 0L3 13V3h10l7.6 7.6a2 2 0 0 1 0 2.8Z" />
    <circle cx="7.5" cy="7.5" r="1.5" />
  </Svg>
);
export const BriefcaseIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="2" y="7" width="20" height="14" rx="2" />
    <path d="M16 7V5a2 2 0 0 0-2-2h-4a2 2 0 0 0-2 2v2M2 13h20" />
  </Svg>
);
export const WrenchIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M14.7 6.3a4 4 0 0 0 5 5L22 14l-8 8-2.3-2.3a4 4 0 0 0-5-5L3 11l8-8z" />
  </Svg>
);
export const CalendarIcon = (props: IconProps) => (
  <Svg {...props}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Svg>
);
