import type { Message } from '@vnmarket/proto';
import { pushLatency, type Logger, type Redis } from '@vnmarket/shared';
import { RecentIds } from './recent-ids';
import { RedisChannelListener } from './redis-channel';
import type { SocketHub } from './socket-hub';

/** How a push reached this replica: stored here, from another replica over Redis, or the outbox event through RabbitMQ. */
export type PushPath = 'direct' | 'peer' | 'relay';

export interface LivePushOptions {
  hub: SocketHub;
  /** Publishes to the other replicas (the service's shared Redis connection). */
  publisher: Redis;
  /** A connection of its own: a Redis connection that subscribes can do nothing else. */
  subscriber: Redis;
  /** The Redis channel every replica of this deployment listens on (named with its key prefix). */
  channel: string;
  logger: Logger;
  /** How long a pushed message id is remembered, so the same message coming by the other path is not pushed again. */
  dedupeWindowMs?: number;
  dedupeMaxIds?: number;
}

/**
 * Real-time delivery of a stored message to the sockets of its sender and receiver on every replica, by
 * two paths:
 *  - fast: once the message is committed, the replica that stored it pushes to its own sockets at once and
 *    publishes the push on a Redis channel every replica subscribes to (about a millisecond, no polling);
 *  - durable: message.created, written to the outbox in the same statement as the message and relayed
 *    through RabbitMQ to every replica's own fan-out queue, which outlives a replica's disconnection and a
 *    broker restart. It reaches the sockets when the fast path could not (Redis unreachable, a replica
 *    that was cut off, a crash between the commit and the publish).
 * Each replica pushes a message id once, whichever path brings it first, and skips the other: a client
 * sees one push per message.
 */
export class LivePush {
  private readonly pushed: RecentIds;
  private readonly listener: RedisChannelListener;
  /** Per path: pushes sent to the sockets, and repeats skipped (the same message by its other path). */
  readonly counts: Record<PushPath, { pushed: number; repeats: number }> = {
    direct: { pushed: 0, repeats: 0 },
    peer: { pushed: 0, repeats: 0 },
    relay: { pushed: 0, repeats: 0 },
  };

  constructor(private readonly options: LivePushOptions) {
    // The durable copy normally follows within the outbox's poll interval; minutes cover a broker outage.
    this.pushed = new RecentIds(options.dedupeWindowMs ?? 10 * 60_000, options.dedupeMaxIds ?? 500_000);
    this.listener = new RedisChannelListener({ ...options, name: 'push', failed: 'live push subscription failed (the outbox events push meanwhile)' });
  }

  /** Listens to the other replicas' pushes; subscribes again after every Redis reconnection. */
  start(): Promise<void> {
    // Not fatal when Redis is down: the durable path pushes meanwhile, and 'ready' subscribes later.
    return this.listener.start((data) => this.fromPeer(data));
  }

  stop(): void {
    this.listener.stop();
  }

  /**
   * A message this replica has just committed: to its own sockets now, and to the other replicas over
   * Redis. Never throws and never waits: a lost publish is covered by the durable path.
   */
  publish(message: Message): void {
    const frames = messageFrames(message);
    this.deliver('direct', message.id, message.senderId, message.receiverId, Date.parse(message.createdAt), frames);
    this.options.publisher.publish(this.options.channel, encodePeerPush(message, frames)).catch((error: Error) => {
      this.options.logger.warn({ err: error.message, messageId: message.id }, 'live push not published (the outbox event will push it)');
    });
  }

  /** message.created from the outbox, through RabbitMQ: pushed only if neither fast path brought it here first. */
  fromRelay(message: Message): void {
    this.deliver('relay', message.id, message.senderId, message.receiverId, Date.parse(message.createdAt), undefined, message);
  }

  private fromPeer(data: string): void {
    const peer = decodePeerPush(data);
    if (!peer) {
      this.options.logger.warn('malformed live push from Redis dropped');
      return;
    }
    this.deliver('peer', peer.messageId, peer.senderId, peer.receiverId, peer.createdAtMs, peer.frames);
  }

  private deliver(
    path: PushPath,
    messageId: string,
    senderId: string,
    receiverId: string,
    createdAtMs: number,
    given: MessageFrames | undefined,
    message?: Message,
  ): void {
    if (!this.pushed.firstTime(messageId)) {
      this.counts[path].repeats += 1;
      return;
    }
    const frames = given ?? messageFrames(message!);
    const written = this.options.hub.pushFrame([receiverId], frames.receiver) + this.options.hub.pushFrame([senderId], frames.sender);
    this.counts[path].pushed += 1;
    // Once per message on this pod, when some socket here got it; NaN from an older peer's header is skipped.
    if (written > 0 && !Number.isNaN(createdAtMs)) pushLatency.observe({ path }, Math.max(0, Date.now() - createdAtMs) / 1000);
  }
}

/** The frame the browser gets, serialized once for every socket and every replica. */
function newMessageFrame(message: Message): string {
  return JSON.stringify({ type: 'new_message', message });
}

/** A message's frames: its receiver's, and its sender's, which never carries the warning (the same frame when there is none). */
export interface MessageFrames {
  receiver: string;
  sender: string;
}

export function messageFrames(message: Message): MessageFrames {
  const receiver = newMessageFrame(message);
  return { receiver, sender: message.warning ? newMessageFrame({ ...message, warning: null }) : receiver };
}

/**
 * Between replicas of this service only: "<message id> <sender id> <receiver id> <created at, ms>\n<frame>",
 * or, for a message with a warning, "… <created at, ms> 2\n<receiver's frame>\n<sender's frame>" (a JSON
 * frame holds no raw newline). The header lets a replica skip a repeat, find the sockets and time the push
 * without parsing the frame. A header without the time (from a replica of the previous release) is still
 * taken; a replica of the previous release drops a two-frame push as malformed, and the outbox event
 * brings it instead.
 */
export function encodePeerPush(message: Message, frames: MessageFrames): string {
  const header = `${message.id} ${message.senderId} ${message.receiverId} ${Date.parse(message.createdAt)}`;
  return frames.sender === frames.receiver ? `${header}\n${frames.receiver}` : `${header} 2\n${frames.receiver}\n${frames.sender}`;
}

export function decodePeerPush(
  data: string,
): { messageId: string; senderId: string; receiverId: string; createdAtMs: number; frames: MessageFrames } | undefined {
  const newline = data.indexOf('\n');
  if (newline < 0) return undefined;
  const [messageId, senderId, receiverId, createdAt, frameCount, ...rest] = data.slice(0, newline).split(' ');
  if (!messageId || !senderId || !receiverId || rest.length > 0 || (frameCount !== undefined && frameCount !== '2')) return undefined;
  const body = data.slice(newline + 1);
  const second = frameCount === '2' ? body.indexOf('\n') : -1;
  if (frameCount === '2' && second < 0) return undefined;
  const frames = second < 0 ? { receiver: body, sender: body } : { receiver: body.slice(0, second), sender: body.slice(second + 1) };
  return { messageId, senderId, receiverId, createdAtMs: createdAt === undefined ? Number.NaN : Number(createdAt), frames };
}
