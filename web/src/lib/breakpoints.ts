/**
 * The app's one set of breakpoints. Layouts are written for phones first and change at these widths:
 *
 * - phone (480 px): a large phone or a phone held sideways: the header's Sign Up button, side-by-side
 *   name fields.
 * - tablet (768 px): no longer a phone: the header's full navigation and search, two-column forms and
 *   grids, the inbox beside the thread, dashboard rows in one line, toasts at the bottom.
 * - desktop (1024 px): the filter sidebar beside the results, the listing detail's right-hand column,
 *   three-column grids and the four-column footer.
 *
 * Use the media queries below in styled-components (`${media.tablet} { ... }`), never a number of your own.
 */
const BREAKPOINTS = { phone: 480, tablet: 768, desktop: 1024 } as const;
export type Breakpoint = keyof typeof BREAKPOINTS;

/** `@media` for the breakpoint's width and wider. */
function from(breakpoint: Breakpoint): string {
  return `@media (min-width: ${BREAKPOINTS[breakpoint]}px)`;
}

/** `@media` for widths narrower than the breakpoint (the exact complement of `from`). */
function below(breakpoint: Breakpoint): string {
  return `@media (max-width: ${BREAKPOINTS[breakpoint] - 0.02}px)`;
}

/** The media queries by name: `media.tablet` is "tablet and wider", `media.belowTablet` its complement. */
export const media = {
  phone: from('phone'),
  tablet: from('tablet'),
  desktop: from('desktop'),
  belowPhone: below('phone'),
  belowTablet: below('tablet'),
  belowDesktop: below('desktop'),
} as const;
