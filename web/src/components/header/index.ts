// The site header (./Header.tsx) and its parts: search, unread badge, user menu, phone drawer.
export { Header, loadUserMenu } from './Header';
