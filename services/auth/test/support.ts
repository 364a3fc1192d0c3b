import { randomUUID } from 'node:crypto';
import { buildEvent, conversationIdFor } from '@vnmarket/proto';
import { eventually, startTestService, uniquePhone, type RunningService, type TestClient, type TestEnvironment } from '@vnmarket/shared/testing';
import { migrations } from '../migrations';
import { createAuthService, type AuthService } from '../src/app';
import { AUTH_SCHEMA, authConfigSchema, type AuthConfig } from '../src/config';

export type RunningAuth = RunningService<AuthConfig, AuthService>;

/** The real auth service, in this process, on its own (or a shared) test environment. */
export function startAuth(label: string, overrides: Record<string, string> = {}, environment?: TestEnvironment): Promise<RunningAuth> {
  return startTestService({
    name: 'auth',
    schema: AUTH_SCHEMA,
    configSchema: authConfigSchema,
    migrations,
    create: createAuthService,
    label,
    environment,
    // Cheaper hashing keeps the suite fast; production cost is the config default.
    overrides: { ARGON2_MEMORY_KIB: '4096', ARGON2_TIME_COST: '1', REGISTER_MAX_PER_IP_PER_HOUR: '10000', ...overrides },
  });
}

export function newUser(overrides: Record<string, unknown> = {}) {
  return { firstName: 'Lan', lastName: 'Nguyễn', phone: uniquePhone(), password: 'correct horse', ...overrides };
}

/** Registers a user and returns a client signed in as them. */
export async function registered(auth: { client(): TestClient }, overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const client = auth.client();
  const body = newUser(overrides);
  const response = await client.post('/api/register', body, headers);
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${response.text}`);
  return { client, user: response.body, password: body.password as string, phone: body.phone as string };
}

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
