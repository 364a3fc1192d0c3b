/**
 * One listing and the member's own, as the screens read and write them: create, edit, switch on and off,
 * delete, renew, mark sold, and a phone-contact seller's number. Every write that changes a listing
 * refetches every cached listing read. The landing page's listings are ./queries.ts's (first page); browsing
 * page by page is ./browse.ts.
 */
import type { ListingBuyer } from '@vnmarket/proto/listing-lifecycle';
import type { Listing, ListingInput } from '@vnmarket/proto/listings';
import { apiRequest, apiRequestParsed, lazyContract, listOf } from './api';
import { keys } from './cache-keys';
import { revalidateListings } from './cache-writes';
import { listingListSchema, useParsed } from './queries';

const listingSchema = lazyContract((schemas) => schemas.listingSchema);
const buyerListSchema = lazyContract((schemas) => listOf(schemas.listingBuyerSchema));
const phoneRevealSchema = lazyContract((schemas) => schemas.phoneRevealAnswer);

/** One listing; `id` undefined: not yet (auth still loading, or signed out). */
export function useListing(id: string | undefined) {
  return useParsed(id ? keys.listing(id) : null, listingSchema);
}

/** The signed-in user's own listings, active and inactive. */
export function useOwnListings(enabled: boolean) {
  return useParsed(enabled ? keys.ownListings : null, listingListSchema);
}

/** The members who wrote about a listing: whom its seller may name as the buyer. */
export function listingBuyers(listingId: string): Promise<ListingBuyer[]> {
  return apiRequestParsed('GET', `/api/listings/${listingId}/buyers`, buyerListSchema);
}

/** Publishes a listing; the listing reads refetch in the background (the screen moves on to the new one). */
export async function createListing(body: ListingInput): Promise<Listing> {
  const created = await apiRequestParsed('POST', '/api/listings', listingSchema, body);
  void revalidateListings();
  return created;
}

export async function updateListing(id: string, body: ListingInput): Promise<void> {
  await apiRequest('PUT', `/api/listings/${id}`, body);
  await revalidateListings();
}

/** The owner's own switch: shown in browse and search, or not. */
export async function setListingActive(id: string, isActive: boolean): Promise<void> {
  await apiRequest('PATCH', `/api/listings/${id}`, { isActive });
  await revalidateListings();
}

export async function deleteListing(id: string): Promise<void> {
  await apiRequest('DELETE', `/api/listings/${id}`);
  await revalidateListings();
}

/** An expired listing shown again for another 30 days. */
export async function renewListing(id: string): Promise<void> {
  await apiRequest('POST', `/api/listings/${id}/renew`);
  await revalidateListings();
}

/** Sold, to one of its buyers (listingBuyers) or to someone else (null). */
export async function markListingSold(id: string, buyerId: string | null): Promise<void> {
  await apiRequest('POST', `/api/listings/${id}/sold`, { buyerId });
  await revalidateListings();
}

/** A phone-contact seller's number, asked for on "Show number" (the listing never carries it). */
export async function revealPhone(listingId: string): Promise<string> {
  return (await apiRequestParsed('POST', `/api/listings/${listingId}/phone`, phoneRevealSchema)).phone;
}
