/** Settings and client addresses the auth service's throttling tests share. */

/** Behind one trusted proxy hop, as behind the gateway: a request's client address is the x-forwarded-for it sends. */
export const BEHIND_PROXY = { TRUST_PROXY_HOPS: '1' };

/** The sign-in limits at small sizes, with the per-address cap set high so that tests see the per-account limits alone. */
export const SMALL_SIGN_IN_LIMITS = {
  ...BEHIND_PROXY,
  LOGIN_MAX_ATTEMPTS_PER_IP: '1000',
  LOGIN_MAX_FAILURES_PER_CLIENT: '4',
  LOGIN_MAX_FAILURES_PER_IDENTIFIER: '20',
};

/** A function giving the headers of a client address in `network` that no earlier call of it gave (one per test file). */
export function newAddresses(network = '203.0.113'): () => Record<string, string> {
  let next = 10;
  return () => ({ 'x-forwarded-for': `${network}.${next++}` });
}
