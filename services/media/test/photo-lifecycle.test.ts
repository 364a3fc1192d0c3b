import { eventually, listingBody, registered, startStack, type Stack, type TestClient } from '@vnmarket/testkit';
import { photoWithGps } from './support';

jest.setTimeout(60_000);

/** Photos leave with their listing; issuing links and processing photos are rate-limited. */
// Listings' events say which photos a listing uses, and when it is gone.
let stack: Stack<'auth' | 'listings' | 'media'>;
beforeAll(async () => {
  stack = await startStack('photo-lifecycle', {
    only: ['auth', 'listings', 'media'],
    overrides: { media: { UPLOAD_LINKS_PER_HOUR: '6', IMAGES_PER_HOUR: '5' } },
  });
});
afterAll(() => stack.stop());

async function photo(client: TestClient): Promise<string> {
  const slot = await client.post('/api/objects/upload');
  expect(slot.status).toBe(200);
  const put = await fetch(new URL(slot.body.uploadURL, stack.gatewayUrl), {
    method: 'PUT',
    body: new Uint8Array(await photoWithGps(400, 300)),
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(put.status).toBe(200);
  const image = await client.request('PUT', '/api/listing-images', { json: { imageURL: slot.body.imageURL ?? slot.body.uploadURL } });
  expect(image.status).toBe(200);
  return image.body.objectPath as string;
}

const status = async (objectPath: string) => (await fetch(new URL(objectPath, stack.gatewayUrl))).status;

it('a photo dropped from a listing, then the listing deleted, takes its files with it; a photo still used elsewhere stays', async () => {
  const seller = await registered(stack);
  const [kept, dropped, shared] = [await photo(seller.client), await photo(seller.client), await photo(seller.client)];
  const listing = (await seller.client.post('/api/listings', listingBody({ images: [kept, dropped, shared] }))).body;
  const other = (await seller.client.post('/api/listings', listingBody({ images: [shared] }))).body;
  await eventually(async () => expect(await stack.media.infrastructure.db('listing_photos').whereIn('listing_id', [listing.id, other.id])).toHaveLength(2));

  const update = await seller.client.request('PUT', `/api/listings/${listing.id}`, { json: listingBody({ images: [kept, shared] }) });
  expect(update.status).toBe(200);
  await eventually(async () => expect(await status(dropped)).toBe(404));
  expect(await status(dropped.replace('.webp', '-thumb.webp'))).toBe(404);
  expect(await status(kept)).toBe(200);

  expect((await seller.client.request('DELETE', `/api/listings/${listing.id}`)).status).toBe(200);
  await eventually(async () => expect(await status(kept)).toBe(404));
  expect(await status(shared)).toBe(200);
});

it('limits upload links and processed photos per user (429 with Retry-After)', async () => {
  const user = await registered(stack);
  const slots = [];
  for (let i = 0; i < 7; i += 1) slots.push(await user.client.post('/api/objects/upload'));
  expect(slots.slice(0, 6).every((slot) => slot.status === 200)).toBe(true);
  expect(slots[6]!.status).toBe(429);
  expect(slots[6]!.body.message).toBe('Too many photo uploads. Please wait a while and try again.');
  expect(Number(slots[6]!.headers.get('retry-after'))).toBeGreaterThan(0);

  const processed = [];
  for (const slot of slots.slice(0, 6)) {
    await fetch(new URL(slot.body.uploadURL, stack.gatewayUrl), {
      method: 'PUT',
      body: new Uint8Array(await photoWithGps(200, 150)),
      headers: { 'content-type': 'image/jpeg' },
    });
    processed.push(await user.client.request('PUT', '/api/listing-images', { json: { imageURL: slot.body.uploadURL } }));
  }
  expect(processed.slice(0, 5).map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
  expect(processed[5]!.status).toBe(429);
});
