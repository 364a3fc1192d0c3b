import type { Language } from './languages';
/**
 * The services of the system, once: the gateway routes to them, `make start` runs them on these local
 * ports, the DLQ tool knows their queues, and the deployment tests check the chart has each.
 * Adding a service starts here (docs/adding-a-service.md lists the rest).
 */
export const SERVICE_NAMES = ['auth', 'listings', 'messaging', 'media', 'verification'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/** Local ports when everything runs on one machine (make start); the chart uses the same. */
export const DEFAULT_SERVICE_PORTS: Record<ServiceName, number> = { auth: 4001, listings: 4002, messaging: 4003, media: 4004, verification: 4005 };
export const DEFAULT_GATEWAY_PORT = 8080;

/**
 * A service's answer the gateway may keep and give to anyone asking the same (a targeted Cache-Control,
 * RFC 9213): `max-age=N`, capped by the gateway's own GATEWAY_CACHE_TTL_MS. Browsers never see it. A
 * service sets it only on an answer that depends on nothing but the request's URL (and Accept-Encoding).
 */
export const GATEWAY_CACHE_HEADER = 'Gateway-Cache-Control';

/**
 * What the built web app needs of the gateway's Content-Security-Policy, written by the web build beside
 * index.html: the hashes (`'sha256-…'`) of the inline scripts index.html carries (its route guard, which
 * must run before the body is parsed; inline, it costs no request on the first paint). The gateway adds
 * them to `script-src`, which otherwise allows no inline script.
 */
export const WEB_CSP_FILE = 'csp.json';

/** The built web app's document of each language (web/build/prerender.ts): the gateway serves the visitor's. */
export const LANGUAGE_DOCUMENTS: Record<Language, string> = { en: 'index.html', vi: 'index.vi.html' };
export interface WebCsp {
  scriptHashes: string[];
}
/** A CSP hash source, as `script-src` takes it. */
export const CSP_HASH_SOURCE = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;
