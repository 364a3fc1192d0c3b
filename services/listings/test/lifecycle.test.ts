import { randomUUID } from 'node:crypto';
import { listingBody, mayReview, registered, startStack, verifiedPhone, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';
import { createLogger } from '@vnmarket/shared';
import { ExpiryJob } from '../src/expiry/expiry-job';

const DAY_MS = 24 * 3600 * 1000;

let stack: Stack<'auth' | 'listings' | 'messaging'>;
let owner: RegisteredUser;
let buyer: RegisteredUser;
let stranger: RegisteredUser;

beforeAll(async () => {
  // The job runs by hand here (runOnce), never on its own timer.
  stack = await startStack('lifecycle', { only: ['auth', 'listings', 'messaging'], overrides: { listings: { EXPIRY_INTERVAL_SECONDS: '0' } } });
  [owner, buyer, stranger] = await Promise.all([registered(stack), registered(stack), registered(stack)]);
}, 60_000);
afterAll(() => stack.stop());

const db = () => stack.listings.infrastructure.db;
const post = async () => (await owner.client.post('/api/listings', listingBody())).body as { id: string; expiresAt: string };
const inBrowse = async (id: string) => ((await stranger.client.get('/api/listings?limit=100')).body as { id: string }[]).some((listing) => listing.id === id);
const published = (type: string, listingId: string) =>
  db()('outbox_events')
    .where({ type })
    .whereRaw("coalesce(envelope->'data'->>'listingId', envelope->'data'->>'id') = ?", [listingId])
    .orderBy('created_at')
    .select('envelope');
const setExpiry = (id: string, at: Date) => db()('listings').where({ id }).update({ expires_at: at });
const runExpiry = () => stack.listings.service.expiry.runOnce(new Date());

describe('expiry', () => {
  it('gives a new listing 30 days, and rows from before the release an expiry too', async () => {
    const before = Date.now();
    const listing = await post();
    const expires = new Date(listing.expiresAt).getTime();
    expect(expires).toBeGreaterThanOrEqual(before + 30 * DAY_MS - 5000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS + 5000);
    // A row written without the column (as the previous release and the demo seed write them) gets one.
    const [old] = await db()('listings')
      .insert({
        user_id: owner.user.id,
        title: 'Old post',
        description: 'From before expiry existed',
        category: 'sale',
        price: '5',
        price_type: 'fixed',
        location: 'San Jose',
        images: [],
        metadata: {},
        contact_preference: 'message',
      })
      .returning(['expires_at']);
    expect(old.expires_at.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it('takes an expired listing out of browse, and a renewal brings it back for another 30 days', async () => {
    const listing = await post();
    expect(await inBrowse(listing.id)).toBe(true);
    await setExpiry(listing.id, new Date(Date.now() - 60_000));
    expect((await runExpiry()).expired).toBeGreaterThanOrEqual(1);

    // The gateway may give its copy of the page for its TTL (no write passed through it).
    await eventually(async () => {
      if (await inBrowse(listing.id)) throw new Error('still in browse');
    });
    expect((await stranger.client.get(`/api/listings/${listing.id}`)).status).toBe(404);
    const own = (await owner.client.get('/api/users/listings')).body.find((mine: { id: string }) => mine.id === listing.id);
    expect(own).toMatchObject({ isActive: false, expiredAt: expect.any(String) });
    const [updated] = await published('listing.updated', listing.id).whereRaw("(envelope->'data'->>'isActive')::boolean = false");
    expect(updated).toBeDefined();
    // Not by the switch: a renewal gives it a new expiry.
    expect((await owner.client.patch(`/api/listings/${listing.id}`, { isActive: true })).body).toMatchObject({ code: 'listing_expired' });

    expect((await stranger.client.post(`/api/listings/${listing.id}/renew`, {})).status).toBe(403);
    const renewed = await owner.client.post(`/api/listings/${listing.id}/renew`, {});
    expect(renewed.status).toBe(200);
    expect(renewed.body).not.toHaveProperty('expiredAt');
    expect(renewed.body.isActive).toBe(true);
    expect(new Date(renewed.body.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
    expect(await inBrowse(listing.id)).toBe(true);
    expect((await runExpiry()).expired).toBe(0);
  });

  it('tells the owner three days before, once per expiry period', async () => {
    const listing = await post();
    await setExpiry(listing.id, new Date(Date.now() + 2 * DAY_MS));
    await runExpiry();
    await runExpiry();
    const notices = await published('listing.expiring', listing.id);
    expect(notices).toHaveLength(1);
    expect(notices[0].envelope.data).toMatchObject({
      userId: owner.user.id,
      listingId: listing.id,
      listingTitle: expect.any(String),
      expiresAt: expect.any(String),
    });
    // Renewed, then near its end again: a new period, a new notice.
    await owner.client.post(`/api/listings/${listing.id}/renew`, {});
    await setExpiry(listing.id, new Date(Date.now() + DAY_MS));
    await runExpiry();
    expect(await published('listing.expiring', listing.id)).toHaveLength(2);
  });

  it('expires each listing once when several replicas run the job at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 30 }, async () => (await post()).id));
    await db()('listings')
      .whereIn('id', ids)
      .update({ expires_at: new Date(Date.now() - 1000) });
    const replica = () =>
      new ExpiryJob({
        db: db(),
        outbox: stack.listings.service.outbox,
        logger: createLogger('listings', 'silent'),
        clock: () => new Date(),
        intervalMs: 0,
        onExpired: () => {},
      });
    const passes = await Promise.all([replica().runOnce(), replica().runOnce(), replica().runOnce()]);
    expect(passes.reduce((sum, pass) => sum + pass.expired, 0)).toBe(30);
    const events = await db()('outbox_events').where({ type: 'listing.updated' }).whereRaw("envelope->'data'->>'id' = any(?)", [ids]).select('envelope');
    expect(events).toHaveLength(30);
  });

  it('does not renew a listing a moderator holds back into the catalogue, and it stays out when the hold ends', async () => {
    const listing = await post();
    await db()('listings').where({ id: listing.id }).update({ moderation_state: 'held', active_before_moderation: true, is_active: false });
    expect((await owner.client.post(`/api/listings/${listing.id}/renew`, {})).body).toMatchObject({ code: 'under_review' });
    await setExpiry(listing.id, new Date(Date.now() - 1000));
    await runExpiry();
    const row = await db()('listings').where({ id: listing.id }).first();
    expect(row).toMatchObject({ is_active: false, active_before_moderation: false, moderation_state: 'held' });
    expect(row.expired_at).not.toBeNull();
  });

  it('answers 404 for a listing that does not exist and 401 to visitors', async () => {
    expect((await owner.client.post(`/api/listings/${randomUUID()}/renew`, {})).status).toBe(404);
    expect((await owner.client.post('/api/listings/not-an-id/renew', {})).status).toBe(404);
    expect((await stack.client().post(`/api/listings/${randomUUID()}/renew`, {})).status).toBe(401);
  });
});

describe('sold', () => {
  /** The buyer writes about the listing through messaging and the seller answers; listings learns of it from message.created. */
  async function talkedAbout(listingId: string) {
    const asked = await buyer.client.post('/api/messages', { receiverId: owner.user.id, listingId, content: 'Còn không ạ?' });
    expect(asked.status).toBe(201);
    expect((await owner.client.post('/api/messages', { receiverId: buyer.user.id, listingId, content: 'Dạ còn ạ' })).status).toBe(201);
    await eventually(async () => {
      if (!(await db()('listing_contacts').where({ listing_id: listingId, member_id: buyer.user.id }).first())) throw new Error('not recorded yet');
    });
  }

  it('learns of a message about a listing in a transaction, and of one about no listing not at all', async () => {
    const listing = await post();
    // Messaging's own event ids: the outbox row that carried each message.
    const eventOf = async (messageId: string) =>
      (await stack.messaging.infrastructure.db('outbox_events').whereRaw("envelope->'data'->>'id' = ?", [messageId]).first('id'))?.id as string;
    const aside = (await buyer.client.post('/api/messages', { receiverId: stranger.user.id, content: 'Chào bạn' })).body;
    // Sent after the aside, recorded through the transaction (listing_contacts, processed_events)...
    await talkedAbout(listing.id);
    expect(await db()('processed_events').where({ event_type: 'message.created' })).not.toHaveLength(0);
    // ...while the aside left no row: it ended before any transaction.
    expect(await db()('processed_events').where({ event_id: await eventOf(aside.id) })).toHaveLength(0);
  });

  it('sells to a member who wrote about it: out of browse, "Sold" on its page for a week, listing.sold, and both may review', async () => {
    const listing = await post();
    await talkedAbout(listing.id);
    const buyers = await owner.client.get(`/api/listings/${listing.id}/buyers`);
    expect(buyers.body).toEqual([{ id: buyer.user.id, firstName: buyer.user.firstName, lastName: buyer.user.lastName, profileImageUrl: null }]);
    expect((await buyer.client.get(`/api/listings/${listing.id}/buyers`)).status).toBe(403);

    // Only the owner, and only to someone who wrote about it.
    expect((await buyer.client.post(`/api/listings/${listing.id}/sold`, { buyerId: buyer.user.id })).status).toBe(403);
    const notBuyer = await owner.client.post(`/api/listings/${listing.id}/sold`, { buyerId: stranger.user.id });
    expect([notBuyer.status, notBuyer.body.code]).toEqual([400, 'not_a_buyer']);
    expect((await owner.client.post(`/api/listings/${listing.id}/sold`, { buyerId: owner.user.id })).status).toBe(400);
    expect(await inBrowse(listing.id)).toBe(true);

    const sold = await owner.client.post(`/api/listings/${listing.id}/sold`, { buyerId: buyer.user.id });
    expect(sold.status).toBe(200);
    expect(sold.body).toMatchObject({ isActive: false, soldAt: expect.any(String) });
    expect(await inBrowse(listing.id)).toBe(false);
    expect((await stack.client().get(`/api/listings/${listing.id}`)).body).toMatchObject({ id: listing.id, soldAt: expect.any(String) });
    // The gateway's page for it answers 200 with its preview, not a hidden listing's 404.
    expect((await stack.client().get(`/api/listings/${listing.id}/preview`)).body).toMatchObject({ visible: true });
    const [event] = await published('listing.sold', listing.id);
    expect(event.envelope.data).toEqual({ listingId: listing.id, listingTitle: expect.any(String), sellerId: owner.user.id, buyerId: buyer.user.id });

    expect((await owner.client.post(`/api/listings/${listing.id}/sold`, {})).body).toMatchObject({ code: 'already_sold' });
    expect((await owner.client.post(`/api/listings/${listing.id}/renew`, {})).body).toMatchObject({ code: 'listing_sold' });
    expect((await owner.client.patch(`/api/listings/${listing.id}`, { isActive: true })).body).toMatchObject({ code: 'listing_sold' });
    // Sold is not expired: the job leaves it.
    await setExpiry(listing.id, new Date(Date.now() - 1000));
    await runExpiry();
    expect((await db()('listings').where({ id: listing.id }).first()).expired_at).toBeNull();

    // Both sides may review each other (they wrote to each other; each proves a phone).
    await Promise.all([mayReview(stack.auth, buyer, owner), verifiedPhone(stack.auth, owner)]);
    expect((await buyer.client.get(`/api/users/${owner.user.id}/reviews/eligibility`)).body).toEqual({ canReview: true });
    expect((await owner.client.get(`/api/users/${buyer.user.id}/reviews/eligibility`)).body).toEqual({ canReview: true });

    // A week later the page is gone for everyone but its owner.
    await db()('listings')
      .where({ id: listing.id })
      .update({ sold_at: new Date(Date.now() - 8 * DAY_MS) });
    expect((await stack.client().get(`/api/listings/${listing.id}`)).status).toBe(404);
    expect((await stack.client().get(`/api/listings/${listing.id}/preview`)).body).toEqual({ id: listing.id, visible: false });
    expect((await owner.client.get(`/api/listings/${listing.id}`)).status).toBe(200);
  });

  it('sells to someone else when no buyer is named', async () => {
    const listing = await post();
    const sold = await owner.client.post(`/api/listings/${listing.id}/sold`, {});
    expect(sold.status).toBe(200);
    const [event] = await published('listing.sold', listing.id);
    expect(event.envelope.data.buyerId).toBeNull();
    const other = await post();
    expect((await owner.client.post(`/api/listings/${other.id}/sold`, { buyerId: 'someone' })).status).toBe(400);
    expect((await owner.client.post(`/api/listings/${other.id}/sold`, { buyerId: '' })).status).toBe(200);
  });
});
