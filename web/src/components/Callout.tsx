import styled from 'styled-components';

/** A calm note beside what it is about (a listing under review or expired, a step to take first): apricot edge, no alarm. */
export const Callout = styled.div`
  padding: 10px 12px;
  border-radius: var(--radius-sm);
  border: 1px solid var(--border);
  border-left: 4px solid var(--accent);
  background: var(--accent-soft);
  font-size: 0.92rem;
  display: grid;
  gap: 8px;
  justify-items: start;
  p {
    margin: 0;
  }
`;
