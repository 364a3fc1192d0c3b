import type { Knex } from '@vnmarket/shared';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A browser subscribed again (or by another member, on a shared computer) belongs to whoever subscribed last. */
export async function savePushSubscription(db: Knex, userId: string, subscription: StoredPushSubscription): Promise<void> {
  await db('push_subscriptions')
    .insert({ endpoint: subscription.endpoint, user_id: userId, p256dh: subscription.p256dh, auth: subscription.auth })
    .onConflict('endpoint')
    .merge(['user_id', 'p256dh', 'auth']);
}

/** Only the member's own: answers whether there was one. */
export async function deletePushSubscription(db: Knex, userId: string, endpoint: string): Promise<boolean> {
  return (await db('push_subscriptions').where({ user_id: userId, endpoint }).delete()) > 0;
}

export function pushSubscriptionsOf(db: Knex, userId: string): Promise<StoredPushSubscription[]> {
  return db('push_subscriptions').where({ user_id: userId }).select('endpoint', 'p256dh', 'auth');
}

/** The push service answered 404 or 410: that browser is gone for good. */
export async function dropPushEndpoint(db: Knex, endpoint: string): Promise<void> {
  await db('push_subscriptions').where({ endpoint }).delete();
}

export async function languageOf(db: Knex, userId: string): Promise<string | null> {
  const row: { preferred_language: string | null } | undefined = await db('users').where({ id: userId }).first('preferred_language');
  return row?.preferred_language ?? null;
}
