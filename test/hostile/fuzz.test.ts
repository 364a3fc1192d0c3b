import fc from 'fast-check';
import type { z } from 'zod';
import {
  appealBody,
  moderationDecisionBody,
  deleteAccountBody,
  listingBody as listingBodySchema,
  listingImageBody,
  listingQuery,
  listingStatusBody,
  markSoldBody,
  markNotificationsReadBody,
  notificationPreferencesBody,
  pushSubscriptionBody,
  pushSubscriptionDeleteBody,
  loginBody,
  messagesPageQuery,
  pageQuery,
  LANGUAGES,
  profileUpdateBody,
  registerBody,
  reportBody,
  savedSearchBody,
  reviewAnswerBody,
  reviewBody,
  sendMessageBody,
  sitemapQuery,
  verifyCodeBody,
} from '@vnmarket/proto';
import webpush from 'web-push';
import { listingBody, newUser, registered, startStack, type RegisteredUser, type Stack, type TestClient } from '@vnmarket/testkit';
import {
  assertProperty,
  bodiesFor,
  conversationAndReview,
  expectCleanAnswer,
  hostileString,
  wellFormed,
  publicRoutes,
  queriesFor,
  routeKey,
  snapshot,
  type Route,
} from './support';

/**
 * Property-based fuzzing of every endpoint's body and query, derived from its zod schema and beyond it
 * (wrong types, huge and odd strings, prototype-pollution keys): never a 5xx, every refusal a JSON
 * {message} without a stack, and a refused request changes nothing the user owns or sees.
 */
jest.setTimeout(180_000);

// Every service: every public route is fuzzed.
let stack: Stack;
let user: RegisteredUser;
let other: RegisteredUser;
let ids: { listing: string; conversation: string; upload: string; review: string; savedSearch: string; lifecycleListing: string };

beforeAll(async () => {
  stack = await startStack('hostile-fuzz', {
    overrides: {
      auth: { REGISTER_MAX_PER_IP_PER_HOUR: '100000', LOGIN_MAX_ATTEMPTS_PER_IP: '100000' },
      listings: { LISTINGS_MAX_PER_MEMBER_PER_DAY: '100000', REPORTS_MAX_PER_MEMBER_PER_DAY: '100000', PHONE_REVEALS_MAX_PER_MEMBER_PER_DAY: '100000' },
      messaging: { MESSAGES_PER_MINUTE: '100000', FIRST_MESSAGES_MAX_PER_MEMBER_PER_HOUR: '100000', ...vapidSettings() },
    },
  });
  user = await registered(stack);
  other = await registered(stack);
  const listing = (await user.client.post('/api/listings', listingBody())).body;
  // A conversation with the other member, and their review of the user, for the user's answer.
  const { message, review } = await conversationAndReview(stack, user, other, { rating: 5 });
  const slot = (await user.client.post('/api/objects/upload')).body;
  const savedSearch = (await user.client.post('/api/saved-searches', { name: 'Phở', filters: { category: 'food', search: 'phở' } })).body;
  // Its own listing, about which the other member wrote: DELETE's spec removes the first one early.
  const lifecycleListing = (await user.client.post('/api/listings', listingBody())).body;
  await other.client.post('/api/messages', { receiverId: user.user.id, content: 'Còn không ạ?', listingId: lifecycleListing.id });
  ids = {
    lifecycleListing: lifecycleListing.id,
    listing: listing.id,
    conversation: message.conversationId,
    upload: /upload\/([0-9a-f-]{36})/.exec(slot.uploadURL)![1]!,
    review: review.id,
    savedSearch: savedSearch.id,
  };
}, 60_000);
afterAll(() => stack.stop());

interface FuzzSpec {
  body?: z.ZodType;
  query?: z.ZodType;
  /** Fills the path's parameters with the signed-in user's own objects. */
  path?: () => string;
  /** Signs out or deletes the user it runs as: give it a fresh one each time. */
  consumesUser?: boolean;
  /** A raw body endpoint (the signed upload): fuzz the bytes and the signature instead. */
  raw?: boolean;
  runs?: number;
}

