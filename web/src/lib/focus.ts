/** Keyboard focus helpers shared by the dialogs, the phone menu, the toasts and navigation. */

/** What Tab can reach. */
export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * For a modal's keydown: Tab from its last control goes to the first, Shift+Tab from the first to the last,
 * and a Tab from outside it (focus lost to the page behind) comes back in.
 */
export function keepTabInside(container: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== 'Tab') return;
  const items = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = items[0];
  const last = items[items.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (!container.contains(active) || active === (event.shiftKey ? first : last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}

/** Focus on the start of the page's content (<main id="main">, the skip link's target), where the next Tab begins. */
export function focusMain(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
}
