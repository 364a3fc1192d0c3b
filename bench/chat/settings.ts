/**
 * The chat benchmark's settings, from the environment (defaults in brackets):
 *
 *   BENCH_USERS (500)             users registered; each gets 2 WebSockets, one per messaging replica
 *   BENCH_RATE (500)              messages/s, open loop
 *   BENCH_DURATION (30)           measured seconds
 *   BENCH_WARMUP (3)              warm-up seconds, not counted (0 skips it)
 *   BENCH_DRAIN (10)              seconds to wait for late answers and pushes after a phase
 *   BENCH_CONCURRENCY (20)        registrations and socket opens in flight
 *   BENCH_HTTP_CONNECTIONS (64)   keep-alive connections per send target
 *   BENCH_GATEWAY_DURATION (10)   seconds of the same load through the gateway (0 skips the gateway run)
 *   BENCH_AUTH_PORT (4121), BENCH_MESSAGING_A_PORT (4122), BENCH_MESSAGING_B_PORT (4123), BENCH_GATEWAY_PORT (8200)
 *   BENCH_CHAT_DATABASE_URL       (postgres://postgres@127.0.0.1:5432/vnmarket_bench_chat; its name must contain
 *                                 "bench": it is dropped every run)
 *   BENCH_PROFILE_DIR (unset)     a directory: both messaging replicas write V8 CPU profiles there (messaging-<port>/), for
 *                                 chrome://inspect or speedscope
 *   REDIS_URL, AMQP_URL           the local Redis and RabbitMQ (their usual local defaults)
 */
import path from 'node:path';
import { benchDatabaseName, envInt, envPorts } from '../lib/settings';

export const settings = {
  users: envInt('BENCH_USERS', 500, 2),
  rate: envInt('BENCH_RATE', 500, 1),
  duration: envInt('BENCH_DURATION', 30, 1),
  warmup: envInt('BENCH_WARMUP', 3, 0),
  drain: envInt('BENCH_DRAIN', 10, 1),
  concurrency: envInt('BENCH_CONCURRENCY', 20, 1),
  httpConnections: envInt('BENCH_HTTP_CONNECTIONS', 64, 1),
  gatewayDuration: envInt('BENCH_GATEWAY_DURATION', 10, 0),
  ports: envPorts({ auth: 4121, messagingA: 4122, messagingB: 4123, gateway: 8200 }),
  databaseUrl: process.env.BENCH_CHAT_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/vnmarket_bench_chat',
  /** When set, both messaging replicas run with --cpu-prof and write their V8 CPU profiles there when they stop. */
  profileDir: process.env.BENCH_PROFILE_DIR ? path.resolve(process.env.BENCH_PROFILE_DIR) : undefined,
  redisUrl: process.env.REDIS_URL || 'redis://127.0.0.1:6379',
  amqpUrl: process.env.AMQP_URL || 'amqp://guest:guest@127.0.0.1:5672',
};
export const databaseName = benchDatabaseName(settings.databaseUrl, 'BENCH_CHAT_DATABASE_URL');

/** The run's own Redis key prefix and events exchange: `make start` and the tests are not disturbed. */
export const REDIS_PREFIX = 'bench-chat:';
export const EXCHANGE = 'bench-chat.events';
/** Issue 14's goal 4 for this scenario, and the figure of the bench before it. */
export const GOAL = { p99Ms: 60, rate: 500, sockets: 1000, crossToSameP99: 2, beforeP99Ms: 244 };
