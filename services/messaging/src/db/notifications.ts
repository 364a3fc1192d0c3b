import {
  DEFAULT_NOTIFICATION_CHOICE,
  NOTIFICATION_CHOICE_KINDS,
  type Notification,
  type NotificationChoice,
  type NotificationChoiceKind,
  type NotificationData,
  type NotificationKind,
  type NotificationPreferences,
  type PageQuery,
} from '@vnmarket/proto';
import type { Knex } from '@vnmarket/shared';

interface NotificationRow {
  id: string;
  user_id: string;
  kind: NotificationKind;
  data: NotificationData;
  link: string;
  is_read: boolean;
  created_at: Date;
}

function toNotification(row: NotificationRow): Notification {
  return { id: row.id, kind: row.kind, data: row.data, link: row.link, isRead: row.is_read, createdAt: row.created_at.toISOString() };
}

export interface NewNotification {
  userId: string;
  kind: NotificationKind;
  data: NotificationData;
  link: string;
  /** The event it comes from: the same event delivered again adds nothing. */
  eventId: string;
}

/** Stores it, once per member and event; undefined when that event's notification is there already. */
export async function insertNotification(trx: Knex.Transaction, notification: NewNotification): Promise<Notification | undefined> {
  const [row] = await trx('notifications')
    .insert({ user_id: notification.userId, kind: notification.kind, data: notification.data, link: notification.link, event_id: notification.eventId })
    .onConflict(['event_id', 'user_id'])
    .ignore()
    .returning(['id', 'user_id', 'kind', 'data', 'link', 'is_read', 'created_at']);
  return row ? toNotification(row as NotificationRow) : undefined;
}

export async function notificationsOf(db: Knex, userId: string, page: PageQuery): Promise<Notification[]> {
  const rows: NotificationRow[] = await db('notifications')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(page.limit)
    .offset(page.offset)
    .select('id', 'user_id', 'kind', 'data', 'link', 'is_read', 'created_at');
  return rows.map(toNotification);
}

export async function unreadCountOf(db: Knex, userId: string): Promise<number> {
  const row = await db('notifications').where({ user_id: userId, is_read: false }).count<{ count: string }[]>('* as count').first();
  return Number(row?.count ?? 0);
}

/** Marks the member's own notifications read (ids of anyone else's change nothing); all of them without ids. */
export async function markRead(db: Knex, userId: string, ids: string[] | 'all'): Promise<number> {
  const query = db('notifications').where({ user_id: userId, is_read: false });
  if (ids !== 'all') query.whereIn('id', ids);
  return query.update({ is_read: true });
}

interface PreferenceRow {
  kind: NotificationChoiceKind;
  in_app: boolean;
  push: boolean;
  sms_digest: boolean;
}

/** Every kind's choice: what the member set, else the default. */
export async function preferencesOf(db: Knex, userId: string): Promise<NotificationPreferences> {
  const rows: PreferenceRow[] = await db('notification_preferences').where({ user_id: userId }).select('kind', 'in_app', 'push', 'sms_digest');
  const preferences = Object.fromEntries(NOTIFICATION_CHOICE_KINDS.map((kind) => [kind, { ...DEFAULT_NOTIFICATION_CHOICE }])) as NotificationPreferences;
  for (const row of rows) {
    if (row.kind in preferences) preferences[row.kind] = { inApp: row.in_app, push: row.push, smsDigest: row.sms_digest };
  }
  return preferences;
}

export async function choiceOf(db: Knex, userId: string, kind: NotificationChoiceKind): Promise<NotificationChoice> {
  const row: PreferenceRow | undefined = await db('notification_preferences').where({ user_id: userId, kind }).first('kind', 'in_app', 'push', 'sms_digest');
  return row ? { inApp: row.in_app, push: row.push, smsDigest: row.sms_digest } : { ...DEFAULT_NOTIFICATION_CHOICE };
}

/** Applies the changed channels of the named kinds over what is stored (or the defaults), in one transaction. */
export async function updatePreferences(
  db: Knex,
  userId: string,
  changes: Partial<Record<NotificationChoiceKind, Partial<NotificationChoice>>>,
): Promise<NotificationPreferences> {
  return db.transaction(async (trx) => {
    const current = await preferencesOf(trx, userId);
    const rows = Object.entries(changes).map(([kind, change]) => {
      const next = { ...current[kind as NotificationChoiceKind], ...change };
      return { user_id: userId, kind, in_app: next.inApp, push: next.push, sms_digest: next.smsDigest };
    });
    if (rows.length > 0) await trx('notification_preferences').insert(rows).onConflict(['user_id', 'kind']).merge();
    return preferencesOf(trx, userId);
  });
}

/**
 * Deletes notifications written before `before`, `batch` rows per statement (by the notifications_by_age
 * index), so a large backlog goes in short statements; answers how many went.
 */
export async function pruneNotificationsBefore(db: Knex, before: Date, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const old = db('notifications').select('id').where('created_at', '<', before).limit(batch);
    const deleted = await db('notifications').whereIn('id', old).delete();
    total += deleted;
    if (deleted < batch) return total;
  }
}

/** A deleted account's notifications, choices, browsers and digest days go with it. */
export async function forgetMember(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx('notifications').where({ user_id: userId }).delete();
  await trx('notification_preferences').where({ user_id: userId }).delete();
  await trx('push_subscriptions').where({ user_id: userId }).delete();
  await trx('sms_digests').where({ user_id: userId }).delete();
}
