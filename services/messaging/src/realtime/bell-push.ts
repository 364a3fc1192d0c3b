import type { NotificationSocketMessage } from '@vnmarket/proto';
import type { Logger, Redis } from '@vnmarket/shared';
import type { SocketHub } from './socket-hub';

/**
 * The bell's live count: a notification stored (or read) on one replica reaches the member's sockets on
 * every replica through a Redis channel each replica subscribes to, itself included. Best effort: a lost
 * frame is made good when the tab next loads the count (on every socket (re)connection).
 */
export class BellPush {
  private stopped = false;

  constructor(private readonly options: { hub: Pick<SocketHub, 'pushFrame'>; publisher: Redis; subscriber: Redis; channel: string; logger: Logger }) {}

  async start(): Promise<void> {
    const { subscriber, channel } = this.options;
    subscriber.on('message', (from: string, data: string) => {
      if (from === channel) this.deliver(data);
    });
    subscriber.on('error', (error: Error) => this.options.logger.warn({ err: error.message }, 'redis (bell subscriber) error'));
    subscriber.on('ready', () => void this.subscribe());
    await this.subscribe();
  }

  stop(): void {
    this.stopped = true;
    this.options.subscriber.disconnect();
  }

  /** "<user id>\n<frame>" to every replica. Never throws. */
  publish(userId: string, message: NotificationSocketMessage): void {
    this.options.publisher.publish(this.options.channel, `${userId}\n${JSON.stringify(message)}`).catch((error: Error) => {
      this.options.logger.warn({ err: error.message }, 'bell count not published');
    });
  }

  private deliver(data: string): void {
    const newline = data.indexOf('\n');
    if (newline !== 36) return;
    this.options.hub.pushFrame([data.slice(0, newline)], data.slice(newline + 1));
  }

  private async subscribe(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.options.subscriber.subscribe(this.options.channel);
    } catch (error) {
      this.options.logger.warn({ err: (error as Error).message }, 'bell subscription failed');
    }
  }
}
