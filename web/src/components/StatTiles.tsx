/** A row of four figures (the dashboard's and the profile's), two a row on a phone: each a label and a value, a shape while it loads. */
import { useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { media } from '../lib/breakpoints';
import { Card, Skeleton } from './ui';

/** `value` undefined: still loading. */
export function Stat({ label, value }: { label: string; value: string | undefined }) {
  const { t } = useLingui();
  return (
    <Tile data-testid="stat">
      <span>{label}</span>
      {value === undefined ? (
        <>
          <Skeleton $height="30px" $width="48px" aria-hidden="true" />
          <span className="visually-hidden">{t`Loading`}</span>
        </>
      ) : (
        <strong>{value}</strong>
      )}
    </Tile>
  );
}

export const Stats = styled.section`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 12px;
  margin: 20px 0 24px;
  ${media.belowTablet} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Tile = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: 4px;
  padding: 14px 16px;
  span {
    color: var(--muted);
    font-size: 0.9rem;
  }
  strong {
    font-size: 1.6rem;
    line-height: 1.2;
  }
`;
