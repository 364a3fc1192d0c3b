/**
 * The test kit (`@vnmarket/testkit`): what every test imports to run against the real PostgreSQL, Redis
 * and RabbitMQ. Import everything from this entry:
 *
 *   import { startStack, registered, eventually } from '@vnmarket/testkit';
 *
 * - A database, key prefix and exchange of its own: `createTestEnvironment(label)` once per file (in
 *   beforeAll); `env` holds the settings a service reads, `cleanup()` (in afterAll) drops the database,
 *   deletes the Redis keys under the prefix and the exchange with its queues. `createTestDatabase` gives a
 *   bare database the same way (`drop()` removes it).
 * - A service: `startAuth(label)`, `startListings(label)`, ... start the real service in this process on an
 *   environment of its own, or on one passed in (services on one environment receive each other's events);
 *   `stop()` drains it, closes its connections and cleans up the environment it made, not one passed in.
 * - Several services behind the real gateway: `startStack(label, { only: ['auth', 'listings'] })`; its
 *   `client()` is a browser-like client with a cookie jar, and `stop()` stops all and cleans up.
 * - Waiting: `eventually(check)` polls until the check passes (an event's effect, a socket's message);
 *   tests wait on conditions, not on sleeps.
 * - Fixtures several services' tests share (`registered`, `listingBody`, `conversed`, `openSocket`), a TCP
 *   fault proxy for outages, Prometheus scraping, a local web push endpoint.
 *
 * services/shared's own tests import `@vnmarket/testkit/core` instead: the same generic pieces, without the
 * services (which depend on shared). Helpers one service's tests use stay in that service's test folder.
 */
export * from './core';
export * from './services';
export * from './stack';
export * from './fixtures';
export * from './socket';
export * from './events';
export * from './moderators';
export * from './push-endpoint';
