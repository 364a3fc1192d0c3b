/** Layout pieces the listing detail's parts share. */
import styled from 'styled-components';
import { Stack } from '../../components/layout';
import { Container } from '../../components/ui';
import { media } from '../../lib/breakpoints';

export const Page = styled(Container)`
  padding-top: 20px;
  padding-bottom: 56px;
  .muted {
    color: var(--muted);
    font-size: 0.9rem;
  }
`;

/**
 * Phones read gallery, title and price, description, seller, reviews; wide screens put the summary,
 * seller and reviews in a right-hand column. Left and Aside dissolve into one ordered column on phones.
 */
export const Columns = styled(Stack).attrs({ $gap: 20 })`
  ${media.desktop} {
    display: grid;
    grid-template-columns: minmax(0, 1.55fr) minmax(0, 1fr);
    gap: 24px;
    align-items: start;
  }
`;

export const Section = styled.section`
  margin-top: 24px;
  &:first-child {
    margin-top: 0;
  }
  h2 {
    margin-bottom: 10px;
    font-size: 1.15rem;
    font-weight: 700;
  }
`;
