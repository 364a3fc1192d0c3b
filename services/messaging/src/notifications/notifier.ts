import type { Message, NotificationData, NotificationKind, PushPayload } from '@vnmarket/proto';
import type { Knex, Logger } from '@vnmarket/shared';
import { choiceOf, insertNotification, unreadCountOf } from '../db/notifications';
import { hasPushSubscription, languageOf } from '../db/push-subscriptions';
import type { BellPush } from '../realtime/bell-push';
import type { Presence } from '../realtime/presence';
import { messagePush, notificationPush } from './push-texts';
import type { WebPushSender } from './web-push-sender';

export interface NotificationOrder {
  userId: string;
  kind: NotificationKind;
  data: NotificationData;
  link: string;
}

export interface NotifierOptions {
  /** For what happens after the event's transaction has committed. */
  db: Knex;
  logger: Logger;
  bell: Pick<BellPush, 'publish'>;
  presence: Pick<Presence, 'isOnline'>;
  /** Undefined when no VAPID keys are configured: no web push. */
  webPush?: WebPushSender;
}

/**
 * Turns an event into what the member chose: a notification in the bell (stored in the event's own
 * transaction, counted live on their open tabs once committed) and a web push when no tab of theirs is open.
 */
export class Notifier {
  /** Pushes under way, so tests and shutdown can wait for them. */
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly options: NotifierOptions) {}

  async notify(trx: Knex.Transaction, eventId: string, order: NotificationOrder): Promise<void> {
    // An event that arrives after the member deleted their account leaves nothing of theirs behind.
    const member: { deleted: boolean } | undefined = await trx('users').where({ id: order.userId }).first('deleted');
    if (member?.deleted) return;
    const choice = await choiceOf(trx, order.userId, order.kind);
    const stored = choice.inApp ? await insertNotification(trx, { ...order, eventId }) : undefined;
    const unreadCount = stored ? await unreadCountOf(trx, order.userId) : 0;
    const push = choice.push && this.options.webPush !== undefined;
    if (!stored && !push) return;
    this.afterCommit(trx, async () => {
      if (stored) this.options.bell.publish(order.userId, { type: 'notifications', unreadCount, notification: stored });
      if (push) await this.pushIfAway(order.userId, (language) => notificationPush(order.kind, order.data, order.link, language, stored?.id ?? eventId));
    });
  }

  /**
   * Whether a message to this member could become a push at all: web push is configured and they have a
   * browser subscribed. One indexed look-up outside any transaction, so most messages (receivers without
   * one) cost their consumer no transaction and no processed_events row.
   */
  async mayPushMessageTo(receiverId: string): Promise<boolean> {
    if (!this.options.webPush) return false;
    return hasPushSubscription(this.options.db, receiverId);
  }

  /** A new message reaches the receiver as a push when no tab of theirs is open (its own badge counts it otherwise). */
  async message(trx: Knex.Transaction, message: Message): Promise<void> {
    // Most receivers have no browser subscribed: one indexed look-up, and the hot path's events stay cheap.
    if (!this.options.webPush || !(await trx('push_subscriptions').where({ user_id: message.receiverId }).first('endpoint'))) return;
    if (!(await choiceOf(trx, message.receiverId, 'message')).push) return;
    const sender: { first_name: string; last_name: string } | undefined = await trx('users').where({ id: message.senderId }).first('first_name', 'last_name');
    const name = sender ? `${sender.first_name} ${sender.last_name}`.trim() : '';
    this.afterCommit(trx, () => this.pushIfAway(message.receiverId, (language) => messagePush(message, name, language)));
  }

  /** Waits for the pushes under way (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  private afterCommit(trx: Knex.Transaction, work: () => Promise<void>): void {
    const done = trx.executionPromise
      .then(work, () => undefined)
      .catch((error: Error) => this.options.logger.warn({ err: error.message }, 'notification not delivered'))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  private async pushIfAway(userId: string, payload: (language: string | null) => PushPayload): Promise<void> {
    if (await this.options.presence.isOnline(userId)) return;
    const language = await languageOf(this.options.db, userId);
    await this.options.webPush!.sendToMember(userId, payload(language));
  }
}
