/** Users, listings and conversations as several services' tests need them. */
import { randomUUID } from 'node:crypto';
import { buildEvent, conversationIdFor } from '@vnmarket/proto';
import type { TestClient } from './client';
import { eventually } from './wait';
import type { RunningAuth } from './services';

let phoneCounter = Math.floor(Math.random() * 9_000_000);

/** A fresh, valid, unique ten-digit Bay Area number for each call. */
export function uniquePhone(): string {
  phoneCounter = (phoneCounter + 1) % 10_000_000;
  return `408${String(phoneCounter).padStart(7, '0')}`;
}

export function newUser(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Lan', lastName: 'Nguyễn', phone: uniquePhone(), password: 'correct horse', ...overrides };
}

/** Registers a user (through auth, or a gateway in front of it) and returns a client signed in as them. */
export async function registered(auth: { client(): TestClient }, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const client = auth.client();
  const body = newUser(overrides);
  const response = await client.post('/api/register', body, headers);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { client, user: response.body, password: body.password as string, phone: body.phone as string };
}

export type RegisteredUser = Awaited<ReturnType<typeof registered>>;

/**
 * As if `one` had written to `other`, and (unless `oneWay`) `other` had replied: messaging's
 * message.created, which auth keeps to allow reviews, published on the environment's bus; resolves once
 * auth has recorded each direction.
 */
export async function conversed(
  auth: RunningAuth,
  one: { user: { id: string } },
  other: { user: { id: string } },
  { oneWay = false }: { oneWay?: boolean } = {},
): Promise<void> {
  const directions: [string, string][] = [[one.user.id, other.user.id]];
  if (!oneWay) directions.push([other.user.id, one.user.id]);
  for (const [senderId, receiverId] of directions) {
    const message = {
      id: randomUUID(),
      conversationId: conversationIdFor(senderId, receiverId),
      senderId,
      receiverId,
      listingId: null,
      content: 'xin chào',
      isRead: false,
      createdAt: new Date().toISOString(),
    };
    await auth.infrastructure.bus.publish(buildEvent('message.created', message, randomUUID(), new Date()));
  }
  const [a, b] = [one.user.id, other.user.id].sort() as [string, string];
  // The flags of the directions published (one set earlier stays set).
  const published = (userId: string) => !oneWay || userId === one.user.id;
  await eventually(async () => {
    const row = await auth.infrastructure.db('conversation_partners').where({ user_a: a, user_b: b }).first();
    if (!row || (published(a) && !row.a_wrote) || (published(b) && !row.b_wrote)) throw new Error('not yet');
  });
}

/** As if verification had proved the user's phone (its phone.verified); resolves once auth has applied it. */
export async function verifiedPhone(auth: RunningAuth, who: { user: { id: string; phone: string | null } }): Promise<void> {
  await auth.infrastructure.bus.publish(buildEvent('phone.verified', { userId: who.user.id, phone: who.user.phone! }, randomUUID(), new Date()));
  await eventually(async () => {
    if (!(await auth.infrastructure.db('users').where({ id: who.user.id, phone_verified: true }).first())) throw new Error('not yet');
  });
}

/** What a review needs: the reviewer's phone verified, and a conversation in which both wrote. */
export async function mayReview(auth: RunningAuth, reviewer: { user: { id: string; phone: string | null } }, seller: { user: { id: string } }): Promise<void> {
  await Promise.all([verifiedPhone(auth, reviewer), conversed(auth, reviewer, seller)]);
}

let counter = 0;

/** A valid listing body; override any field. */
export function listingBody(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    title: `Phòng cho thuê ${counter}`,
    description: 'Sunny room near Grand Century Mall, utilities included',
    category: 'rent',
    price: '1250',
    priceType: 'monthly',
    location: 'San Jose, CA',
    metadata: { propertyType: 'room', bedrooms: 1, bathrooms: 1 },
    contactPreference: 'message',
    ...overrides,
  };
}
