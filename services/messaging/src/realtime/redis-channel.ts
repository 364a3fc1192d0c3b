import type { Logger, Redis } from '@vnmarket/shared';

/**
 * A Redis channel every replica listens to, on a connection of its own (a Redis connection that subscribes
 * can do nothing else). It subscribes again after every reconnection; a subscription that fails is logged
 * and made again on the next one. Not fatal when Redis is down.
 */
export class RedisChannelListener {
  private stopped = false;

  constructor(
    private readonly options: {
      subscriber: Redis;
      channel: string;
      logger: Logger;
      /** The subscriber's name in its error lines, as in "redis (push subscriber) error". */
      name: string;
      /** The warning when subscribing fails. */
      failed: string;
    },
  ) {}

  async start(onMessage: (data: string) => void): Promise<void> {
    const { subscriber, channel, logger, name } = this.options;
    subscriber.on('message', (from: string, data: string) => {
      if (from === channel) onMessage(data);
    });
    subscriber.on('error', (error: Error) => logger.warn({ err: error.message }, `redis (${name} subscriber) error`));
    subscriber.on('ready', () => void this.subscribe());
    await this.subscribe();
  }

  stop(): void {
    this.stopped = true;
    this.options.subscriber.disconnect();
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.options.subscriber.subscribe(this.options.channel);
    } catch (error) {
      this.options.logger.warn({ err: (error as Error).message }, this.options.failed);
    }
  }
}
