/** The dropdowns of a member's header (the notifications and the user menu): the button's box, the panel under it, and closing on a press outside. */
import { useEffect, useRef, type RefObject } from 'react';
import styled from 'styled-components';

/** Holds a header button and its dropdown, which is placed against it. */
export const DropdownAnchor = styled.div`
  position: relative;
`;

/** The panel that drops under its button, aligned to the button's right edge. */
export const DropdownPanel = styled.div`
  position: absolute;
  right: 0;
  top: calc(100% + 8px);
  padding: 6px;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  box-shadow: var(--shadow-lg);
`;

/**
 * While a dropdown is open, a press outside its anchor (mouse, finger or pen; pointerdown, so a tap on a
 * phone closes it at once) calls onOutside.
 */
export function useCloseOnOutsidePress(open: boolean, anchor: RefObject<HTMLElement | null>, onOutside: () => void): void {
  const latest = useRef(onOutside);
  useEffect(() => {
    latest.current = onOutside;
  });
  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!anchor.current?.contains(event.target as Node)) latest.current();
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [open, anchor]);
}
