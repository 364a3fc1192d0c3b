/** Pieces the header bar, the user menu and the drawer share. */
import { Link } from '../../lib/router';
import styled, { css } from 'styled-components';

/*
 * On a narrow phone, or with very large text, the logo gives way first (a high shrink factor), before a
 * button's label would wrap or a button would leave the screen. The wordmark shows whole or not at all: when
 * it does not fit beside the mark it wraps to a second row that the fixed height hides, rather than being
 * cut mid-word ("Chợ Vi").
 */
export const Logo = styled(Link)`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  height: 32px;
  min-width: 0;
  flex-shrink: 100;
  overflow: hidden;
  gap: 8px;
  font-weight: 800;
  font-size: 1.2rem;
  letter-spacing: -0.02em;
  color: var(--text);
  text-decoration: none;
  white-space: nowrap;
`;

/** The mark (a market stall) is the favicon itself: a small file the browser keeps, no drawing in the JS. */
export const LogoMark = styled.img.attrs({ src: '/favicon.svg', alt: '', width: 32, height: 32 })`
  flex: none;
`;

export const IconButton = styled.button`
  position: relative;
  display: inline-grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border: 1px solid var(--border);
  border-radius: var(--radius-sm);
  background: var(--surface);
  cursor: pointer;
`;

export const Dot = styled.span`
  position: absolute;
  top: 4px;
  right: 4px;
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: var(--primary);
  border: 2px solid #fff;
`;

/** A row of the user menu or the drawer: icon, label, and the unread badge pushed to the end. */
const itemStyles = (padding: string, gap: string, fontSize: string, fontWeight: number) => css`
  display: flex;
  align-items: center;
  gap: ${gap};
  width: 100%;
  padding: ${padding};
  border: 0;
  border-radius: 8px;
  background: transparent;
  font-size: ${fontSize};
  font-weight: ${fontWeight};
  text-align: left;
  text-decoration: none;
  color: var(--text);
  cursor: pointer;
  &:hover,
  &:focus-visible {
    background: var(--subtle);
    outline: 2px solid transparent;
  }
  span[data-testid] {
    margin-left: auto;
  }
`;

export const menuItem = itemStyles('9px 10px', '10px', '0.92rem', 400);
export const drawerItem = itemStyles('12px 10px', '12px', '1rem', 500);
