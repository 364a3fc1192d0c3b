import { z } from 'zod';
import { idSchema } from './primitives';

/**
 * Notifications (the messaging service): what a member is told in the bell, by web push while no tab is
 * open, and (later) in a daily SMS digest. Each one names its kind, the facts its text is made of, and the
 * screen a click opens; the web writes the text in the member's language from those facts.
 */

export const NOTIFICATION_KINDS = [
  'saved_search_match',
  'listing_expiring',
  'listing_held',
  'listing_restored',
  'listing_removed',
  'review_received',
  'review_prompt',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** What a member chooses how to hear about: every notification kind, and new messages (push only: they keep their own badge). */
export const NOTIFICATION_CHOICE_KINDS = [...NOTIFICATION_KINDS, 'message'] as const;
export type NotificationChoiceKind = (typeof NOTIFICATION_CHOICE_KINDS)[number];

/** The facts a notification's text is made of (each kind uses some of them). */
export const notificationDataSchema = z.object({
  listingId: z.string().optional(),
  listingTitle: z.string().optional(),
  listingPrice: z.string().optional(),
  listingImage: z.string().nullable().optional(),
  savedSearchName: z.string().optional(),
  expiresAt: z.string().optional(),
  reviewerName: z.string().optional(),
  rating: z.number().optional(),
  /** review_prompt: the member to review (the buyer for the seller, the seller for the buyer); absent when the buyer was someone else. */
  otherUserId: z.string().optional(),
  /** review_prompt: whether the member was the seller. */
  asSeller: z.boolean().optional(),
});
export type NotificationData = z.infer<typeof notificationDataSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: z.enum(NOTIFICATION_KINDS),
  data: notificationDataSchema,
  /** The web path a click opens (`/listing/{id}`, `/dashboard`, `/users/{id}`...). */
  link: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: a page, newest first, and the member's unread count. */
export const notificationPageSchema = z.object({ notifications: z.array(notificationSchema), unreadCount: z.number().int() });
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const MAX_NOTIFICATIONS_MARKED = 100;

/** POST /api/notifications/read: the ones seen, or every one (`all`). Only the member's own change. */
export const markNotificationsReadBody = z
  .object({
    ids: z
      .array(idSchema('Invalid notification id'), { error: 'ids must be a list of notification ids' })
      .min(1, 'ids must name at least one notification')
      .max(MAX_NOTIFICATIONS_MARKED, `At most ${MAX_NOTIFICATIONS_MARKED} notifications at once`)
      .optional(),
    all: z.literal(true, { error: 'all must be true' }).optional(),
  })
  .refine((body) => body.ids !== undefined || body.all === true, { error: 'Send ids or all: true' });

export const unreadCountSchema = z.object({ unreadCount: z.number().int() });
export type UnreadCount = z.infer<typeof unreadCountSchema>;

/** How a member hears of one kind: in the app (the bell), by push, in the daily SMS digest. */
export const notificationChoiceSchema = z.object({ inApp: z.boolean(), push: z.boolean(), smsDigest: z.boolean() });
export type NotificationChoice = z.infer<typeof notificationChoiceSchema>;

/** Everyone starts with the bell and push on and the SMS digest off. */
export const DEFAULT_NOTIFICATION_CHOICE: NotificationChoice = { inApp: true, push: true, smsDigest: false };

/** GET and PUT /api/notifications/preferences answer every kind's choice. */
export const notificationPreferencesSchema = z.record(z.enum(NOTIFICATION_CHOICE_KINDS), notificationChoiceSchema);
export type NotificationPreferences = Record<NotificationChoiceKind, NotificationChoice>;

/** PUT /api/notifications/preferences: some kinds, some of their channels; the rest stay as they are. */
export const notificationPreferencesBody = z.partialRecord(z.enum(NOTIFICATION_CHOICE_KINDS), notificationChoiceSchema.partial().strict(), {
  error: 'Choose a known kind of notification',
});
export type NotificationPreferencesBody = z.input<typeof notificationPreferencesBody>;

/** A browser's push subscription, as PushSubscription.toJSON() gives it. */
export const pushSubscriptionBody = z.object({
  endpoint: z
    .string({ error: 'endpoint must be a URL' })
    .max(2000, 'endpoint is too long')
    .pipe(z.url({ error: 'endpoint must be a URL' })),
  keys: z.object(
    {
      p256dh: z.string({ error: 'keys.p256dh is required' }).regex(/^[A-Za-z0-9_-]{87}={0,1}$/, 'keys.p256dh must be a P-256 public key (base64url)'),
      auth: z.string({ error: 'keys.auth is required' }).regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes (base64url)'),
    },
    { error: 'keys must hold p256dh and auth' },
  ),
});
export type PushSubscriptionBody = z.input<typeof pushSubscriptionBody>;

export const pushSubscriptionDeleteBody = z.object({
  endpoint: z.string({ error: 'endpoint must be a URL' }).max(2000, 'endpoint is too long'),
});

/** GET /api/push/public-key: the VAPID key a browser subscribes with (applicationServerKey). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });

/** What a push carries to the service worker: written in the member's language by the server. */
export const pushPayloadSchema = z.object({ title: z.string(), body: z.string(), url: z.string(), tag: z.string(), lang: z.string() });
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** What the server pushes over /ws when a notification arrives or is read: the bell's count and the newest one. */
export interface NotificationSocketMessage {
  type: 'notifications';
  unreadCount: number;
  notification?: Notification;
}

/** Errors the web shows (server-messages.ts by code). */
export const PUSH_REFUSALS = {
  push_unavailable: 'Push notifications are not available here',
  push_endpoint_refused: 'This browser’s push service is not supported',
} as const;
