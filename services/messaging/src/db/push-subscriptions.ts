import type { Knex } from '@vnmarket/shared';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A member's newest subscriptions (created_at is when the browser last subscribed), at most `limit`. */
const newestOf = (db: Knex, userId: string, limit: number) =>
  db('push_subscriptions')
    .where({ user_id: userId })
    .orderBy([
      { column: 'created_at', order: 'desc' },
      { column: 'endpoint', order: 'desc' },
    ])
    .limit(limit);

/**
 * A browser subscribed again (or by another member, on a shared computer) belongs to whoever subscribed
 * last. A member keeps their `keep` newest browsers: each costs a push per notification, so the ones
 * subscribed longest ago go.
 */
export async function savePushSubscription(db: Knex, userId: string, subscription: StoredPushSubscription, keep: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('push_subscriptions')
      .insert({ endpoint: subscription.endpoint, user_id: userId, p256dh: subscription.p256dh, auth: subscription.auth, created_at: trx.fn.now() })
      .onConflict('endpoint')
      .merge(['user_id', 'p256dh', 'auth', 'created_at']);
    await trx('push_subscriptions')
      .where({ user_id: userId })
      .whereNotIn('endpoint', newestOf(trx, userId, keep).select('endpoint'))
      .delete();
  });
}

/** Only the member's own: answers whether there was one. */
export async function deletePushSubscription(db: Knex, userId: string, endpoint: string): Promise<boolean> {
  return (await db('push_subscriptions').where({ user_id: userId, endpoint }).delete()) > 0;
}

/** Whether the member has any browser subscribed (one indexed look-up). */
export async function hasPushSubscription(db: Knex, userId: string): Promise<boolean> {
  return (await db('push_subscriptions').where({ user_id: userId }).first('endpoint')) !== undefined;
}

export function pushSubscriptionsOf(db: Knex, userId: string, limit: number): Promise<StoredPushSubscription[]> {
  return newestOf(db, userId, limit).select('endpoint', 'p256dh', 'auth');
}

/** The push service answered 404 or 410: that browser is gone for good. */
export async function dropPushEndpoint(db: Knex, endpoint: string): Promise<void> {
  await db('push_subscriptions').where({ endpoint }).delete();
}

export async function languageOf(db: Knex, userId: string): Promise<string | null> {
  const row: { preferred_language: string | null } | undefined = await db('users').where({ id: userId }).first('preferred_language');
  return row?.preferred_language ?? null;
}