/** Every public route must be listed here: a new route without a spec fails the first test. */
const SPECS: Record<string, FuzzSpec> = {
  'GET /api/users/:userId': { path: () => `/api/users/${user.user.id}` },
  'GET /api/users/:userId/reviews': { query: pageQuery(), path: () => `/api/users/${user.user.id}/reviews` },
  'POST /api/users/:userId/reviews': { body: reviewBody, path: () => `/api/users/${other.user.id}/reviews` },
  'GET /api/users/:userId/reviews/eligibility': { path: () => `/api/users/${other.user.id}/reviews/eligibility` },
  'POST /api/users/:userId/reviews/:reviewId/answer': { body: reviewAnswerBody, path: () => `/api/users/${user.user.id}/reviews/${ids.review}/answer` },
  'GET /api/users/:userId/reply-time': { path: () => `/api/users/${user.user.id}/reply-time` },
  'GET /api/login': {},
  'POST /api/login': { body: loginBody },
  'POST /api/logout': { consumesUser: true, runs: 5 },
  'POST /api/register': { body: registerBody },
  'GET /api/auth/user': {},
  'PATCH /api/users/profile': { body: profileUpdateBody },
  'DELETE /api/users/profile': { body: deleteAccountBody, consumesUser: true, runs: 8 },
  'GET /api/users/blocked': { query: pageQuery() },
  'POST /api/users/:userId/block': { path: () => `/api/users/${other.user.id}/block` },
  'DELETE /api/users/:userId/block': { path: () => `/api/users/${other.user.id}/block` },
  'GET /api/listings': { query: listingQuery },
  'GET /api/users/listings': {},
  'GET /api/listings/:id': { path: () => `/api/listings/${ids.listing}` },
  'GET /api/listings/:id/preview': { path: () => `/api/listings/${ids.listing}/preview` },
  'GET /api/listings/sitemap': { query: sitemapQuery },
  'GET /api/listings/sitemap/count': {},
  'POST /api/listings': { body: listingBodySchema },
  'PUT /api/listings/:id': { body: listingBodySchema, path: () => `/api/listings/${ids.listing}` },
  'PATCH /api/listings/:id': { body: listingStatusBody, path: () => `/api/listings/${ids.listing}` },
  'DELETE /api/listings/:id': { path: () => `/api/listings/${ids.listing}`, runs: 3 },
  'POST /api/reports': { body: reportBody },
  'GET /api/reports/mine': {},
  'POST /api/listings/:id/appeal': { body: appealBody, path: () => `/api/listings/${ids.listing}/appeal` },
  'GET /api/listings/:id/buyers': { path: () => `/api/listings/${ids.lifecycleListing}/buyers` },
  'POST /api/listings/:id/renew': { path: () => `/api/listings/${ids.lifecycleListing}/renew` },
  'POST /api/listings/:id/sold': { body: markSoldBody, path: () => `/api/listings/${ids.lifecycleListing}/sold` },
  // As a member (403 before the body is read): a moderator's decisions are swept by the BOLA and API tests.
  'GET /api/moderation/cases': {},
  ...Object.fromEntries(
    ['dismiss', 'remove', 'suspend'].map((action) => [
      `POST /api/moderation/cases/:id/${action}`,
      { body: moderationDecisionBody, path: () => `/api/moderation/cases/${ids.listing}/${action}` },
    ]),
  ),
  'GET /api/saved-listings': {},
  'GET /api/saved-searches': {},
  'POST /api/saved-searches': { body: savedSearchBody },
  'DELETE /api/saved-searches/:id': { path: () => `/api/saved-searches/${ids.savedSearch}`, runs: 3 },
  'POST /api/listings/:id/save': { path: () => `/api/listings/${ids.listing}/save` },
  'POST /api/listings/:id/phone': { path: () => `/api/listings/${ids.listing}/phone` },
  'DELETE /api/listings/:id/save': { path: () => `/api/listings/${ids.listing}/save` },
  'PUT /api/listing-images': { body: listingImageBody },
  'GET /objects/*key': { path: () => `/objects/images/${user.user.id}/${ids.upload}.webp` },
  'POST /api/objects/upload': { runs: 5 },
  'PUT /api/objects/upload/:id': { raw: true, path: () => `/api/objects/upload/${ids.upload}` },
  'GET /api/conversations': { query: pageQuery() },
  'GET /api/conversations/:id/messages': { query: messagesPageQuery, path: () => `/api/conversations/${ids.conversation}/messages` },
  'PUT /api/conversations/:id/read': { path: () => `/api/conversations/${ids.conversation}/read` },
  'POST /api/messages': { body: sendMessageBody },
  'GET /api/messages/unread-count': {},
  'GET /api/notifications': { query: pageQuery(20, 50) },
  'GET /api/notifications/unread-count': {},
  'POST /api/notifications/read': { body: markNotificationsReadBody },
  'GET /api/notifications/preferences': {},
  'PUT /api/notifications/preferences': { body: notificationPreferencesBody },
  'GET /api/push/public-key': {},
  'POST /api/push/subscriptions': { body: pushSubscriptionBody },
  'DELETE /api/push/subscriptions': { body: pushSubscriptionDeleteBody },
  'POST /api/phone/send-verification': { runs: 5 },
  'POST /api/phone/verify-code': { body: verifyCodeBody },
};

