import { Redis } from 'ioredis';

export type { Redis };

export function createRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    connectTimeout: 5000,
    // Reconnect forever with a capped backoff; readiness reports the outage meanwhile.
    retryStrategy: (attempt) => Math.min(200 * attempt, 5000),
  });
}
