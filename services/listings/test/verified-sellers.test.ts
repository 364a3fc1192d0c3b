import { randomUUID } from 'node:crypto';
import { listingSchema } from '@vnmarket/proto';
import {
  listingBody,
  registered,
  startStack,
  verifiedPhone,
  type RegisteredUser,
  type Stack,
  eventually,
  uniquePhone,
  type TestClient,
} from '@vnmarket/testkit';

/**
 * "Verified Sellers Only" (verifiedSellers=true) keeps the listings of sellers whose phone is verified, as
 * the seller copy hears it from auth; and one listing's page says what was checked of its seller.
 */
let stack: Stack<'auth' | 'listings'>;
let verified: RegisteredUser;
let unverified: RegisteredUser;
let viewer: RegisteredUser;
// A word of this file's listings only, so other files' listings never match.
const town = `Verifiedville${randomUUID().slice(0, 6)}`;

beforeAll(async () => {
  stack = await startStack('verified-sellers', { only: ['auth', 'listings'] });
  [verified, unverified, viewer] = [await registered(stack), await registered(stack), await registered(stack)];
});
afterAll(() => stack.stop());

async function create(client: TestClient, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await client.post('/api/listings', listingBody({ location: `${town}, CA`, ...overrides }));
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body.id;
}

const idsOf = async (query: string) =>
  ((await viewer.client.get(`/api/listings?location=${town}&${query}`)).body as { id: string }[]).map((listing) => listing.id);

it('verifiedSellers=true keeps only the listings of sellers with a verified phone, once the copy hears of it', async () => {
  const fromVerified = await create(verified.client, { category: 'sale', title: 'Xe đạp trẻ em', price: '30' });
  const fromUnverified = await create(unverified.client, { category: 'sale', title: 'Bàn học', price: '20' });
  const fromUnverifiedRent = await create(unverified.client, { title: 'Phòng cho thuê' });

  expect((await idsOf('verifiedSellers=true')).length).toBe(0);
  await verifiedPhone(stack.auth, verified);
  await eventually(async () => expect(await idsOf('verifiedSellers=true')).toEqual([fromVerified]));
  // With other filters, and the browse path of a category alone.
  expect(await idsOf('verifiedSellers=true&category=sale&maxPrice=50')).toEqual([fromVerified]);
  expect(await idsOf('verifiedSellers=true&category=rent')).toEqual([]);
  const byCategory = await viewer.client.get('/api/listings?category=sale&verifiedSellers=true&limit=100');
  expect(byCategory.body.map((listing: { id: string }) => listing.id)).toContain(fromVerified);
  expect(byCategory.body.map((listing: { id: string }) => listing.id)).not.toContain(fromUnverified);
  // "false" and "" mean no filter; anything else is a clear 400.
  for (const off of ['false', '']) expect((await idsOf(`verifiedSellers=${off}`)).sort()).toEqual([fromVerified, fromUnverified, fromUnverifiedRent].sort());
  const bad = await viewer.client.get('/api/listings?verifiedSellers=yes');
  expect([bad.status, bad.body.errors]).toEqual([400, { verifiedSellers: ['verifiedSellers must be true or false'] }]);

  // A new number is unproven: the seller leaves the filter until it is verified again.
  expect((await verified.client.patch('/api/users/profile', { phone: uniquePhone() })).body.phoneVerified).toBe(false);
  await eventually(async () => expect(await idsOf('verifiedSellers=true')).toEqual([]));
});

it("one listing's page says when the seller's phone was verified, when they joined and how many listings they posted", async () => {
  const seller = await registered(stack);
  const shown = await create(seller.client, { title: 'Nồi cơm điện' });
  const sold = await create(seller.client, { title: 'Quạt máy' });
  await seller.client.patch(`/api/listings/${sold}`, { isActive: false });
  const before = listingSchema.parse((await viewer.client.get(`/api/listings/${shown}`)).body).user!;
  expect(before).toMatchObject({ id: seller.user.id, phoneVerifiedAt: null, listingCount: 2, createdAt: seller.user.createdAt });

  await verifiedPhone(stack.auth, seller);
  await eventually(async () => {
    const { user } = listingSchema.parse((await viewer.client.get(`/api/listings/${shown}`)).body);
    expect(user!.phoneVerifiedAt).not.toBeNull();
    expect(Date.now() - new Date(user!.phoneVerifiedAt!).getTime()).toBeLessThan(60_000);
  });
  // Browse cards do not carry the count.
  const [card] = (await viewer.client.get(`/api/listings?sellerId=${seller.user.id}`)).body;
  expect(card.user.listingCount).toBeUndefined();
});
