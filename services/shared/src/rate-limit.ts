import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import { tooManyRequests } from './errors';

export interface LimitRule {
  name: string;
  points: number;
  durationSeconds: number;
}

/** A fixed-window counter in Redis, shared by every replica of a service. */
export class RateLimit {
  private readonly limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    readonly rule: LimitRule,
  ) {
    this.limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: `rl:${rule.name}`,
      points: rule.points,
      duration: rule.durationSeconds,
    });
  }

  /** Counts one hit; throws 429 once the window's budget is spent. */
  async consume(key: string, message: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (error) {
      if (error instanceof RateLimiterRes) throw tooManyRequests(message, error.msBeforeNext / 1000);
      throw error;
    }
  }

  /** Throws 429 if the budget is already spent, without counting a hit. */
  async check(key: string, message: string): Promise<void> {
    const state = await this.limiter.get(key);
    if (state && state.consumedPoints >= this.rule.points) throw tooManyRequests(message, state.msBeforeNext / 1000);
  }

  async reset(key: string): Promise<void> {
    await this.limiter.delete(key);
  }

  /** Gives back hits counted up front for an attempt that turned out to be legitimate. */
  async refund(key: string, points = 1): Promise<void> {
    await this.limiter.reward(key, points);
  }
}

/**
 * The key a client address is limited under. IPv6 clients are keyed by their /64: one subscriber
 * usually holds a whole /64 and could otherwise rotate through 2^64 addresses to dodge a limit.
 */
export function clientAddressKey(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

export interface LimitHit {
  limit: RateLimit;
  key: string;
  /** The 429 message when this limit is the one that refuses. */
  message: string;
}

/**
 * Counts one hit against every limit, or (when one is already spent) against none: all are checked
 * before any is counted, so a request refused by one limit does not use up the others' budgets.
 */
export async function consumeAll(hits: LimitHit[]): Promise<void> {
  for (const hit of hits) await hit.limit.check(hit.key, hit.message);
  for (const hit of hits) await hit.limit.consume(hit.key, hit.message);
}