/** Web push on, so its routes take their bodies. */
function vapidSettings() {
  const keys = webpush.generateVAPIDKeys();
  return { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey };
}

let routes: Route[];
beforeAll(() => {
  routes = publicRoutes(stack);
});

it('every public route (read from the services’ own routers) has a fuzz spec', () => {
  const missing = routes.map(routeKey).filter((key) => !(key in SPECS));
  expect(missing).toEqual([]);
  expect(routes.length).toBeGreaterThanOrEqual(Object.keys(SPECS).length);
});

async function send(client: TestClient, method: string, path: string, body: unknown, query: string) {
  const url = query ? `${path}?${query}` : path;
  if (method === 'GET' || method === 'DELETE') return client.request(method, url, body === undefined || method === 'GET' ? {} : { json: body });
  return client.request(method, url, { json: body });
}

describe('bodies and queries from the schemas and beyond: no 5xx, clean refusals, nothing changed', () => {
  it.each(Object.entries(SPECS).filter(([, spec]) => !spec.raw))('%s', async (key, spec) => {
    const [method, template] = key.split(' ') as [string, string];
    const actor = () => (spec.consumesUser ? registered(stack) : Promise.resolve(user));
    await assertProperty(
      fc.asyncProperty(bodiesFor(spec.body), queriesFor(spec.query), async (body, query) => {
        const who = await actor();
        const path = spec.path?.() ?? template;
        const before = await snapshot(who.client);
        const response = await send(who.client, method, path, method === 'GET' ? undefined : body, query);
        expectCleanAnswer(response, `${key} ${JSON.stringify(body)?.slice(0, 120)} ?${query.slice(0, 120)}`);
        if (response.status >= 400 && response.status !== 429) expect(await snapshot(who.client)).toBe(before);
      }),
      spec.runs ?? 20,
    );
  });

  it('PUT /api/objects/upload/:id with forged signatures and odd bytes is refused cleanly', async () => {
    await assertProperty(
      fc.asyncProperty(fc.string({ maxLength: 60 }), fc.uint8Array({ maxLength: 2048 }), async (signature, bytes) => {
        const response = await user.client.request(
          'PUT',
          `/api/objects/upload/${ids.upload}?expires=9999999999&signature=${encodeURIComponent(wellFormed(signature))}`,
          {
            body: Buffer.from(bytes),
            headers: { 'content-type': 'application/octet-stream' },
          },
        );
        expectCleanAnswer(response, 'signed upload');
        expect(response.status).toBe(403);
      }),
      20,
    );
  });

  it('preferredLanguage takes only LANGUAGES: anything else is a 400 on the field that changes nothing', async () => {
    const notALanguage = fc
      .oneof(hostileString, fc.anything(), fc.constantFrom('EN', 'Vi', ' vi', 'vi-VN', 'en_US', 'vie', 'vi\u0000', '__proto__'))
      // Present in the JSON (undefined drops the key), and under the body limit (a larger body is a 413 before any field).
      .filter((value) => value !== undefined && !(LANGUAGES as readonly unknown[]).includes(value) && JSON.stringify(value).length < 50_000);
    const refusal = (response: { status: number; body: { code?: string; errors?: Record<string, string[]> } }) => {
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('invalid_request');
      expect(response.body.errors?.preferredLanguage).toEqual(['Preferred language must be "en" or "vi"']);
    };
    await assertProperty(
      fc.asyncProperty(notALanguage, async (preferredLanguage) => {
        const before = await snapshot(user.client);
        const edit = await user.client.request('PATCH', '/api/users/profile', { json: { bio: 'changed', preferredLanguage } });
        expectCleanAnswer(edit, `PATCH preferredLanguage ${JSON.stringify(preferredLanguage)?.slice(0, 120)}`);
        refusal(edit);
        expect(await snapshot(user.client)).toBe(before);

        const signUp = await stack.client().request('POST', '/api/register', { json: newUser({ preferredLanguage }) });
        expectCleanAnswer(signUp, `register preferredLanguage ${JSON.stringify(preferredLanguage)?.slice(0, 120)}`);
        refusal(signUp);
        expect(signUp.headers.getSetCookie()).toHaveLength(0);
      }),
      30,
    );
  });

  it('prototype-pollution keys in a body pollute nothing', async () => {
    const response = await user.client.request('PATCH', '/api/users/profile', {
      body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"isAdmin":true}},"bio":"ok"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(response.body.isAdmin).toBeUndefined();
  });
});
