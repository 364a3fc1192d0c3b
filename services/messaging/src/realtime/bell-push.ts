import type { NotificationSocketMessage } from '@vnmarket/proto';
import type { Logger, Redis } from '@vnmarket/shared';
import { RedisChannelListener } from './redis-channel';
import type { SocketHub } from './socket-hub';

/**
 * The bell's live count: a notification stored (or read) on one replica reaches the member's sockets on
 * every replica through a Redis channel each replica subscribes to, itself included. Best effort: a lost
 * frame is made good when the tab next loads the count (on every socket (re)connection).
 */
export class BellPush {
  private readonly listener: RedisChannelListener;

  constructor(private readonly options: { hub: Pick<SocketHub, 'pushFrame'>; publisher: Redis; subscriber: Redis; channel: string; logger: Logger }) {
    this.listener = new RedisChannelListener({ ...options, name: 'bell', failed: 'bell subscription failed' });
  }

  start(): Promise<void> {
    return this.listener.start((data) => this.deliver(data));
  }

  stop(): void {
    this.listener.stop();
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
}
