/** A rating on the 1-to-5 star scale, for reading: one image with its value as the label. */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { intlLocale } from '../lib/i18n';
import { StarIcon } from './Icons';

/** A rating with one decimal, as the active language writes it: "4.5", "4,5". */
export function formatRating(rating: number): string {
  return new Intl.NumberFormat(intlLocale(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(rating);
}

export function Stars({ rating, size = 16, label }: { rating: number; size?: number; label?: string }) {
  const rounded = Math.round(rating);
  const { t } = useLingui();
  const value = formatRating(rating);
  return (
    <Row role="img" aria-label={label ?? t`${value} out of 5 stars`} data-testid="stars" data-rating={rating}>
      {Array.from({ length: 5 }, (_, index) => (
        <Star key={index} $on={index < rounded}>
          <StarIcon size={size} filled />
        </Star>
      ))}
    </Row>
  );
}

const Row = styled.span`
  display: inline-flex;
  gap: 1px;
  vertical-align: middle;
`;

/** Gold for a given star; a grey that still reads against white for the rest. */
const Star = styled.span<{ $on: boolean }>`
  display: inline-flex;
  color: ${({ $on }) => ($on ? 'var(--accent)' : '#d6d3d1')};
`;
