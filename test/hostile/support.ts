/** Routes, generated inputs and state snapshots for the hostile-input and BOLA suites. */
import fc from 'fast-check';
import type { Express } from 'express';
import { z } from 'zod';
import { eventually, verifiedPhone, type RegisteredUser, type Stack, type TestClient } from '@vnmarket/testkit';

export interface Route {
  method: string;
  path: string;
  service: string;
}

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function walk(stack: Layer[], service: string, out: Route[]): Route[] {
  for (const layer of stack) {
    if (layer.route) for (const method of Object.keys(layer.route.methods)) out.push({ method: method.toUpperCase(), path: layer.route.path, service });
    else if (layer.handle?.stack) walk(layer.handle.stack, service, out);
  }
  return out;
}

/**
 * Every public route of every service, read from the Express routers the services really run (the
 * gateway's table decides which service a path goes to). Health and metrics endpoints are internal.
 */
export function publicRoutes(stack: Stack): Route[] {
  const apps: Record<string, Express> = {
    auth: stack.auth.service.app,
    listings: stack.listings.service.app,
    messaging: stack.messaging.service.app,
    media: stack.media.service.app,
    verification: stack.verification.service.app,
  };
  const routes: Route[] = [];
  for (const [service, app] of Object.entries(apps)) walk((app as unknown as { router: { stack: Layer[] } }).router.stack, service, routes);
  return routes.filter((route) => route.path.startsWith('/api/') || route.path.startsWith('/objects'));
}

export const routeKey = (route: Route) => `${route.method} ${route.path}`;

/** Strings that have broken parsers, renderers and databases somewhere. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    '\uDFFF\uD800',
    '\u202Eevil\u202C',
    '\u200B\u200D\uFEFF',
    'Pho\u031B\u0309',
    '𝕍𝕚𝕖̣̂𝕥',
    "'; drop table listings; --",
    '{"$gt": ""}',
    '../../etc/passwd',
    '%00%2e%2e%2f',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '1e309',
    '-0',
    'NaN',
    'null',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer({ min: 1, max: 3 }).map((size) => 'ə'.repeat(size * 20_000)),
);

const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 3 }),
  ),
})).value;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  maxItems?: number;
};

/** An arbitrary of values shaped like the schema (what a well-meaning client would send, roughly). */
function fromJsonSchema(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union && union.length > 0) return fc.oneof(...union.map(fromJsonSchema));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties)) model[name] = fromJsonSchema(property);
      return fc.record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) });
    }
    case 'array':
      return fc.array(schema.items ? fromJsonSchema(schema.items) : fc.anything(), { maxLength: Math.min(schema.maxItems ?? 4, 4) });
    case 'string':
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) });
    case 'integer':
      return fc.integer({ min: Math.max(schema.minimum ?? -1000, -1e6), max: Math.min(schema.maximum ?? 1000, 1e6) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return hostileValue;
  }
}

/**
 * Bodies for an endpoint: shaped by its zod schema (z.toJSONSchema of the input side), then the same
 * with one field replaced by something hostile, prototype-pollution keys added, or anything at all.
 */
