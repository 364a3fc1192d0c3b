import type { Logger, Redis } from '@vnmarket/shared';

/**
 * Whether a member has a tab open anywhere (any replica's socket): a push to their phone or desktop goes
 * out only when none is. Per member, a sorted set of socket ids scored by when each stops counting; a
 * socket's score moves on with every heartbeat, so a replica that dies without closing its sockets stops
 * counting them within a few heartbeats.
 */
export class Presence {
  constructor(
    private readonly options: {
      redis: Redis;
      /** The deployment's key prefix is the client's own; this names the sets. */
      logger: Logger;
      /** How long a socket counts without a heartbeat. */
      ttlMs: number;
    },
  ) {}

  private key(userId: string): string {
    return `messaging:online:${userId}`;
  }

  opened(userId: string, socketId: string): void {
    this.refresh([[userId, socketId]]);
  }

  closed(userId: string, socketId: string): void {
    this.options.redis.zrem(this.key(userId), socketId).catch((error: Error) => this.warn(error));
  }

  /** Every live socket of this replica, on each heartbeat: one round trip. */
  refresh(sockets: Iterable<[userId: string, socketId: string]>): void {
    const until = Date.now() + this.options.ttlMs;
    const pipeline = this.options.redis.pipeline();
    let count = 0;
    for (const [userId, socketId] of sockets) {
      pipeline.zadd(this.key(userId), until, socketId).pexpire(this.key(userId), this.options.ttlMs);
      count += 1;
    }
    if (count > 0) pipeline.exec().catch((error: Error) => this.warn(error));
  }

  /** True when some socket of theirs counts; when Redis cannot tell, true (no push rather than a doubled one). */
  async isOnline(userId: string): Promise<boolean> {
    try {
      return (await this.options.redis.zcount(this.key(userId), Date.now(), '+inf')) > 0;
    } catch (error) {
      this.warn(error as Error);
      return true;
    }
  }

  private warn(error: Error): void {
    this.options.logger.warn({ err: error.message }, 'presence not recorded in redis');
  }
}
