/// <reference lib="webworker" />
/**
 * The service worker (built to /sw.js by vite-plugin-pwa's injectManifest, registered by main.tsx after load).
 *
 * - Precaches the app shell (the first page's JS in either language), the offline page and the mark: the list
 *   the build injects into self.__WB_MANIFEST (vite.config.mts). Those are the same for everyone.
 * - The other hashed assets (/assets/: each screen's chunk, the catalogues) are kept as they are used, the
 *   newest 120: their names change with their content, so a kept one is never stale.
 * - Page loads (navigations) go to the network, never to a cache, and nothing they answer is stored: a page
 *   can hold a member's own data. Offline, a failed page load shows /offline.html, in the member's language
 *   (the vnm_lang cookie, else the browser's) first and the other below.
 * - Every other request (/api, /ws, /objects, photos) is not handled here: the browser fetches it as if
 *   there were no service worker, and nothing of it is cached.
 * - Web push (a member who turned it on in Settings): the server writes each push in the member's language
 *   ({title, body, url, tag, lang}); it is shown as it came, and a click opens its screen, in a tab of ours
 *   already open when there is one.
 */
import { firstSupportedLanguage, isLanguage, LANGUAGE_COOKIE, type Language } from '@vnmarket/proto/languages';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  cookieStore?: { get(name: string): Promise<{ value: string } | null | undefined> };
};

const OFFLINE_PAGE = '/offline.html';

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new build's worker takes over at once: page loads never come from a cache, so no open page depends on the old one's.
void self.skipWaiting();
clientsClaim();

// The page's request starts while the worker starts up, rather than after it.
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  new CacheFirst({ cacheName: 'assets', plugins: [new ExpirationPlugin({ maxEntries: 120, purgeOnQuotaError: true })] }),
);

registerRoute(
  new NavigationRoute(async ({ request, event }) => {
    try {
      const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
      return preloaded ?? (await fetch(request));
    } catch {
      return offlinePage();
    }
  }),
);

async function chosenLanguage(): Promise<Language> {
  try {
    const cookie = await self.cookieStore?.get(LANGUAGE_COOKIE);
    if (isLanguage(cookie?.value)) return cookie.value;
  } catch {
    // No Cookie Store API here: the browser's languages decide.
  }
  return firstSupportedLanguage(self.navigator.languages) ?? 'en';
}

/** The precached offline page, Vietnamese first when that is the member's language. */
async function offlinePage(): Promise<Response> {
  const page = await matchPrecache(OFFLINE_PAGE);
  if (!page) return Response.error();
  if ((await chosenLanguage()) === 'en') return page;
  const headers = new Headers(page.headers);
  headers.delete('content-length');
  headers.delete('content-encoding');
  return new Response(vietnameseFirst(await page.text()), { status: 200, headers });
}

// offline.html's markup that vietnameseFirst rewrites: patterns, not text anyone reads.
const ROOT_EN = '<html lang="en">';
const ROOT_VI = '<html lang="vi">';
const TITLE = /<title>(.*?) · (.*?)<\/title>/;
const TITLE_SWAPPED = '<title>$2 · $1</title>';
const PAIR = /<(\w+) lang="en">([\s\S]*?)<\/\1>(\s*)<\1 lang="vi">([\s\S]*?)<\/\1>/g;
const PAIR_SWAPPED = '<$1 lang="vi">$4</$1>$3<$1 lang="en">$2</$1>';

/**
 * offline.html, written English first, with Vietnamese first: the document's language, the title's two halves,
 * and each English element with the Vietnamese one right after it (same tag) swap places.
 */
function vietnameseFirst(html: string): string {
  return html.replace(ROOT_EN, ROOT_VI).replace(TITLE, TITLE_SWAPPED).replace(PAIR, PAIR_SWAPPED);
}

/** What the server pushes (proto's pushPayloadSchema, checked by hand: zod is no part of the worker). */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  lang: string;
}

function readPush(data: PushMessageData | null): PushPayload | undefined {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string' || typeof value.body !== 'string' || typeof value.url !== 'string') return undefined;
    return { title: value.title, body: value.body, url: value.url, tag: String(value.tag ?? ''), lang: String(value.lang ?? '') };
  } catch {
    return undefined;
  }
}

/** Only a path of this site opens: never another origin, whatever a push says. */
function ownPath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  const push = readPush(event.data);
  if (!push) return;
  event.waitUntil(
    self.registration.showNotification(push.title, {
      body: push.body,
      lang: push.lang,
      tag: push.tag || undefined,
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      data: { url: ownPath(push.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = ownPath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      // A tab this worker does not control cannot be sent elsewhere: a new one opens instead.
      const moved = ours ? await ours.navigate(url).catch(() => null) : null;
      if (moved) await moved.focus();
      else await self.clients.openWindow(url);
    })(),
  );
});
