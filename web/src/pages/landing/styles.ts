/** What the landing page's sections share, above the fold (./Landing.tsx) and below it (./BelowTheFold.tsx). */
import styled from 'styled-components';

export const Section = styled.section`
  padding-top: 56px;
`;

export const SectionTitle = styled.h2`
  font-size: 1.6rem;
  font-weight: 750;
  letter-spacing: -0.01em;
`;
