/** The dropdowns of a member's header (the notifications and the user menu): the button's box and the panel under it. */
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
