import { randomUUID } from 'node:crypto';
import { buildEvent, reviewSchema } from '@vnmarket/proto';
import { conversed, mayReview, registered, startAuth, verifiedPhone, type RegisteredUser, type RunningAuth, eventually } from '@vnmarket/testkit';

/**
 * Reviews are earned: a conversation in which both wrote, a reviewer with a verified phone, the seller's
 * own listing if one is named, one per seller; and the seller answers a review once.
 */
let auth: RunningAuth;
beforeAll(async () => {
  auth = await startAuth('earned-reviews');
});
afterAll(() => auth.stop());

const review = (reviewer: RegisteredUser, seller: RegisteredUser, body: Record<string, unknown> = { rating: 1, comment: 'Lừa đảo!' }) =>
  reviewer.client.post(`/api/users/${seller.user.id}/reviews`, body);
const eligibility = async (reviewer: RegisteredUser, seller: RegisteredUser) =>
  (await reviewer.client.get(`/api/users/${seller.user.id}/reviews/eligibility`)).body;
const reviewCount = async (seller: RegisteredUser) => (await seller.client.get('/api/auth/user')).body.reviewCount;

/** As listings says it: the seller posted this listing. */
async function listingOf(seller: RegisteredUser): Promise<string> {
  const id = randomUUID();
  const data = {
    id,
    userId: seller.user.id,
    title: 'Xe đạp',
    price: '50.00',
    category: 'sale',
    isActive: true,
    images: [],
    updatedAt: new Date().toISOString(),
    version: 1,
  };
  await auth.infrastructure.bus.publish(buildEvent('listing.created', data, randomUUID(), new Date()));
  await eventually(async () => expect(await auth.infrastructure.db('listing_owners').where({ id })).toHaveLength(1));
  return id;
}

describe('who may review', () => {
  it("refuses a stranger's review after one unsolicited message, with the reason; accepted once the seller replies", async () => {
    const [seller, stranger] = [await registered(auth), await registered(auth)];
    await verifiedPhone(auth, stranger);
    const never = await review(stranger, seller);
    expect([never.status, never.body]).toEqual([
      403,
      { message: 'You can review a seller after you have exchanged messages with them', code: 'no_conversation' },
    ]);
    // Register, send "hi", review: the seller never answered.
    await conversed(auth, stranger, seller, { oneWay: true });
    const unanswered = await review(stranger, seller);
    expect([unanswered.status, unanswered.body]).toEqual([
      403,
      { message: 'You can review this seller after they have replied to your messages', code: 'no_reply' },
    ]);
    expect(await eligibility(stranger, seller)).toEqual({
      canReview: false,
      reason: 'You can review this seller after they have replied to your messages',
      code: 'no_reply',
    });
    expect(await reviewCount(seller)).toBe(0);

    // A seller who wrote first to someone who never answered: that one has not written, so may not review either.
    const [other, silent] = [await registered(auth), await registered(auth)];
    await verifiedPhone(auth, silent);
    await conversed(auth, other, silent, { oneWay: true });
    expect((await review(silent, other)).body.code).toBe('no_conversation');

    // The seller replies: both wrote.
    await conversed(auth, seller, stranger, { oneWay: true });
    expect(await eligibility(stranger, seller)).toEqual({ canReview: true });
    expect((await review(stranger, seller, { rating: 4 })).status).toBe(201);
    expect(await reviewCount(seller)).toBe(1);
  });

  it('refuses a reviewer whose phone is not verified, whatever the conversation', async () => {
    const [seller, buyer] = [await registered(auth), await registered(auth)];
    await conversed(auth, buyer, seller);
    const refused = await review(buyer, seller);
    expect([refused.status, refused.body]).toEqual([403, { message: 'Verify your phone number before you write a review', code: 'phone_not_verified' }]);
    expect(await eligibility(buyer, seller)).toEqual({
      canReview: false,
      reason: 'Verify your phone number before you write a review',
      code: 'phone_not_verified',
    });
    expect(await reviewCount(seller)).toBe(0);
    await verifiedPhone(auth, buyer);
    expect((await review(buyer, seller, { rating: 5 })).status).toBe(201);
  });

  it("refuses a listingId that is not one of the seller's listings, and accepts the seller's own", async () => {
    const [seller, otherSeller, buyer] = [await registered(auth), await registered(auth), await registered(auth)];
    const [own, othersListing] = [await listingOf(seller), await listingOf(otherSeller)];
    await mayReview(auth, buyer, seller);
    for (const listingId of [othersListing, randomUUID()]) {
      const refused = await review(buyer, seller, { rating: 2, listingId });
      expect([refused.status, refused.body.code, refused.body.message]).toEqual([
        400,
        'listing_not_sellers',
        "The listing must be one of this seller's listings",
      ]);
      expect(refused.body.errors).toEqual({ listingId: ["The listing must be one of this seller's listings"] });
    }
    expect(await reviewCount(seller)).toBe(0);
    const accepted = await review(buyer, seller, { rating: 5, comment: 'Xe tốt', listingId: own.toUpperCase() });
    expect(accepted.status).toBe(201);
    expect(reviewSchema.parse(accepted.body)).toMatchObject({ listingId: own, rating: 5, answer: null });
  });

  it('keeps one review per reviewer and seller, and answers self-reviews and visitors clearly', async () => {
    const [seller, buyer] = [await registered(auth), await registered(auth)];
    await mayReview(auth, buyer, seller);
    expect((await review(buyer, seller, { rating: 5 })).status).toBe(201);
    const again = await review(buyer, seller, { rating: 1 });
    expect([again.status, again.body.code]).toEqual([409, 'already_reviewed']);
    expect(await eligibility(buyer, seller)).toEqual({ canReview: false, reason: 'You have already reviewed this seller', code: 'already_reviewed' });
    const self = await review(seller, seller);
    expect([self.status, self.body.code, self.body.message]).toEqual([400, 'self_review', 'You cannot review yourself']);
    expect(await eligibility(seller, seller)).toEqual({ canReview: false, reason: 'You cannot review yourself', code: 'self_review' });
    expect((await auth.client().get(`/api/users/${seller.user.id}/reviews/eligibility`)).status).toBe(401);
  });
});