export function bodiesFor(schema: z.ZodType | undefined): fc.Arbitrary<unknown> {
  const shaped = schema ? fromJsonSchema(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : fc.constant({});
  const withHostileField = fc.tuple(shaped, fc.string({ maxLength: 12 }), hostileValue).map(([body, key, value]) => {
    if (body && typeof body === 'object' && !Array.isArray(body)) {
      const keys = Object.keys(body);
      const target = keys.length > 0 ? keys[key.length % keys.length]! : key;
      return { ...(body as object), [target]: value };
    }
    return value;
  });
  const polluted = shaped.map((body) =>
    JSON.parse(`{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}},"body":${JSON.stringify(body) ?? 'null'}}`),
  );
  return fc.oneof(shaped, withHostileField, polluted, hostileValue);
}

/** Query strings: shaped by the schema, then hostile values and repeated keys. */
export function queriesFor(schema: z.ZodType | undefined): fc.Arbitrary<string> {
  const keys = schema ? Object.keys((z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema).properties ?? {}) : [];
  const pair = fc.tuple(keys.length > 0 ? fc.constantFrom(...keys, '__proto__', 'constructor') : fc.constantFrom('q', '__proto__'), hostileString);
  // Lone surrogates cannot be percent-encoded at all: send their replacement, as a browser would.
  const encode = (text: string) =>
    encodeURIComponent(wellFormed(text))
      .slice(0, 1500)
      .replace(/%[0-9A-F]?$/i, '');
  return fc.array(pair, { maxLength: 4 }).map((pairs) => pairs.map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'));
}

/**
 * What a user owns and sees, to compare before and after a refused request. Read copies embedded in
 * answers (a listing's `user`, a conversation's `otherUser`) are left out: they follow earlier,
 * accepted changes through events, at their own pace, and are not what a refused request could change.
 */
export async function snapshot(client: TestClient): Promise<string> {
  const parts = await Promise.all(
    [
      '/api/auth/user',
      '/api/users/listings',
      '/api/saved-listings',
      '/api/saved-searches',
      '/api/conversations',
      '/api/messages/unread-count',
      '/api/notifications',
      '/api/notifications/preferences',
    ].map((path) => client.get(path)),
  );
  return JSON.stringify(
    parts.map((part) => [part.status, part.body]),
    (key, value) => (key === 'user' || key === 'otherUser' ? undefined : value),
  );
}

/** No 5xx, and every refusal is a JSON {message} without a stack trace. */
export function expectCleanAnswer(response: { status: number; text: string; body: unknown }, what: string): void {
  if (response.status >= 500) throw new Error(`${what} answered ${response.status}: ${response.text.slice(0, 300)}`);
  if (/\bat .+\.(ts|js):\d+/.test(response.text) || /node_modules/.test(response.text))
    throw new Error(`${what} leaked a stack trace: ${response.text.slice(0, 300)}`);
  if (response.status >= 400 && typeof (response.body as { message?: unknown })?.message !== 'string') {
    throw new Error(`${what} answered ${response.status} without a JSON {message}: ${response.text.slice(0, 200)}`);
  }
}

/** fc.assert for async properties, with a short report (a counterexample can be megabytes of text). */
export async function assertProperty<T extends unknown[]>(property: fc.IAsyncProperty<T>, numRuns: number): Promise<void> {
  await fc.assert(property, {
    numRuns,
    endOnFailure: true,
    asyncReporter: async (details) => {
      if (!details.failed) return;
      const example = JSON.stringify(details.counterexample)?.slice(0, 400);
      const error = String((details.errorInstance as Error)?.message ?? details.errorInstance).slice(0, 600);
      throw new Error(`property failed after ${details.numRuns} runs (seed ${details.seed}): ${error}\ncounterexample: ${example}`);
    },
  });
}

/** Lone surrogates replaced by U+FFFD, as a browser does before percent-encoding. */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

/**
 * A conversation and a review: `reviewer` writes to `member`, who replies, then (the reviewer's phone
 * verified) reviews them, a review only `member` may answer. Answers the first message and the review.
 */
export async function conversationAndReview(
  stack: Stack,
  member: RegisteredUser,
  reviewer: RegisteredUser,
  review: { rating: number; comment?: string },
): Promise<{ message: { conversationId: string }; review: { id: string } }> {
  await eventually(async () => expect(await stack.messaging.infrastructure.db('users').whereIn('id', [member.user.id, reviewer.user.id])).toHaveLength(2));
  const message = (await reviewer.client.post('/api/messages', { receiverId: member.user.id, content: 'xin chào' })).body as { conversationId: string };
  await member.client.post('/api/messages', { receiverId: reviewer.user.id, content: 'chào bạn' });
  await verifiedPhone(stack.auth, reviewer);
  const written = await eventually(async () => {
    const response = await reviewer.client.post(`/api/users/${member.user.id}/reviews`, review);
    expect(response.status).toBe(201);
    return response.body as { id: string };
  });
  return { message, review: written };
}
