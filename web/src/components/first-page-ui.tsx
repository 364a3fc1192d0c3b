/**
 * The building blocks the first page renders (the header, the landing page, a screen's loading state): buttons
 * and links styled as buttons, the text field (the header's search), the page's width, <main>, the hero band
 * and icon tiles. The rest are ./ui.tsx, which exports these too; the first page's modules import from here,
 * so the other blocks (form rows, cards, badges, skeletons, avatars) stay out of its JS. Buttons and fields
 * are 44 px tall, what a finger needs (WCAG 2.5.5); small buttons too on a touch screen.
 */
import { useLingui } from '@lingui/react/macro';
import type { ComponentPropsWithoutRef } from 'react';
import { Link, type LinkProps } from '../lib/router';
import styled, { css } from 'styled-components';
import { media } from '../lib/breakpoints';

export type Variant = 'primary' | 'outline' | 'ghost' | 'danger' | 'accent';
export type Size = 'sm' | 'md' | 'lg' | 'icon';

export const buttonStyles = css<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  border-radius: var(--radius-sm);
  border: 1px solid transparent;
  font-weight: 600;
  line-height: 1.2;
  text-align: center;
  text-decoration: none;
  /* A label wraps between words rather than run off a narrow screen when the text is made large. */
  max-width: 100%;
  cursor: pointer;
  transition:
    background 120ms,
    border-color 120ms,
    color 120ms,
    box-shadow 120ms;
  ${({ $size = 'md' }) =>
    ({
      sm: css`
        padding: 6px 12px;
        font-size: 0.875rem;
        min-height: 36px;
        @media (pointer: coarse) {
          min-height: 44px;
        }
      `,
      md: css`
        padding: 10px 16px;
        font-size: 0.95rem;
        min-height: 44px;
      `,
      lg: css`
        padding: 13px 24px;
        font-size: 1.05rem;
        min-height: 50px;
      `,
      icon: css`
        padding: 0;
        width: 44px;
        height: 44px;
      `,
    })[$size]}
  ${({ $variant = 'primary' }) =>
    ({
      primary: css`
        background: var(--primary);
        color: #fff;
        &:hover:not(:disabled) {
          background: var(--primary-hover);
        }
      `,
      accent: css`
        background: var(--accent);
        color: #1c1917;
        &:hover:not(:disabled) {
          background: var(--accent-hover);
        }
      `,
      outline: css`
        background: var(--surface);
        color: var(--text);
        border-color: var(--border);
        &:hover:not(:disabled) {
          background: var(--subtle);
        }
      `,
      ghost: css`
        background: transparent;
        color: var(--text);
        &:hover:not(:disabled) {
          background: var(--subtle);
        }
      `,
      danger: css`
        background: var(--danger);
        color: #fff;
        &:hover:not(:disabled) {
          background: #b91c1c;
        }
      `,
    })[$variant]}
  ${({ $block }) =>
    $block &&
    css`
      width: 100%;
    `}
  &:focus-visible {
    /* Transparent, not none: forced colors (Windows high contrast) drop the shadow and draw this outline. */
    outline: 2px solid transparent;
    box-shadow: var(--focus);
  }
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

export type ButtonOwnProps = { variant?: Variant; size?: Size; block?: boolean };

const StyledLink = styled(Link)<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
  ${buttonStyles}
`;
export function ButtonLink({ variant, size, block, ...props }: LinkProps & ButtonOwnProps) {
  return <StyledLink $variant={variant} $size={size} $block={block} {...props} />;
}

const StyledAnchor = styled.a<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
  ${buttonStyles}
`;
/** A full-page navigation (for /api/login and tel: links) styled as a button. */
export function ButtonAnchor({ variant, size, block, ...props }: ComponentPropsWithoutRef<'a'> & ButtonOwnProps) {
  return <StyledAnchor $variant={variant} $size={size} $block={block} {...props} />;
}

// The focus ring on :focus-within too: a date or time input gives focus to a field inside it, and Chromium
// leaves :focus off the input itself (a keyboard user saw no ring on Event Date).
export const controlStyles = css<{ $invalid?: boolean }>`
  width: 100%;
  min-height: 44px;
  padding: 9px 12px;
  border: 1px solid ${({ $invalid }) => ($invalid ? 'var(--danger)' : 'var(--border)')};
  border-radius: var(--radius-sm);
  background: var(--surface);
  font-size: 0.95rem;
  &::placeholder {
    color: #a8a29e;
  }
  &:focus,
  &:focus-within {
    outline: 2px solid transparent;
    border-color: var(--primary);
    box-shadow: var(--focus);
  }
  &:disabled {
    background: var(--subtle);
    cursor: not-allowed;
  }
`;
export const Input = styled.input<{ $invalid?: boolean }>`
  ${controlStyles}
`;
export const Container = styled.div`
  width: 100%;
  max-width: 1200px;
  margin: 0 auto;
  padding: 0 16px;
  ${media.tablet} {
    padding: 0 24px;
  }
`;

// flow-root: a screen's top margin stays inside <main> instead of collapsing through it, so <main> does not
// move down when the screen's content replaces its loading state (a layout shift).
/* Focused after in-app navigation (App's OnNewScreen) or the skip link: the start of the content, no ring around all of it. */
export const Main = styled.main`
  min-height: calc(100vh - var(--header-height));
  display: flow-root;
  &:focus {
    outline: none;
  }
`;

/** A screen's opening band (the landing page's, home's, a category page's): the hero colours under white text. */
export const HeroBand = styled.section`
  padding: 32px 0 28px;
  background: var(--hero);
  color: #fff;
`;

/** An icon on a soft primary tile (category cards, feature cards, the verification badge). */
export const IconCircle = styled.span<{ $size?: number; $round?: boolean }>`
  display: inline-grid;
  place-items: center;
  flex: none;
  width: ${({ $size = 42 }) => $size}px;
  height: ${({ $size = 42 }) => $size}px;
  border-radius: ${({ $round, $size = 42 }) => ($round ? '50%' : `${Math.round($size / 4)}px`)};
  background: var(--primary-soft);
  color: var(--primary);
`;

export const Muted = styled.p`
  color: var(--muted);
`;

export const CenteredMessage = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 14px;
  padding: 56px 20px;
  text-align: center;
  color: var(--muted);
  h1,
  h2 {
    color: var(--text);
  }
  h2 {
    font-size: 1.2rem;
  }
`;

/** What a lazily loaded screen shows while its code arrives: a polite status, no layout jump. */
export function PageLoading() {
  const { t } = useLingui();
  return (
    <Container>
      <CenteredMessage role="status" aria-live="polite">
        <Muted>{t`Loading...`}</Muted>
      </CenteredMessage>
    </Container>
  );
}
