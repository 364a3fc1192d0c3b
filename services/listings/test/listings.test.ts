import { randomUUID } from 'node:crypto';
import { listingSchema } from '@vnmarket/proto';
import { eventually, listingBody, registered, type RegisteredUser, type Stack } from '@vnmarket/testkit';
import { listingsStack, postListing as create } from './support/stack';

let stack: Stack<'auth' | 'listings'>, owner: RegisteredUser, other: RegisteredUser;
listingsStack('listings', (...started) => ([stack, owner, other] = started));

describe('POST /api/listings', () => {
  it('creates a listing owned by the signed-in user, price as a 2-decimal string', async () => {
    const response = await owner.client.post(
      '/api/listings',
      listingBody({
        title: 'Nhà 2 phòng ngủ ở Milpitas',
        price: 2450.5,
        metadata: { propertyType: 'house', bedrooms: '2', bathrooms: '1.5', amenities: ['Parking', 'Washer/Dryer'] },
      }),
    );
    expect(response.status).toBe(201);
    const listing = listingSchema.parse(response.body);
    expect(listing).toMatchObject({
      userId: owner.user.id,
      title: 'Nhà 2 phòng ngủ ở Milpitas',
      price: '2450.50',
      priceType: 'monthly',
      condition: null,
      images: [],
      metadata: { propertyType: 'house', bedrooms: 2, bathrooms: 1.5, amenities: ['Parking', 'Washer/Dryer'] },
      contactPreference: 'message',
      isActive: true,
      viewCount: 0,
      saveCount: 0,
    });
  });

  it('never takes the owner, counts, id or timestamps from the body', async () => {
    const id = randomUUID();
    const listing = await create(owner.client, { id, userId: other.user.id, viewCount: 99, saveCount: 42, isActive: false, createdAt: '2000-01-01T00:00:00Z' });
    expect(listing).toMatchObject({ userId: owner.user.id, viewCount: 0, saveCount: 0, isActive: true });
    expect(listing.id).not.toBe(id);
    expect(listing.createdAt.startsWith('2000')).toBe(false);
  });

  it('applies the defaults and keeps condition for items for sale only', async () => {
    const rent = await create(owner.client, { condition: 'new', priceType: undefined, contactPreference: undefined });
    expect(rent).toMatchObject({ condition: null, priceType: 'fixed', contactPreference: 'message' });
    const sale = await create(owner.client, { category: 'sale', condition: 'like-new', metadata: { brand: 'Zojirushi', itemCategory: 'appliances' } });
    expect(sale).toMatchObject({ condition: 'like-new', metadata: { brand: 'Zojirushi', itemCategory: 'appliances' } });
  });

  it.each([
    [{ title: '' }, 'Title is required'],
    [{ title: undefined }, 'Title is required'],
    [{ description: '  ' }, 'Description is required'],
    [{ location: '' }, 'Location is required'],
    [{ price: '' }, 'Price is required'],
    [{ price: '-5' }, 'Price must be a number from 0 to 99999999.99 with at most 2 decimals'],
    [{ price: '12.345' }, 'Price must be a number from 0 to 99999999.99 with at most 2 decimals'],
    [{ price: '100000000' }, 'Price must be a number from 0 to 99999999.99 with at most 2 decimals'],
    [{ category: 'cars' }, 'Category is required'],
    [{ title: 'x'.repeat(256) }, 'Title must be at most 255 characters'],
    [{ images: ['https://evil.example/a.jpg'] }, 'Images must be uploaded through the photo uploader'],
    [{ images: Array.from({ length: 11 }, () => `/objects/images/${randomUUID()}/${randomUUID()}.webp`) }, 'At most 10 photos'],
    [{ images: [`/objects/images/${randomUUID()}/../../uploads/${randomUUID()}.webp`] }, 'Images must be uploaded through the photo uploader'],
    [{ images: ['/objects/uploads/x/y'] }, 'Images must be uploaded through the photo uploader'],
    [{ metadata: { bedrooms: -1 } }, 'Bedrooms cannot be negative'],
    [{ metadata: { bathrooms: 1.25 } }, 'Bathrooms must be a multiple of 0.5'],
    [{ metadata: { propertyType: 'castle' } }, 'Property type must be one of: room, apartment, house, condo, townhouse, studio'],
    [{ metadata: 'lots' }, 'Invalid input: expected record, received string'],
    [{ contactPreference: 'fax' }, 'Contact preference must be message or phone'],
  ])('answers 400 for %j', async (override, message) => {
    const response = await owner.client.post('/api/listings', listingBody(override));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it("refuses another user's photos with 403, and accepts the user's own", async () => {
    const theirs = `/objects/images/${other.user.id}/${randomUUID()}.webp`;
    const borrowed = await owner.client.post('/api/listings', listingBody({ images: [theirs] }));
    expect(borrowed.status).toBe(403);
    expect(borrowed.body.message).toBe('You can only use photos you uploaded');
    const mine = `/objects/images/${owner.user.id}/${randomUUID()}.webp`;
    expect((await owner.client.post('/api/listings', listingBody({ images: [mine] }))).status).toBe(201);
  });

  it('needs a session', async () => {
    const response = await stack.client().post('/api/listings', listingBody());
    expect(response.status).toBe(401);
    expect(response.body.message).toContain('Unauthorized');
  });
});

describe('GET /api/listings/{id}', () => {
  it('embeds the seller public fields from the read copy; no phone while it is unverified', async () => {
    const byMessage = await create(owner.client);
    const byPhone = await create(owner.client, { contactPreference: 'phone' });
    const shown = await eventually(async () => {
      const response = await other.client.get(`/api/listings/${byMessage.id}`);
      expect(response.body.user).toBeDefined();
      return response.body;
    });
    expect(shown.user).toEqual({
      id: owner.user.id,
      firstName: 'Lan',
      lastName: 'Nguyễn',
      profileImageUrl: null,
      isVerified: false,
      averageRating: 0.0,
      reviewCount: 0,
      createdAt: owner.user.createdAt,
      // What the seller card says was checked (verified-sellers.test.ts).
      phoneVerifiedAt: null,
      listingCount: expect.any(Number),
    });
    // A seller's number is never on the listing: it goes out only through "Show number" (phone-reveal test).
    const withPhone = await other.client.get(`/api/listings/${byPhone.id}`);
    expect(withPhone.body.user.phone).toBeUndefined();
  });

  it('answers 404 for an absent id and for a malformed one', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '1%27%20or%201=1']) {
      const response = await other.client.get(`/api/listings/${id}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe('Listing not found');
    }
  });

  it('counts a view once per viewer per day, never the owner', async () => {
    const listing = await create(owner.client);
    await owner.client.get(`/api/listings/${listing.id}`);
    await owner.client.get(`/api/listings/${listing.id}`);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).body.viewCount).toBe(0);
    expect((await other.client.get(`/api/listings/${listing.id}`)).body.viewCount).toBe(1);
    expect((await other.client.get(`/api/listings/${listing.id}`)).body.viewCount).toBe(1);
    const third = await registered(stack);
    expect((await third.client.get(`/api/listings/${listing.id}`)).body.viewCount).toBe(2);
    expect((await stack.client().get(`/api/listings/${listing.id}`)).body.viewCount).toBe(3); // a visitor, by address
    expect((await stack.client().get(`/api/listings/${listing.id}`)).body.viewCount).toBe(3);
  });
});

describe('owner writes', () => {
  it('PUT replaces the listing for its owner', async () => {
    const listing = await create(owner.client);
    const response = await owner.client.request('PUT', `/api/listings/${listing.id}`, {
      json: listingBody({ title: 'Phòng đã sửa', price: '1300', category: 'sale', condition: 'good', metadata: { itemCategory: 'furniture' } }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: listing.id,
      title: 'Phòng đã sửa',
      price: '1300.00',
      category: 'sale',
      condition: 'good',
      userId: owner.user.id,
    });
  });

  it("refuses another user's PUT, PATCH and DELETE with 403 and changes nothing", async () => {
    const listing = await create(owner.client);
    const put = await other.client.request('PUT', `/api/listings/${listing.id}`, { json: listingBody({ title: 'Hijacked' }) });
    const patch = await other.client.patch(`/api/listings/${listing.id}`, { isActive: false });
    const remove = await other.client.request('DELETE', `/api/listings/${listing.id}`);
    for (const response of [put, patch, remove]) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('You can only change your own listings');
    }
    expect((await owner.client.get(`/api/listings/${listing.id}`)).body).toMatchObject({ title: listing.title, isActive: true });
  });

  it('answers 401 signed out, 404 for absent or malformed ids, 400 for bad bodies', async () => {
    const listing = await create(owner.client);
    const visitor = stack.client();
    expect((await visitor.request('PUT', `/api/listings/${listing.id}`, { json: listingBody() })).status).toBe(401);
    expect((await visitor.patch(`/api/listings/${listing.id}`, { isActive: false })).status).toBe(401);
    expect((await visitor.request('DELETE', `/api/listings/${listing.id}`)).status).toBe(401);
    for (const id of [randomUUID(), 'nope']) {
      expect((await owner.client.request('PUT', `/api/listings/${id}`, { json: listingBody() })).status).toBe(404);
      expect((await owner.client.patch(`/api/listings/${id}`, { isActive: false })).status).toBe(404);
      expect((await owner.client.request('DELETE', `/api/listings/${id}`)).status).toBe(404);
    }
    const badPatch = await owner.client.patch(`/api/listings/${listing.id}`, { isActive: 'no' });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.message).toBe('isActive must be true or false');
    const badPut = await owner.client.request('PUT', `/api/listings/${listing.id}`, { json: { title: 'only a title' } });
    expect(badPut.status).toBe(400);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).body.title).toBe(listing.title);
  });

  it('PATCH isActive hides a listing from browsing but not from its owner', async () => {
    const tag = `Hidetown-${randomUUID().slice(0, 8)}`;
    const listing = await create(owner.client, { location: `${tag}, CA` });
    const off = await owner.client.patch(`/api/listings/${listing.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
    expect((await other.client.get(`/api/listings?location=${tag}`)).body).toHaveLength(0);
    const mine = (await owner.client.get('/api/users/listings')).body as { id: string; isActive: boolean }[];
    expect(mine.find((item) => item.id === listing.id)?.isActive).toBe(false);
    await owner.client.patch(`/api/listings/${listing.id}`, { isActive: true });
    expect((await other.client.get(`/api/listings?location=${tag}`)).body).toHaveLength(1);
  });

  it('a deactivated listing answers 404 to everyone but its owner, and cannot be saved by others', async () => {
    const listing = await create(owner.client, { contactPreference: 'phone' });
    await other.client.post(`/api/listings/${listing.id}/save`);
    expect((await owner.client.patch(`/api/listings/${listing.id}`, { isActive: false })).status).toBe(200);
    for (const client of [other.client, stack.client()]) {
      const hidden = await client.get(`/api/listings/${listing.id}`);
      expect(hidden.status).toBe(404);
      expect(hidden.body).toEqual({ message: 'Listing not found', code: 'not_found' });
    }
    expect((await owner.client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    expect((await other.client.post(`/api/listings/${listing.id}/save`)).status).toBe(404);
    const saved = (await other.client.get('/api/saved-listings')).body as { listingId: string }[];
    expect(saved.map((item) => item.listingId)).not.toContain(listing.id);
    await owner.client.patch(`/api/listings/${listing.id}`, { isActive: true });
    expect((await other.client.get(`/api/listings/${listing.id}`)).status).toBe(200);
    expect(((await other.client.get('/api/saved-listings')).body as { listingId: string }[]).map((item) => item.listingId)).toContain(listing.id);
  });

  it('DELETE removes the listing', async () => {
    const listing = await create(owner.client);
    const response = await owner.client.request('DELETE', `/api/listings/${listing.id}`);
    expect(response.status).toBe(200);
    expect((await owner.client.get(`/api/listings/${listing.id}`)).status).toBe(404);
  });

  it('GET /api/users/listings lists only mine, active and inactive, newest first', async () => {
    const seller = await registered(stack);
    const first = await create(seller.client);
    const second = await create(seller.client);
    await seller.client.patch(`/api/listings/${first.id}`, { isActive: false });
    await create(other.client);
    const mine = await seller.client.get('/api/users/listings');
    expect(mine.body.map((listing: { id: string }) => listing.id)).toEqual([second.id, first.id]);
    expect((await stack.client().get('/api/users/listings')).status).toBe(401);
  });
});
