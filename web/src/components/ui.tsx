/**
 * Shared building blocks: buttons, form controls, cards, layout, skeletons, badges. Buttons and fields are
 * 44 px tall, what a finger needs (WCAG 2.5.5); small buttons too on a touch screen.
 */
import { useLingui } from '@lingui/react/macro';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { Link, type LinkProps } from '../lib/router';
import styled, { css } from 'styled-components';
import { media } from '../lib/breakpoints';

type Variant = 'primary' | 'outline' | 'ghost' | 'danger' | 'accent';
type Size = 'sm' | 'md' | 'lg' | 'icon';

const buttonStyles = css<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
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

type ButtonOwnProps = { variant?: Variant; size?: Size; block?: boolean };

const StyledButton = styled.button<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
  ${buttonStyles}
`;
export const Button = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & ButtonOwnProps>(function Button(
  { variant, size, block, type = 'button', ...props },
  ref,
) {
  return <StyledButton ref={ref} type={type} $variant={variant} $size={size} $block={block} {...props} />;
});

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
const controlStyles = css<{ $invalid?: boolean }>`
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
export const Select = styled.select<{ $invalid?: boolean }>`
  ${controlStyles}
  appearance: none;
  padding-right: 36px;
  background-image: url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='16' viewBox='0 0 24 24' fill='none' stroke='%236b6460' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E");
  background-repeat: no-repeat;
  background-position: right 12px center;
  cursor: pointer;
`;
export const Textarea = styled.textarea<{ $invalid?: boolean }>`
  ${controlStyles}
  resize: vertical;
  line-height: 1.5;
`;

export const Label = styled.label`
  display: block;
  margin-bottom: 6px;
  font-size: 0.9rem;
  font-weight: 600;
`;

/** The asterisk of a required field: drawn by CSS so it is neither text nor part of the accessible name (the input says required). */
export const Required = styled.span.attrs({ 'aria-hidden': true })`
  &::after {
    content: ' *';
    color: var(--danger);
  }
`;

export const FieldError = styled.p`
  margin-top: 6px;
  font-size: 0.85rem;
  color: var(--danger);
`;

export const Hint = styled.p`
  margin-top: 6px;
  font-size: 0.85rem;
  color: var(--muted);
`;

export const FieldRow = styled.div`
  margin-bottom: 18px;
`;

export const CheckRow = styled.label`
  display: flex;
  align-items: center;
  gap: 10px;
  padding: 4px 0;
  font-size: 0.95rem;
  cursor: pointer;
  input {
    width: 18px;
    height: 18px;
    margin: 0;
    accent-color: var(--primary);
    flex: none;
  }
`;

export const Card = styled.div`
  background: var(--surface);
  border: 1px solid var(--border);
  border-radius: var(--radius);
  box-shadow: var(--shadow);
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

export const PageTitle = styled.h1`
  font-size: 1.75rem;
  line-height: 1.2;
  font-weight: 700;
  letter-spacing: -0.01em;
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

export const Badge = styled.span<{ $tone?: 'primary' | 'accent' | 'neutral' | 'success' }>`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 3px 10px;
  border-radius: 999px;
  font-size: 0.78rem;
  font-weight: 600;
  ${({ $tone = 'neutral' }) =>
    ({
      primary: css`
        background: var(--primary-soft);
        color: var(--primary);
      `,
      accent: css`
        background: var(--accent-soft);
        color: #8a6300;
      `,
      neutral: css`
        background: var(--subtle);
        color: var(--muted);
      `,
      success: css`
        background: #dcfce7;
        color: var(--success);
      `,
    })[$tone]}
`;

export const Skeleton = styled.div<{ $height?: string; $width?: string; $radius?: string }>`
  height: ${({ $height = '16px' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ $radius = '6px' }) => $radius};
  background: linear-gradient(90deg, #eeeae6 0px, #f7f4f1 120px, #eeeae6 240px);
  background-size: 800px 100%;
  animation: shimmer 1.4s infinite linear;
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  gap: 20px;
  ${media.tablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.desktop} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
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

/** A failed read: the screen's "Failed to load …" title and "Try Again", which reloads the page. */
export function LoadFailed({ title }: { title: string }) {
  const { t } = useLingui();
  return (
    <CenteredMessage role="alert">
      <h2>{title}</h2>
      <Button onClick={() => window.location.reload()}>{t`Try Again`}</Button>
    </CenteredMessage>
  );
}

export function Stack({ gap = 12, children }: { gap?: number; children: ReactNode }) {
  return <div style={{ display: 'flex', flexDirection: 'column', gap }}>{children}</div>;
}

/** A round avatar: the photo, or the initials the caller puts inside. */
export const Avatar = styled.div<{ $size: number }>`
  flex: none;
  display: grid;
  place-items: center;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  overflow: hidden;
  border-radius: 50%;
  background: var(--primary-soft);
  color: var(--primary);
  font-weight: 700;
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
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
