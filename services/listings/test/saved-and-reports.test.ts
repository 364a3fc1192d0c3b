import { randomUUID } from 'node:crypto';
import { registered, type RegisteredUser, type Stack } from '@vnmarket/testkit';
import { listingsStack, postListing } from './support/stack';

let stack: Stack<'auth' | 'listings'>, owner: RegisteredUser, fan: RegisteredUser;
listingsStack('saved-reports', (...started) => ([stack, owner, fan] = started));

const newListing = async () => (await postListing(owner.client)) as { id: string };
const saveCount = async (id: string) => (await owner.client.get(`/api/listings/${id}`)).body.saveCount as number;

describe('saving', () => {
  it('is idempotent both ways and keeps saveCount equal to the saves', async () => {
    const listing = await newListing();
    expect((await fan.client.post(`/api/listings/${listing.id}/save`)).status).toBe(201);
    expect((await fan.client.post(`/api/listings/${listing.id}/save`)).status).toBe(200);
    expect(await saveCount(listing.id)).toBe(1);

    const saved = await fan.client.get('/api/saved-listings');
    expect(saved.status).toBe(200);
    expect(saved.body).toHaveLength(1);
    expect(saved.body[0]).toMatchObject({ listingId: listing.id, listing: { id: listing.id, saveCount: 1 } });

    expect((await fan.client.request('DELETE', `/api/listings/${listing.id}/save`)).status).toBe(200);
    expect((await fan.client.request('DELETE', `/api/listings/${listing.id}/save`)).status).toBe(200);
    expect(await saveCount(listing.id)).toBe(0);
    expect((await fan.client.get('/api/saved-listings')).body).toHaveLength(0);
  });

  it('keeps saveCount right under concurrent saves and unsaves', async () => {
    const listing = await newListing();
    const savers = await Promise.all(Array.from({ length: 12 }, () => registered(stack)));
    const results = await Promise.all(
      savers.flatMap((saver) => [saver.client.post(`/api/listings/${listing.id}/save`), saver.client.post(`/api/listings/${listing.id}/save`)]),
    );
    for (const response of results) expect([200, 201]).toContain(response.status);
    expect(await saveCount(listing.id)).toBe(12);
    await Promise.all(
      savers
        .slice(0, 5)
        .flatMap((saver) => [
          saver.client.request('DELETE', `/api/listings/${listing.id}/save`),
          saver.client.request('DELETE', `/api/listings/${listing.id}/save`),
        ]),
    );
    expect(await saveCount(listing.id)).toBe(7);
    const counted = await stack.listings.infrastructure.db('saved_listings').where({ listing_id: listing.id }).count<{ count: number }[]>({ count: '*' });
    expect(Number(counted[0]!.count)).toBe(7);
  });

  it('answers 404 for absent or malformed listings and 401 signed out', async () => {
    expect((await fan.client.post(`/api/listings/${randomUUID()}/save`)).status).toBe(404);
    expect((await fan.client.post('/api/listings/xyz/save')).status).toBe(404);
    expect((await fan.client.request('DELETE', '/api/listings/xyz/save')).status).toBe(404);
    const listing = await newListing();
    expect((await stack.client().post(`/api/listings/${listing.id}/save`)).status).toBe(401);
    expect((await stack.client().get('/api/saved-listings')).status).toBe(401);
  });

  it('deleting a listing removes it from everyone’s saved list', async () => {
    const listing = await newListing();
    await fan.client.post(`/api/listings/${listing.id}/save`);
    await owner.client.request('DELETE', `/api/listings/${listing.id}`);
    const saved = (await fan.client.get('/api/saved-listings')).body as { listingId: string }[];
    expect(saved.map((item) => item.listingId)).not.toContain(listing.id);
  });
});

describe('reports', () => {
  it('records a report with status pending', async () => {
    const listing = await newListing();
    const response = await fan.client.post('/api/reports', { listingId: listing.id, reason: 'spam', description: 'Lừa đảo, đòi đặt cọc trước' });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      listingId: listing.id,
      reporterId: fan.user.id,
      reason: 'spam',
      status: 'pending',
      description: 'Lừa đảo, đòi đặt cọc trước',
    });
  });

  it('answers "Please select a reason" for a missing or unknown reason', async () => {
    const listing = await newListing();
    for (const reason of [undefined, '', 'boring']) {
      const response = await fan.client.post('/api/reports', { listingId: listing.id, reason });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please select a reason');
    }
  });

  it('allows one open report per user per listing', async () => {
    const listing = await newListing();
    expect((await fan.client.post('/api/reports', { listingId: listing.id, reason: 'fraud' })).status).toBe(201);
    const again = await fan.client.post('/api/reports', { listingId: listing.id, reason: 'other' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already reported this listing');
    const someoneElse = await registered(stack);
    expect((await someoneElse.client.post('/api/reports', { listingId: listing.id, reason: 'duplicate' })).status).toBe(201);
  });

  it('answers 404 for an absent listing, 400 for a malformed id, 401 signed out', async () => {
    expect((await fan.client.post('/api/reports', { listingId: randomUUID(), reason: 'spam' })).status).toBe(404);
    expect((await fan.client.post('/api/reports', { listingId: 'nope', reason: 'spam' })).status).toBe(400);
    const listing = await newListing();
    expect((await stack.client().post('/api/reports', { listingId: listing.id, reason: 'spam' })).status).toBe(401);
  });
});
