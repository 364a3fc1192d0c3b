import type { ReactNode } from 'react';
import styled from 'styled-components';
import { PlainList, Skeleton } from '../../../components/ui';

/** A section's list as it loads: the failure, a shape while loading, the empty note, else `row` of each item (a Row). */
export function SectionList<T>({
  items,
  error,
  failedText,
  emptyText,
  row,
}: {
  items: readonly T[] | undefined;
  error: unknown;
  failedText: string;
  emptyText: string;
  row: (item: T) => ReactNode;
}) {
  if (error) return <Note role="alert">{failedText}</Note>;
  if (!items) return <Skeleton $height="56px" />;
  if (items.length === 0) return <Note>{emptyText}</Note>;
  return <PlainList>{items.map(row)}</PlainList>;
}

const Note = styled.p`
  color: var(--muted);
  font-size: 0.9rem;
`;

/** One item: a line between items, its parts side by side. */
export const Row = styled.li`
  display: flex;
  align-items: center;
  gap: 12px;
  padding: 10px 0;
  border-top: 1px solid var(--border);
  &:first-child {
    border-top: 0;
  }
`;