describe("the seller's answer", () => {
  it('only the reviewed seller answers, once; the answer is shown with the review', async () => {
    const [seller, buyer, stranger] = [await registered(auth), await registered(auth), await registered(auth)];
    await mayReview(auth, buyer, seller);
    const created = (await review(buyer, seller, { rating: 3, comment: 'Giao hơi trễ' })).body;
    const answerPath = `/api/users/${seller.user.id}/reviews/${created.id}/answer`;

    // Not the seller: the buyer who wrote it, a stranger, a visitor.
    for (const who of [buyer, stranger]) {
      const refused = await who.client.post(answerPath, { text: 'Tôi là người bán' });
      expect([refused.status, refused.body.code]).toEqual([403, 'not_reviewed_seller']);
    }
    expect((await auth.client().post(answerPath, { text: 'x' })).status).toBe(401);
    // Bad bodies, and a review that is not this seller's.
    for (const body of [{}, { text: '' }, { text: '   ' }, { text: 'x'.repeat(2001) }, { text: 5 }]) {
      const refused = await seller.client.post(answerPath, body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors.text).toBeDefined();
    }
    expect((await seller.client.post(`/api/users/${seller.user.id}/reviews/${randomUUID()}/answer`, { text: 'Cảm ơn' })).body.code).toBe('review_not_found');
    expect((await stranger.client.post(`/api/users/${stranger.user.id}/reviews/${created.id}/answer`, { text: 'Cảm ơn' })).status).toBe(404);
    expect((await auth.client().get(`/api/users/${seller.user.id}/reviews`)).body[0].answer).toBeNull();

    const answered = await seller.client.post(answerPath, { text: '  Xin lỗi anh, lần sau em giao sớm hơn.  ' });
    expect(answered.status).toBe(201);
    expect(reviewSchema.parse(answered.body).answer).toEqual({ text: 'Xin lỗi anh, lần sau em giao sớm hơn.', createdAt: expect.any(String) });
    const again = await seller.client.post(answerPath, { text: 'Sửa lại câu trả lời' });
    expect([again.status, again.body]).toEqual([409, { message: 'You have already answered this review', code: 'already_answered' }]);

    const [shown] = (await auth.client().get(`/api/users/${seller.user.id}/reviews`)).body;
    expect(shown).toMatchObject({ id: created.id, comment: 'Giao hơi trễ', answer: { text: 'Xin lỗi anh, lần sau em giao sớm hơn.' } });
  });

  it('two answers sent at once: one is kept, the other is a 409', async () => {
    const [seller, buyer] = [await registered(auth), await registered(auth)];
    await mayReview(auth, buyer, seller);
    const created = (await review(buyer, seller, { rating: 5 })).body;
    const answerPath = `/api/users/${seller.user.id}/reviews/${created.id}/answer`;
    const results = await Promise.all(['Cảm ơn anh!', 'Cảm ơn chị!'].map((text) => seller.client.post(answerPath, { text })));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  });
});

it('records when a phone was verified; a new number clears it', async () => {
  const user = await registered(auth);
  await verifiedPhone(auth, user);
  const { phone_verified_at: verifiedAt } = await auth.infrastructure.db('users').where({ id: user.user.id }).first('phone_verified_at');
  expect(Date.now() - new Date(verifiedAt).getTime()).toBeLessThan(60_000);
  await user.client.patch('/api/users/profile', { phone: `415${user.phone.slice(-7)}` });
  expect(await auth.infrastructure.db('users').where({ id: user.user.id }).first('phone_verified', 'phone_verified_at')).toEqual({
    phone_verified: false,
    phone_verified_at: null,
  });
});
