import { Router } from 'express';
import { PUSH_REFUSALS, pushSubscriptionBody, pushSubscriptionDeleteBody } from '@vnmarket/proto';
import { HttpError, parseInput } from '@vnmarket/shared';
import { deletePushSubscription, savePushSubscription } from '../db/push-subscriptions';
import { isAllowedPushEndpoint } from '../notifications/push-endpoints';
import type { MessagingContext } from '../service-context';

const unavailable = () => new HttpError(404, PUSH_REFUSALS.push_unavailable, 'push_unavailable');

/**
 * Web push: the VAPID public key a browser subscribes with, and the member's browsers' subscriptions.
 * A subscription names a push service the server will send to, so only the browsers' push services are
 * taken (and, in development, the loopback address).
 */
export function pushRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/push/public-key', (_req, res) => {
    if (!ctx.webPush) throw unavailable();
    res.json({ publicKey: ctx.webPush.publicKey });
  });

  router.post('/api/push/subscriptions', requireAuth, async (req, res) => {
    if (!ctx.webPush) throw unavailable();
    const { endpoint, keys } = parseInput(pushSubscriptionBody, req.body);
    const allowed = isAllowedPushEndpoint(endpoint, { serviceHosts: ctx.config.PUSH_SERVICE_HOSTS, allowLoopback: ctx.config.PUSH_ALLOW_LOOPBACK });
    if (!allowed) throw new HttpError(400, PUSH_REFUSALS.push_endpoint_refused, 'push_endpoint_refused', { endpoint: [PUSH_REFUSALS.push_endpoint_refused] });
    const subscription = { endpoint, p256dh: keys.p256dh, auth: keys.auth };
    await savePushSubscription(ctx.db, req.session!.userId, subscription, ctx.config.PUSH_MAX_SUBSCRIPTIONS_PER_MEMBER);
    res.status(201).json({ endpoint, subscribed: true });
  });

  router.delete('/api/push/subscriptions', requireAuth, async (req, res) => {
    const { endpoint } = parseInput(pushSubscriptionDeleteBody, req.body);
    // Idempotent, and only the member's own: another member's browser stays subscribed.
    await deletePushSubscription(ctx.db, req.session!.userId, endpoint);
    res.json({ endpoint, subscribed: false });
  });

  return router;
}
