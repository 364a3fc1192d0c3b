import { registered, startStack, type Stack } from '@vnmarket/testkit';

/** Path segments that do not decode, or carry a NUL byte, are the client's mistake: 400, never a 500. */
// The services whose paths are tried below (verification has none here).
let stack: Stack<'auth' | 'listings' | 'messaging' | 'media'>;
beforeAll(async () => {
  stack = await startStack('malformed-paths', { only: ['auth', 'listings', 'messaging', 'media'] });
});
afterAll(() => stack.stop());

it.each([
  ['POST', '/api/users/%E0%A4%A/reviews'],
  ['GET', '/api/conversations/%E0%A4%A/messages'],
  ['PUT', '/api/conversations/%E0%A4%A/read'],
  ['PUT', '/api/objects/upload/%E0%A4%A'],
  ['GET', '/api/listings/%E0%A4%A'],
  ['GET', '/api/listings/%E0%A4%A/preview'],
  ['GET', '/api/users/%/reviews'],
  ['GET', '/objects/images/x/y%00'],
])('%s %s answers 4xx with a JSON message', async (method, path) => {
  const user = await registered(stack);
  const response = await user.client.request(method, path, method === 'GET' ? {} : { json: { rating: 5 } });
  expect(response.status).toBeGreaterThanOrEqual(400);
  expect(response.status).toBeLessThan(500);
  expect(typeof response.body.message).toBe('string');
});
