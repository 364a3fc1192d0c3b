/**
 * The bell and its choices: reads (each hook owns its SWR key and parses with proto's schema), marking
 * read, and this browser's web push subscription (the service worker, src/sw.ts, shows the pushes).
 * Loaded with the bell, which only members see.
 */
import type { NotificationChoice, NotificationChoiceKind, NotificationPreferences } from '@vnmarket/proto/notifications';
import { mutate } from 'swr';
import { apiRequest, apiRequestParsed, fetchParsed, lazyContract } from './api';
import { keys } from './cache-keys';
import { useParsed } from './queries';

const notificationPageSchema = lazyContract((schemas) => schemas.notificationPageSchema);
const unreadCountSchema = lazyContract((schemas) => schemas.unreadCountSchema);
const preferencesSchema = lazyContract((schemas) => schemas.notificationPreferencesSchema);
const publicKeySchema = lazyContract((schemas) => schemas.pushPublicKeySchema);

/** The bell's unread count (live over /ws: lib/messaging-socket.ts sets it). */
export function useNotificationCount(enabled: boolean): number {
  const { data } = useParsed(enabled ? keys.notificationCount : null, unreadCountSchema);
  return data?.unreadCount ?? 0;
}

/** The newest notifications (the bell's list), read only while it is open. */
export function useNotifications(enabled: boolean) {
  return useParsed(enabled ? keys.notifications : null, notificationPageSchema);
}

/** The bell's list, fetched again (after it closes: what was shown is read now). */
export function refreshNotifications(): Promise<unknown> {
  return mutate(keys.notifications);
}

/** Marks the ones shown read; the count follows the server's answer. */
export async function markNotificationsRead(ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const { unreadCount } = await apiRequestParsed('POST', '/api/notifications/read', unreadCountSchema, { ids });
  await mutate(keys.notificationCount, { unreadCount }, { revalidate: false });
}

export function useNotificationPreferences(enabled: boolean) {
  return useParsed(enabled ? keys.notificationPreferences : null, preferencesSchema);
}

/** Changes one kind's channels; the screen shows the stored answer. */
export async function saveNotificationChoice(kind: NotificationChoiceKind, change: Partial<NotificationChoice>): Promise<void> {
  // Shown at once (a checkbox follows the tap), then as stored; a refusal puts back what the server has.
  await mutate<NotificationPreferences>(keys.notificationPreferences, (current) => current && { ...current, [kind]: { ...current[kind], ...change } }, {
    revalidate: false,
  });
  try {
    const next = await apiRequestParsed('PUT', keys.notificationPreferences, preferencesSchema, { [kind]: change });
    await mutate(keys.notificationPreferences, next as NotificationPreferences, { revalidate: false });
  } catch (failure) {
    void mutate(keys.notificationPreferences);
    throw failure;
  }
}

// ---------------------------------------------------------------------------------------------------
// Web push on this browser

export type PushState = 'unsupported' | 'denied' | 'off' | 'on';

function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Whether this browser gets pushes now (a subscription, with permission), could, or cannot. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  return subscription && Notification.permission === 'granted' ? 'on' : 'off';
}

function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const padded = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const bytes = atob(padded);
  const key = new Uint8Array(new ArrayBuffer(bytes.length));
  for (let index = 0; index < bytes.length; index += 1) key[index] = bytes.charCodeAt(index);
  return key;
}

/** Asks the browser's permission, subscribes with our VAPID key and sends the subscription to the server. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return 'unsupported';
  if ((await Notification.requestPermission()) !== 'granted') return Notification.permission === 'denied' ? 'denied' : 'off';
  const { publicKey } = await fetchParsed('/api/push/public-key', publicKeySchema);
  const registration = (await navigator.serviceWorker.getRegistration()) ?? (await navigator.serviceWorker.register('/sw.js'));
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) }));
  await apiRequest('POST', '/api/push/subscriptions', subscription.toJSON());
  return 'on';
}

/** Unsubscribes this browser, here and on the server. */
export async function turnPushOff(): Promise<PushState> {
  const registration = pushSupported() ? await navigator.serviceWorker.getRegistration() : undefined;
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiRequest('DELETE', '/api/push/subscriptions', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return pushSupported() ? 'off' : 'unsupported';
}
