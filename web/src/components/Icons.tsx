/** Small stroke icons (decorative: aria-hidden; the control that holds one carries the label). The first page's are ./FirstPageIcons.tsx. */
import { icon } from './FirstPageIcons';

export * from './FirstPageIcons';

export const HeartIcon = icon(
  <path d="M19 14c1.5-1.5 3-3.2 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.8 0-3 .5-4.5 2-1.5-1.5-2.7-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4 3 5.5l7 7Z" />,
);
export const FlagIcon = icon(<path d="M4 15s1-1 4-1 5 2 8 2 4-1 4-1V3s-1 1-4 1-5-2-8-2-4 1-4 1z" />, <path d="M4 22v-7" />);
export const PinIcon = icon(<path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0Z" />, <circle cx="12" cy="10" r="3" />);
export const EyeIcon = icon(<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12Z" />, <circle cx="12" cy="12" r="3" />);
export const ClockIcon = icon(<circle cx="12" cy="12" r="10" />, <path d="M12 6v6l4 2" />);
export const PhoneIcon = icon(
  <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L8 9.9a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2Z" />,
);
export const ChatIcon = icon(<path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />);
export const ImageIcon = icon(
  <rect x="3" y="3" width="18" height="18" rx="2" />,
  <circle cx="9" cy="9" r="2" />,
  <path d="m21 15-3.1-3.1a2 2 0 0 0-2.8 0L6 21" />,
);
export const BackIcon = icon(<path d="m12 19-7-7 7-7M19 12H5" />);
export const UploadIcon = icon(<path d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4" />, <path d="m17 8-5-5-5 5M12 3v12" />);
export const StarIcon = icon(<path d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />);
export const ShieldIcon = icon(<path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10" />, <path d="m9 12 2 2 4-4" />);
export const UserIcon = icon(<path d="M19 21v-2a4 4 0 0 0-4-4H9a4 4 0 0 0-4 4v2" />, <circle cx="12" cy="7" r="4" />);
export const BookmarkIcon = icon(<path d="m19 21-7-4-7 4V5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2z" />);
export const LogOutIcon = icon(<path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />);
export const GridIcon = icon(
  <rect x="3" y="3" width="7" height="7" />,
  <rect x="14" y="3" width="7" height="7" />,
  <rect x="14" y="14" width="7" height="7" />,
  <rect x="3" y="14" width="7" height="7" />,
);
export const CheckIcon = icon(<path d="M20 6 9 17l-5-5" />);
export const SendIcon = icon(<path d="m22 2-7 20-4-9-9-4zM22 2 11 13" />);
export const BellIcon = icon(<path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />, <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />);
