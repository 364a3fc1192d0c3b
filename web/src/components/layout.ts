/** Layout primitives: a column and a wrapping row of parts a set gap apart, and a photo that fills its box. */
import styled, { css } from 'styled-components';

/** A column of parts `$gap` px apart; min-width 0 lets long words wrap rather than widen the grid cell it sits in. */
export const Stack = styled.div<{ $gap?: number }>`
  display: flex;
  flex-direction: column;
  gap: ${({ $gap = 0 }) => $gap}px;
  min-width: 0;
`;

/** A row of parts `$gap` px apart that wraps onto another line when it runs out of room. */
export const Cluster = styled.div<{ $gap?: number }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ $gap = 0 }) => $gap}px;
`;

/** The box's photo fills it, cropped to its shape (a tile, a thumbnail, a card's picture). */
export const coverImage = css`
  img {
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
