/**
 * The member's saved listings: the list, and the heart that saves or unsaves one. After either, the saved
 * list and the listings' save counts refetch, so the heart follows the server's answer.
 */
import { mutate } from 'swr';
import { apiRequest, lazyContract, listOf } from './api';
import { keys } from './cache-keys';
import { revalidateListings } from './cache-writes';
import { useParsed } from './queries';

const savedListSchema = lazyContract((schemas) => listOf(schemas.savedListingSchema));

/** The signed-in user's saved listings, newest first, each with its listing. */
export function useSaved(enabled: boolean) {
  return useParsed(enabled ? keys.saved : null, savedListSchema);
}

/** Saves (`saved` true) or unsaves a listing. */
export async function setSaved(listingId: string, saved: boolean): Promise<void> {
  await apiRequest(saved ? 'POST' : 'DELETE', `/api/listings/${listingId}/save`);
  await Promise.all([mutate(keys.saved), revalidateListings()]);
}
