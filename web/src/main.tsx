import './lib/zod-jitless';
import './global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { preloadForMember, preloadScreen } from './App';
import { AppTree } from './AppTree';
import { BrowserRouter } from './lib/router';
import { PRERENDERED_ATTRIBUTE, SKIP_PRERENDER_ATTRIBUTE } from './lib/prerendered';
import { mayBeSignedIn } from './lib/signed-in-hint';
import { startI18n } from './lib/i18n';
import { SERVICE_WORKER_DELAY_MS } from './lib/timing';

const container = document.getElementById('root')!;
const prerendered = container.querySelector(`:scope > [${PRERENDERED_ATTRIBUTE}]`);
const app = <AppTree router={BrowserRouter} />;
preloadScreen(location.pathname);
if (mayBeSignedIn()) preloadForMember(location.pathname);

// index.html holds the landing page as a visitor first sees it at "/" (build/prerender.ts), in the
// document's language. Where it shows (the route guard did not skip it), React adopts it: the painted
// nodes stay, so the browser's largest contentful paint stays the HTML's. Elsewhere (a deep link, a
// member) the first render replaces it. The language's first-page messages come first (the document
// preloads them beside this module).
void startI18n().then(() => {
  if (prerendered && !document.documentElement.hasAttribute(SKIP_PRERENDER_ATTRIBUTE)) hydrateRoot(prerendered, app);
  else createRoot(container).render(app);
});

// The service worker (src/sw.ts: the offline page, the app shell kept), a few seconds after the page has
// loaded: installing it downloads the app shell again and starts a worker, which on a phone's first visit
// would compete with the page becoming usable (it adds to Lighthouse's mobile total blocking time on the
// landing page). Where the browser refuses one (private windows may), the app works without it.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  addEventListener('load', () => setTimeout(() => void navigator.serviceWorker.register('/sw.js').catch(() => undefined), SERVICE_WORKER_DELAY_MS));
}
