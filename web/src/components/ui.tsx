/**
 * Shared building blocks: buttons, form controls and their labels, cards, layout, skeletons, badges. Those
 * the first page renders are ./first-page-ui.tsx (exported here too), so that these stay out of its JS.
 */
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { media } from '../lib/breakpoints';
import { buttonStyles, CenteredMessage, Container, controlStyles, type ButtonOwnProps, type Size, type Variant } from './first-page-ui';

export { ButtonAnchor, ButtonLink, CenteredMessage, Container, HeroBand, IconCircle, Input, Muted } from './first-page-ui';

const StyledButton = styled.button<{ $variant?: Variant; $size?: Size; $block?: boolean }>`
  ${buttonStyles}
`;
export const Button = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<'button'> & ButtonOwnProps>(function Button(
  { variant, size, block, type = 'button', ...props },
  ref,
) {
  return <StyledButton ref={ref} type={type} $variant={variant} $size={size} $block={block} {...props} />;
});

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

/** A select's options, in the order given; a label is the text itself or a message in the active language. */
export function SelectOptions({ options }: { options: readonly { value: string; label: string | MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {typeof option.label === 'string' ? option.label : i18n._(option.label)}
    </option>
  ));
}

/** A control's label for screen readers only: on screen the control's placeholder or its group says what it is. */
export function HiddenLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="visually-hidden">
      {children}
    </label>
  );
}

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

/** A screen's page: the container, with room above and below. */
export const Page = styled(Container)`
  padding-top: 28px;
  padding-bottom: 56px;
`;

/** A screen's title row: the title and what goes with it (a count, a status; `$spread`: at the far end), wrapping on a phone. */
export const PageHead = styled.div<{ $spread?: boolean }>`
  display: flex;
  flex-wrap: wrap;
  align-items: baseline;
  justify-content: ${({ $spread }) => ($spread ? 'space-between' : 'flex-start')};
  gap: 6px 14px;
  margin-bottom: 20px;
`;

export const PageTitle = styled.h1`
  font-size: 1.75rem;
  line-height: 1.2;
  font-weight: 700;
  letter-spacing: -0.01em;
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

/** A list without bullets or indent, its items `$gap` px apart. */
export const PlainList = styled.ul<{ $gap?: number }>`
  display: grid;
  gap: ${({ $gap = 0 }) => $gap}px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

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
