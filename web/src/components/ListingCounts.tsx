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
