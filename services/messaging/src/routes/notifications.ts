import { Router } from 'express';
import { markNotificationsReadBody, notificationPreferencesBody, pageQuery, type NotificationPage, type UnreadCount } from '@vnmarket/proto';
import { parseInput } from '@vnmarket/shared';
import { markRead, notificationsOf, preferencesOf, unreadCountOf, updatePreferences } from '../db/notifications';
import type { MessagingContext } from '../service-context';

/**
 * The bell: the signed-in member's notifications, newest first, and marking them read; their choices of
 * how to hear about each kind. Every query is the member's own: another member's id changes nothing.
 */
export function notificationsRoutes(ctx: MessagingContext): Router {
  const router = Router();
  const { requireAuth } = ctx.authenticator;

  router.get('/api/notifications', requireAuth, async (req, res) => {
    const userId = req.session!.userId;
    const page = parseInput(pageQuery(20, 50), req.query);
    const [notifications, unreadCount] = await Promise.all([notificationsOf(ctx.db, userId, page), unreadCountOf(ctx.db, userId)]);
    res.json({ notifications, unreadCount } satisfies NotificationPage);
  });

  router.get('/api/notifications/unread-count', requireAuth, async (req, res) => {
    res.json({ unreadCount: await unreadCountOf(ctx.db, req.session!.userId) } satisfies UnreadCount);
  });

  router.post('/api/notifications/read', requireAuth, async (req, res) => {
    const userId = req.session!.userId;
    const body = parseInput(markNotificationsReadBody, req.body);
    const changed = await markRead(ctx.db, userId, body.all ? 'all' : (body.ids ?? []));
    const unreadCount = await unreadCountOf(ctx.db, userId);
    // The member's other tabs' bells follow.
    if (changed > 0) ctx.bell.publish(userId, { type: 'notifications', unreadCount });
    res.json({ unreadCount } satisfies UnreadCount);
  });

  router.get('/api/notifications/preferences', requireAuth, async (req, res) => {
    res.json(await preferencesOf(ctx.db, req.session!.userId));
  });

  router.put('/api/notifications/preferences', requireAuth, async (req, res) => {
    const changes = parseInput(notificationPreferencesBody, req.body);
    res.json(await updatePreferences(ctx.db, req.session!.userId, changes));
  });

  return router;
}
