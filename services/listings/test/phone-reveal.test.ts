import { randomUUID } from 'node:crypto';
import { buildEvent } from '@vnmarket/proto';
import { listingBody, registered, startStack, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';

// Auth publishes the users (and their verification) that listings copies; the limit at its default, 20.
let stack: Stack<'auth' | 'listings'>;
let seller: RegisteredUser;

beforeAll(async () => {
  stack = await startStack('phone-reveal', { only: ['auth', 'listings'], overrides: { listings: { PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY: '20' } } });
  seller = await verified(await registered(stack));
});
afterAll(() => stack.stop());

/** Verifies the member's phone as the verification service does (phone.verified to auth), and waits for listings' copy. */
async function verified(member: RegisteredUser): Promise<RegisteredUser> {
  await stack.auth.infrastructure.bus.publish(buildEvent('phone.verified', { userId: member.user.id, phone: member.user.phone }, randomUUID(), new Date()));
  await eventually(async () => expect((await stack.listings.infrastructure.db('sellers').where({ id: member.user.id }).first())?.phone_verified).toBe(true));
  return member;
}

/** A member whose copy has reached listings, phone not verified. */
async function unverifiedMember(): Promise<RegisteredUser> {
  const member = await registered(stack);
  await eventually(async () => expect(await stack.listings.infrastructure.db('sellers').where({ id: member.user.id }).first()).toBeDefined());
  return member;
}

async function phoneListing(owner = seller, overrides: Record<string, unknown> = {}): Promise<{ id: string }> {
  const response = await owner.client.post('/api/listings', listingBody({ contactPreference: 'phone', ...overrides }));
  expect(response.status).toBe(201);
  return response.body;
}

const reveal = (member: RegisteredUser, listingId: string) => member.client.post(`/api/listings/${listingId}/phone`);

describe('the listing itself carries no number', () => {
  it('for a verified member, the owner, a visitor, and in browse', async () => {
    const listing = await phoneListing(seller, { title: `Số điện thoại ${randomUUID().slice(0, 8)}` });
    const member = await verified(await registered(stack));
    for (const client of [member.client, seller.client, stack.client()]) {
      const shown = await eventually(async () => {
        const response = await client.get(`/api/listings/${listing.id}`);
        expect(response.body.user?.firstName).toBe('Lan');
        return response;
      });
      expect(shown.body.user).not.toHaveProperty('phone');
      expect(shown.text).not.toContain(seller.phone.slice(2));
    }
    const page = await member.client.get(`/api/listings?limit=100`);
    expect(page.text).not.toContain(seller.phone.slice(2));
    expect((await member.client.get('/api/saved-listings')).text).not.toContain(seller.phone.slice(2));
  });
});

describe('POST /api/listings/{id}/phone', () => {
  it("gives a verified member the seller's number, not to be kept by any cache, and records the reveal", async () => {
    const listing = await phoneListing();
    const member = await verified(await registered(stack));
    const response = await reveal(member, listing.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ phone: seller.user.phone });
    expect(response.headers.get('cache-control')).toBe('no-store');
    const recorded = await stack.listings.infrastructure.db('phone_reveals').where({ viewer_id: member.user.id });
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ listing_id: listing.id, seller_id: seller.user.id });
    expect(Date.now() - new Date(recorded[0].revealed_at).getTime()).toBeLessThan(60_000);
  });

  it('refuses a member whose phone is not verified, with a code the app sends to verification', async () => {
    const listing = await phoneListing();
    const member = await unverifiedMember();
    const response = await reveal(member, listing.id);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: "Verify your phone number to see sellers' numbers", code: 'phone_verification_required' });
    expect(await stack.listings.infrastructure.db('phone_reveals').where({ viewer_id: member.user.id })).toHaveLength(0);
  });

  it('asks visitors to sign in', async () => {
    const listing = await phoneListing();
    const response = await stack.client().post(`/api/listings/${listing.id}/phone`);
    expect(response.status).toBe(401);
  });

  it('says so for a listing that asks for messages, or a seller without a verified number', async () => {
    const member = await verified(await registered(stack));
    const byMessage = (await seller.client.post('/api/listings', listingBody({ contactPreference: 'message' }))).body;
    const notPhone = await reveal(member, byMessage.id);
    expect(notPhone.status).toBe(409);
    expect(notPhone.body).toEqual({ message: 'This seller asks to be contacted by message', code: 'not_phone_contact' });
    const unproven = await unverifiedMember();
    const theirs = await phoneListing(unproven);
    const unavailable = await reveal(member, theirs.id);
    expect(unavailable.status).toBe(409);
    expect(unavailable.body.code).toBe('phone_unavailable');
  });

  it('answers 404 for a deactivated listing, a deleted one, and one that never was', async () => {
    const member = await verified(await registered(stack));
    const hidden = await phoneListing();
    await seller.client.patch(`/api/listings/${hidden.id}`, { isActive: false });
    const gone = await phoneListing();
    await seller.client.request('DELETE', `/api/listings/${gone.id}`);
    for (const id of [hidden.id, gone.id, randomUUID(), 'not-an-id']) {
      const response = await reveal(member, id);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: 'Listing not found', code: 'not_found' });
    }
    expect(await stack.listings.infrastructure.db('phone_reveals').where({ viewer_id: member.user.id })).toHaveLength(0);
  });

  it('gives 20 numbers a day; the same listing again is free; the 21st is refused with 429 and Retry-After', async () => {
    const member = await verified(await registered(stack));
    const listings = [];
    for (let index = 0; index < 21; index += 1) listings.push(await phoneListing());
    for (const listing of listings.slice(0, 20)) expect((await reveal(member, listing.id)).status).toBe(200);
    // Again: no new number, so nothing counted.
    expect((await reveal(member, listings[0]!.id)).status).toBe(200);
    expect((await reveal(member, listings[19]!.id)).status).toBe(200);
    const refused = await reveal(member, listings[20]!.id);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: expect.stringContaining('as many phone numbers as allowed today'), code: 'rate_limited' });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    expect(retryAfter).toBeLessThanOrEqual(24 * 3600);
    // Another member's allowance is their own.
    const other = await verified(await registered(stack));
    expect((await reveal(other, listings[20]!.id)).status).toBe(200);
    // One record per number given out: the repeats gave out none.
    expect(await stack.listings.infrastructure.db('phone_reveals').where({ viewer_id: member.user.id })).toHaveLength(20);
  });

  it("forgets a deleted member's reveals", async () => {
    const member = await verified(await registered(stack));
    expect((await reveal(member, (await phoneListing()).id)).status).toBe(200);
    await member.client.request('DELETE', '/api/users/profile', { json: { password: member.password } });
    await eventually(async () => expect(await stack.listings.infrastructure.db('phone_reveals').where({ viewer_id: member.user.id })).toHaveLength(0));
  });
});
