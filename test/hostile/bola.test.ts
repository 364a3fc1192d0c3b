import { randomUUID } from 'node:crypto';
import webpush from 'web-push';
import { listingBody, registered, startStack, type RegisteredUser, type Stack, eventually } from '@vnmarket/testkit';
import { conversationAndReview, publicRoutes, routeKey, snapshot } from './support';

/**
 * BOLA sweep: for every route that names an object (a path parameter, or an upload in the body), user
 * B acting on user A's object is refused with 403 or 404 and A's data is unchanged. Routes whose object
 * is public by design (a listing's page, a seller's reviews, a served photo, saving or reporting a
 * listing, messaging a seller) say so and why; A's own data must still be unchanged. The list of routes
 * comes from the services' routers: a new route with an id and no fixture here fails the sweep.
 */
jest.setTimeout(120_000);

// Every service: the sweep reads every service's routes.
let stack: Stack;
let a: RegisteredUser;
let b: RegisteredUser;
let c: RegisteredUser;
let fixture: {
  listing: string;
  conversation: string;
  uploadURL: string;
  uploadId: string;
  photo: string;
  review: string;
  moderationCase: string;
  savedSearch: string;
  notification: string;
  pushEndpoint: string;
};

beforeAll(async () => {
  const vapid = webpush.generateVAPIDKeys();
  stack = await startStack('hostile-bola', { overrides: { messaging: { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey } } });
  [a, b, c] = [await registered(stack), await registered(stack), await registered(stack)];
  const listing = (await a.client.post('/api/listings', listingBody({ title: 'Nhà của A' }))).body;
  // C writes to A and reviews A: a conversation of the two, and a review only A may answer.
  const { message, review } = await conversationAndReview(stack, a, c, { rating: 4, comment: 'ok' });
  const slot = (await a.client.post('/api/objects/upload')).body;
  // C reports A's listing: its case is one only a moderator may decide.
  await c.client.post('/api/reports', { listingId: listing.id, reason: 'spam' });
  const moderationCase = await stack.listings.infrastructure.db('moderation_cases').where({ listing_id: listing.id }).first('id');
  const savedSearch = (await a.client.post('/api/saved-searches', { name: 'Nhà San Jose', filters: { category: 'rent', near: 'San Jose' } })).body;
  // A's notification (of C's review) and A's browser subscribed to push: objects named in bodies.
  const notification = await eventually(async () => {
    const [first] = (await a.client.get('/api/notifications')).body.notifications;
    expect(first).toBeDefined();
    return first as { id: string };
  });
  const pushEndpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`;
  await a.client.post('/api/push/subscriptions', { endpoint: pushEndpoint, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } });
  fixture = {
    notification: notification.id,
    pushEndpoint,
    moderationCase: moderationCase.id,
    savedSearch: savedSearch.id,
    listing: listing.id,
    conversation: message.conversationId,
    uploadURL: slot.uploadURL,
    uploadId: /upload\/([0-9a-f-]{36})/.exec(slot.uploadURL)![1]!,
    photo: `/objects/images/${a.user.id}/${listing.id}.webp`,
    review: review.id,
  };
}, 60_000);
afterAll(() => stack.stop());

interface Attempt {
  path: () => string;
  body?: () => unknown;
  /** Denied to B (403/404), or public by design with the reason. */
  expect: 'denied' | { public: string };
}

const ATTEMPTS: Record<string, Attempt> = {
  'GET /api/users/:userId': { path: () => `/api/users/${a.user.id}`, expect: { public: 'a public profile: no email, phone or verification state' } },
  'GET /api/users/:userId/reviews': { path: () => `/api/users/${a.user.id}/reviews`, expect: { public: "a seller's reviews are public" } },
  'POST /api/users/:userId/reviews': { path: () => `/api/users/${a.user.id}/reviews`, body: () => ({ rating: 1 }), expect: 'denied' },
  'GET /api/users/:userId/reviews/eligibility': {
    path: () => `/api/users/${a.user.id}/reviews/eligibility`,
    expect: { public: 'it says only whether B may review A' },
  },
  'POST /api/users/:userId/reviews/:reviewId/answer': {
    path: () => `/api/users/${a.user.id}/reviews/${fixture.review}/answer`,
    body: () => ({ text: 'B answers for A' }),
    expect: 'denied',
  },
  'GET /api/users/:userId/reply-time': {
    path: () => `/api/users/${a.user.id}/reply-time`,
    expect: { public: "a member's typical reply time is a figure over many conversations, public like their rating" },
  },
  'POST /api/users/:userId/block': {
    path: () => `/api/users/${a.user.id}/block`,
    expect: { public: "blocking changes only B's own block list; A's inbox and messages stay as they are" },
  },
  'DELETE /api/users/:userId/block': { path: () => `/api/users/${a.user.id}/block`, expect: { public: "unblocking changes only B's own block list" } },
  'GET /api/listings/:id': { path: () => `/api/listings/${fixture.listing}`, expect: { public: 'an active listing is public' } },
  'GET /api/listings/:id/preview': {
    path: () => `/api/listings/${fixture.listing}/preview`,
    expect: { public: "a listing's link preview: what its page shows anyone; of a deactivated one, only that it is hidden" },
  },
  'PUT /api/listings/:id': { path: () => `/api/listings/${fixture.listing}`, body: () => listingBody({ title: 'Của B rồi' }), expect: 'denied' },
  'PATCH /api/listings/:id': { path: () => `/api/listings/${fixture.listing}`, body: () => ({ isActive: false }), expect: 'denied' },
  'DELETE /api/listings/:id': { path: () => `/api/listings/${fixture.listing}`, expect: 'denied' },
  'POST /api/listings/:id/phone': {
    path: () => `/api/listings/${fixture.listing}/phone`,
    expect: { public: '"Show number": a phone-contact seller\'s number goes to verified members by design (limited, recorded); it changes nothing of A\'s' },
  },
  'POST /api/listings/:id/save': { path: () => `/api/listings/${fixture.listing}/save`, expect: { public: "saving changes only B's own saved list" } },
  'DELETE /api/listings/:id/save': { path: () => `/api/listings/${fixture.listing}/save`, expect: { public: "unsaving changes only B's own saved list" } },
  'DELETE /api/saved-searches/:id': { path: () => `/api/saved-searches/${fixture.savedSearch}`, expect: 'denied' },
  'GET /objects/*key': { path: () => fixture.photo, expect: { public: 'listing photos are served to everyone' } },
  'PUT /api/objects/upload/:id': {
    path: () => `/api/objects/upload/${fixture.uploadId}?expires=9999999999&signature=forged`,
    body: () => 'bytes',
    expect: 'denied',
  },
  'POST /api/listings/:id/appeal': {
    path: () => `/api/listings/${fixture.listing}/appeal`,
    body: () => ({ text: 'B appeals for A, please' }),
    expect: 'denied',
  },
  'POST /api/listings/:id/renew': { path: () => `/api/listings/${fixture.listing}/renew`, body: () => ({}), expect: 'denied' },
  'POST /api/listings/:id/sold': { path: () => `/api/listings/${fixture.listing}/sold`, body: () => ({ buyerId: b.user.id }), expect: 'denied' },
  'GET /api/listings/:id/buyers': { path: () => `/api/listings/${fixture.listing}/buyers`, expect: 'denied' },
  ...Object.fromEntries(
    ['dismiss', 'remove', 'suspend'].map((action) => [
      `POST /api/moderation/cases/:id/${action}`,
      { path: () => `/api/moderation/cases/${fixture.moderationCase}/${action}`, body: () => ({ reason: 'B is no moderator' }), expect: 'denied' as const },
    ]),
  ),
  'GET /api/conversations/:id/messages': { path: () => `/api/conversations/${fixture.conversation}/messages`, expect: 'denied' },
  'PUT /api/conversations/:id/read': { path: () => `/api/conversations/${fixture.conversation}/read`, body: () => ({}), expect: 'denied' },
};

/** Routes whose object is named in the body rather than the path. */
const BODY_ATTEMPTS: Record<string, Attempt & { method: string; route: string }> = {
  "PUT /api/listing-images with A's upload": {
    method: 'PUT',
    route: '/api/listing-images',
    path: () => '/api/listing-images',
    body: () => ({ imageURL: fixture.uploadURL }),
    expect: 'denied',
  },
  "PUT /api/listings/:id with A's photo on B's listing": {
    method: 'PUT',
    route: '/api/listings/:id',
    path: () => '/api/listings',
    body: () => listingBody({ images: [fixture.photo] }),
    expect: 'denied',
  },
};

it('every route that names an object has a BOLA fixture', () => {
  const withIds = publicRoutes(stack).filter((route) => /[:*]/.test(route.path));
  expect(withIds.map(routeKey).filter((key) => !(key in ATTEMPTS))).toEqual([]);
});

/**
 * A's data as A sees it. Counters that others move by design (a review moves the seller's rating, a save
 * the save count, a visit the view count) are left out: they are not A's data being changed.
 */
const VOLATILE = new Set(['averageRating', 'reviewCount', 'updatedAt', 'saveCount', 'viewCount']);
function withoutCounters(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutCounters);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !VOLATILE.has(key))
        .map(([key, inner]) => [key, withoutCounters(inner)]),
    );
  return value;
}
const aState = async () =>
  withoutCounters([
    JSON.parse(await snapshot(a.client)),
    (await a.client.get(`/api/listings/${fixture.listing}`)).body,
    (await a.client.get(`/api/conversations/${fixture.conversation}/messages`)).body,
    (await a.client.get(`/api/users/${a.user.id}/reviews`)).body,
  ]);

describe.each(Object.entries(ATTEMPTS))('%s by another user', (key, attempt) => {
  it(
    typeof attempt.expect === 'string' ? 'is refused with 403 or 404, and changes nothing of A' : `is public (${attempt.expect.public}); A's data is unchanged`,
    async () => {
      const method = key.split(' ')[0]!;
      const before = await aState();
      const body = attempt.body?.();
      const response =
        typeof body === 'string'
          ? await b.client.request(method, attempt.path(), { body, headers: { 'content-type': 'application/octet-stream' } })
          : await b.client.request(method, attempt.path(), body === undefined ? {} : { json: body });
      if (attempt.expect === 'denied') expect([403, 404]).toContain(response.status);
      else expect(response.status).toBeLessThan(500);
      expect(await aState()).toEqual(before);
    },
  );
});

