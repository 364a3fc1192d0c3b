import styled from 'styled-components';
import { EyeIcon, HeartIcon } from './Icons';
import { plural } from '../lib/format';

/** A listing's views and saves, one span each, for the owner's list and the listing page. */
export function ListingCounts({ listing }: { listing: { viewCount: number; saveCount: number } }) {
  return (
    <>
      <span>
        <EyeIcon size={15} /> {plural(listing.viewCount, 'view')}
      </span>
      <span>
        <HeartIcon size={15} /> {plural(listing.saveCount, 'save')}
      </span>
    </>
  );
}

/** The line the counts stand in, with the listing's other small facts (posted, location): muted, wrapping, each icon beside its figure. */
export const CountsRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px 14px;
  font-size: 0.88rem;
  color: var(--muted);
  span {
    display: inline-flex;
    align-items: center;
    gap: 5px;
  }
`;
