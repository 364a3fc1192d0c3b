import { Redis } from 'ioredis';

export type { Redis };

export function createRedis(url: string, keyPrefix: string): Redis {
  return new Redis(url, {
    keyPrefix,
    maxRetriesPerRequest: 2,
    // Commands issued in the same tick go in one write (a group commit answering many sends publishes many
    // pushes at once): on a busy chat it halved Redis's CPU, and each write on loopback costs the writer.
    enableAutoPipelining: true,
    connectTimeout: 5000,
    // Reconnect forever with a capped backoff; readiness reports the outage meanwhile.
    retryStrategy: (attempt) => Math.min(200 * attempt, 5000),
  });
}
