/**
 * The part of the kit that starts no service of this repository: test environments, the client, waiting,
 * ports, startTestService, the fault proxy and metrics scraping. It depends on @vnmarket/shared alone, so
 * shared's own tests import it (`@vnmarket/testkit/core`) without loading every service; other tests import
 * `@vnmarket/testkit`, which exports all of it too.
 */
export * from './environment';
export * from './client';
export * from './wait';
export * from './ports';
export * from './statements';
export * from './service';
export * from './fault-proxy';
export * from './metrics';
