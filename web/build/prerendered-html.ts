/**
 * Where the build puts the prerendered landing page in index.html (./prerender.ts), and how to take it
 * out again (the first-page bench measures the page without it in the same run). Pure string work.
 */
import { createHash } from 'node:crypto';
import { PRERENDERED_ATTRIBUTE, SKIP_PRERENDER_ATTRIBUTE } from '../src/lib/prerendered';

/** Each prerendered part of index.html sits between these comments: one in <head>, one in #root. */
export const PRERENDER_START = '<!--prerendered-landing-->';
const PRERENDER_END = '<!--/prerendered-landing-->';

export { PRERENDERED_ATTRIBUTE };

const ROOT = '<div id="root"></div>';

export interface PrerenderParts {
  /** The markup of the app's root element at "/". */
  html: string;
  /** The <style> element(s) for it. */
  styleTags: string;
  /** The route guard's source (routeGuardScript), inlined as the first script of <head>. */
  guardScript: string;
}

/**
 * The route guard, run before the body is parsed: a deep link (any path but "/") or a browser that may
 * hold a session (auth's signed-in cookie, or the hint that its last answer was a member) must not see the
 * prerendered landing page. Those open a lazy screen, which waits for the language's app messages: the guard
 * asks for them at once (`appMessages`, a modulepreload), beside the app's own JS rather than after it. Inline,
 * so the first paint waits for no request; the gateway's Content-Security-Policy allows it by its hash
 * (scriptHash, WEB_CSP_FILE).
 */
export function routeGuardScript(signedInHintKey: string, signedInCookie: string, appMessages?: string): string {
  const preload = appMessages
    ? `
  if (skip) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = ${JSON.stringify(appMessages)};
    document.head.appendChild(link);
  }`
    : '';
  return `(function () {
  var skip = location.pathname !== '/' || ('; ' + document.cookie).indexOf(${JSON.stringify(`; ${signedInCookie}=`)}) !== -1;
  try {
    skip = skip || localStorage.getItem(${JSON.stringify(signedInHintKey)}) === '1';
  } catch (error) {}
  if (skip) document.documentElement.setAttribute(${JSON.stringify(SKIP_PRERENDER_ATTRIBUTE)}, '');${preload}
})();
`;
}

/** A script's CSP hash source: `'sha256-…'` of its exact text between <script> and </script>. */
export function scriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** The first script or module preload of <head>: the route guard goes before it, so the browser asks for it first. */
const FIRST_SCRIPT = /<script|<link rel="modulepreload"|<\/head>/;

/**
 * index.html with the prerendered landing page: the route guard first of <head>'s scripts (it blocks the
 * parser until it has run), the styles at the end of <head>, the markup in #root.
 */
export function withPrerender(indexHtml: string, parts: PrerenderParts): string {
  if (!indexHtml.includes(ROOT) || !indexHtml.includes('</head>')) throw new Error(`index.html has no empty ${ROOT} or no </head>`);
  if (parts.guardScript.includes('</')) throw new Error('the route guard may not contain "</" (it is inlined in a <script>)');
  const guard = `${PRERENDER_START}<script>${parts.guardScript}</script>${PRERENDER_END}\n    `;
  const styles =
    `${PRERENDER_START}<style>html[${SKIP_PRERENDER_ATTRIBUTE}] [${PRERENDERED_ATTRIBUTE}]{display:none}</style>` + `${parts.styleTags}${PRERENDER_END}\n  `;
  const root = `<div id="root">${PRERENDER_START}<div ${PRERENDERED_ATTRIBUTE}>${parts.html}</div>${PRERENDER_END}</div>`;
  return indexHtml
    .replace(FIRST_SCRIPT, (first) => `${guard}${first}`)
    .replace('</head>', `${styles}</head>`)
    .replace(ROOT, root);
}

export interface DocumentLanguage {
  language: string;
  /** The document's <meta name="description">, in its language. */
  description: string;
  /** The URL of the language's first-page messages, preloaded beside the app's JS (the app waits for them). */
  preload: string;
}

/** index.html in one language: its `lang`, its description, and its first-page messages preloaded. */
export function withLanguage(indexHtml: string, { language, description, preload }: DocumentLanguage): string {
  const escaped = description.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');
  const parts = [/<html lang="[^"]*">/, /<meta name="description" content="[^"]*" \/>/, /<script type="module"[^>]*><\/script>/];
  for (const part of parts) if (!part.test(indexHtml)) throw new Error(`index.html has no ${part.source}`);
  return indexHtml
    .replace(parts[0]!, `<html lang="${language}">`)
    .replace(parts[1]!, () => `<meta name="description" content="${escaped}" />`)
    .replace(parts[2]!, (script) => `${script}\n    <link rel="modulepreload" crossorigin href="${preload}">`);
}

/** The same index.html as the build would make without prerendering. */
export function withoutPrerender(indexHtml: string): string {
  return indexHtml.replace(new RegExp(`${PRERENDER_START}[\\s\\S]*?${PRERENDER_END}\\n?\\s*`, 'g'), '');
}

/**
 * The prerendered page without its route guard: not a page to serve (a deep link would show the landing
 * page), but the bench's measure of what the guard itself costs the first paint (it runs before the body
 * is parsed).
 */
export function withoutRouteGuard(indexHtml: string): string {
  return indexHtml.replace(new RegExp(`${PRERENDER_START}<script>[\\s\\S]*?</script>${PRERENDER_END}\\s*`), '');
}
