import { ownerOfObjectPath, type EventData } from '@vnmarket/proto';
import { applyTombstone, applyVersioned, type Knex } from '@vnmarket/shared';

const LISTING_PHOTOS = { table: 'listing_photos', key: 'listing_id' };

interface ListingPhotosRow {
  listing_id: string;
  user_id: string;
  images: string[];
  version: number;
  deleted: boolean;
}

/** The storage keys of a photo: its web copy and its thumbnail. */
export function keysOfPhoto(objectPath: string): string[] {
  const key = objectPath.replace(/^\/objects\//, '').replace(/-thumb\.webp$/, '.webp');
  return [key, key.replace(/\.webp$/, '-thumb.webp')];
}

/**
 * Records a listing's photos (if this event is newer than what is held) and returns the photos it
 * stopped using: the seller's own, and used by none of their other listings.
 */
export async function applyListingPhotos(trx: Knex.Transaction, listing: EventData<'listing.updated'>): Promise<string[]> {
  const before = await trx<ListingPhotosRow>('listing_photos').where({ listing_id: listing.id }).forUpdate().first();
  const stored = await applyVersioned(trx, LISTING_PHOTOS, {
    listing_id: listing.id,
    user_id: listing.userId,
    images: JSON.stringify(listing.images),
    version: listing.version,
  });
  if (!stored || !before) return [];
  return unusedPhotos(
    trx,
    listing.id,
    listing.userId,
    before.images.filter((image) => !listing.images.includes(image)),
  );
}

/** Marks the listing deleted and returns every photo it used that nothing else uses. */
export async function forgetListingPhotos(trx: Knex.Transaction, data: EventData<'listing.deleted'>): Promise<string[]> {
  const before = await trx<ListingPhotosRow>('listing_photos').where({ listing_id: data.id }).forUpdate().first();
  const applied = await applyTombstone(trx, LISTING_PHOTOS, { listing_id: data.id, user_id: data.userId, images: '[]' }, data.version, ['images']);
  if (!applied || !before) return [];
  return unusedPhotos(trx, data.id, data.userId, before.images);
}

async function unusedPhotos(trx: Knex.Transaction, listingId: string, userId: string, candidates: string[]): Promise<string[]> {
  const unused: string[] = [];
  for (const image of candidates) {
    // Never another user's object, and not one still shown on another of the seller's listings.
    if (ownerOfObjectPath(image) !== userId) continue;
    const elsewhere = await trx('listing_photos')
      .where({ deleted: false })
      .whereNot({ listing_id: listingId })
      .whereRaw('images @> ?::jsonb', [JSON.stringify([image])])
      .first('listing_id');
    if (!elsewhere) unused.push(image);
  }
  return unused;
}
