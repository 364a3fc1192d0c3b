import webpush from 'web-push';
import type { PushPayload } from '@vnmarket/proto';
import type { Knex, Logger } from '@vnmarket/shared';
import { dropPushEndpoint, pushSubscriptionsOf, type StoredPushSubscription } from '../db/push-subscriptions';

interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address the push services may write to about our pushes. */
  subject: string;
}

export interface WebPushSenderOptions {
  db: Knex;
  logger: Logger;
  vapid: VapidKeys;
  /** How long a push service keeps a push for a browser that is offline. */
  ttlSeconds: number;
  timeoutMs: number;
  /** The member's newest browsers that get a push (PUSH_MAX_SUBSCRIPTIONS_PER_MEMBER). */
  maxSubscriptions: number;
}

/** What became of one push: delivered (2xx), gone (404/410: the subscription was dropped), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

/**
 * Web push (RFC 8030, payloads encrypted per RFC 8291, signed per RFC 8292) with the web-push package.
 * web-push builds the encrypted, signed request; it is sent here with fetch, which also reaches a
 * loopback endpoint over plain http in development (web-push's own sender speaks https only).
 */
export class WebPushSender {
  constructor(private readonly options: WebPushSenderOptions) {}

  get publicKey(): string {
    return this.options.vapid.publicKey;
  }

  /** To every browser the member subscribed; never throws. */
  async sendToMember(userId: string, payload: PushPayload): Promise<PushOutcome[]> {
    const subscriptions = await pushSubscriptionsOf(this.options.db, userId, this.options.maxSubscriptions);
    return Promise.all(subscriptions.map((subscription) => this.send(subscription, payload)));
  }

  async send(subscription: StoredPushSubscription, payload: PushPayload): Promise<PushOutcome> {
    const { logger, vapid } = this.options;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: this.options.ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'normal' },
      );
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'error',
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      await response.body?.cancel();
      if (response.ok) return 'sent';
      if (response.status === 404 || response.status === 410) {
        await dropPushEndpoint(this.options.db, subscription.endpoint);
        logger.info({ status: response.status }, 'push subscription gone: dropped');
        return 'gone';
      }
      logger.warn({ status: response.status }, 'push refused by the push service');
      return 'failed';
    } catch (error) {
      logger.warn({ err: (error as Error).message }, 'push not sent');
      return 'failed';
    }
  }
}