describe.each(Object.entries(BODY_ATTEMPTS))('%s', (_name, attempt) => {
  it('is refused with 403 or 404, and changes nothing of A', async () => {
    const before = await aState();
    const response = await b.client.request(attempt.method === 'PUT' && attempt.path() === '/api/listings' ? 'POST' : attempt.method, attempt.path(), {
      json: attempt.body?.(),
    });
    expect([403, 404]).toContain(response.status);
    expect(await aState()).toEqual(before);
  });
});

/**
 * Routes that name A's objects in the body but act only on B's own: B marking A's notification read, or
 * unsubscribing A's browser, answers as if for B and leaves A's as they were.
 */
const OWN_ONLY_BODY_ATTEMPTS: Record<string, { method: string; path: string; body: () => unknown }> = {
  "POST /api/notifications/read with A's notification": { method: 'POST', path: '/api/notifications/read', body: () => ({ ids: [fixture.notification] }) },
  "DELETE /api/push/subscriptions with A's endpoint": { method: 'DELETE', path: '/api/push/subscriptions', body: () => ({ endpoint: fixture.pushEndpoint }) },
};

describe.each(Object.entries(OWN_ONLY_BODY_ATTEMPTS))('%s', (_name, attempt) => {
  it("changes only B's own, nothing of A", async () => {
    const before = await aState();
    const response = await b.client.request(attempt.method, attempt.path, { json: attempt.body() });
    expect(response.status).toBeLessThan(500);
    expect(await aState()).toEqual(before);
    expect(await stack.messaging.infrastructure.db('notifications').where({ id: fixture.notification }).first('is_read')).toEqual({ is_read: false });
    expect(await stack.messaging.infrastructure.db('push_subscriptions').where({ endpoint: fixture.pushEndpoint }).pluck('user_id')).toEqual([a.user.id]);
  });
});
