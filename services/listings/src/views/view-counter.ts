import type { Redis } from '@vnmarket/shared';

/**
 * A view counts once per viewer per listing per window (a day by default), and never the owner's own.
 * Redis SET NX decides, so replicas agree and a reload does not inflate the count.
 */
export class ViewCounter {
  constructor(
    private readonly redis: Redis,
    private readonly windowHours: number,
    private readonly clock: () => Date,
  ) {}

  async shouldCount(listingId: string, viewer: string): Promise<boolean> {
    const window = Math.floor(this.clock().getTime() / (this.windowHours * 3_600_000));
    const added = await this.redis.set(`view:${listingId}:${viewer}:${window}`, '1', 'EX', this.windowHours * 3600, 'NX');
    return added === 'OK';
  }
}
