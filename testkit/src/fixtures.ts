/** Users, listings and conversations as several services' tests need them. */
import { randomUUID } from 'node:crypto';
import { buildEvent, conversationIdFor } from '@vnmarket/proto';
import { eventually, uniquePhone, type TestClient } from '@vnmarket/shared/testing';
import type { RunningAuth } from './services';

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
 * As if the two had exchanged a message: messaging's message.created, which auth keeps to allow
 * reviews, published on the environment's bus; resolves once auth has recorded it.
 */
export async function conversed(auth: RunningAuth, one: { user: { id: string } }, other: { user: { id: string } }): Promise<void> {
  const message = {
    id: randomUUID(),
    conversationId: conversationIdFor(one.user.id, other.user.id),
    senderId: one.user.id,
    receiverId: other.user.id,
    listingId: null,
    content: 'xin chào',
    isRead: false,
    createdAt: new Date().toISOString(),
  };
  await auth.infrastructure.bus.publish(buildEvent('message.created', message, randomUUID(), new Date()));
  const [a, b] = [one.user.id, other.user.id].sort();
  await eventually(async () => {
    if (!(await auth.infrastructure.db('conversation_partners').where({ user_a: a, user_b: b }).first())) throw new Error('not yet');
  });
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
