import { listingBody, registered, startStack, type RegisteredUser, type Stack, type TestClient } from '@vnmarket/testkit';

/**
 * Starts auth and listings before the file's tests and stops them after; `started` gets the stack and two people
 * signed up on it. Call it at the top of the file: `listingsStack('name', (...started) => ([stack, a, b] = started))`.
 */
export function listingsStack(name: string, started: (stack: Stack<'auth' | 'listings'>, first: RegisteredUser, second: RegisteredUser) => void): void {
  let stack: Stack<'auth' | 'listings'> | undefined;
  beforeAll(async () => {
    stack = await startStack(name, { only: ['auth', 'listings'] });
    started(stack, await registered(stack), await registered(stack));
  });
  afterAll(() => stack?.stop());
}

/** Posts a listing (listingBody with `overrides`) as `client`'s user, and answers the listing; throws unless created. */
export async function postListing(client: TestClient, overrides: Record<string, unknown> = {}) {
  const response = await client.post('/api/listings', listingBody(overrides));
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${response.text}`);
  return response.body;
}
