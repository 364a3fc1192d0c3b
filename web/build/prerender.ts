/**
 * Prerenders the landing page into index.html at build time, so the browser paints the header, hero and
 * categories (the largest contentful paint) from the HTML, before any JS has loaded. The markup and its
 * CSS come from the app's own components (src/prerender.tsx, rendered in Node through a Vite SSR loader
 * with react-dom/server and styled-components' ServerStyleSheet); nothing of the page is written twice.
 * The client hydrates it at "/" (src/main.tsx); a route guard inlined in <head> hides it on deep links and
 * for members, whose first render replaces it (./prerendered-html.ts). The guard's CSP hash goes to
 * WEB_CSP_FILE beside index.html, for the gateway's script-src.
 *
 * One document a language (LANGUAGE_DOCUMENTS: index.html in English, index.vi.html in Tiếng Việt), each
 * with its `lang`, its description, the landing page in its language and a modulepreload of its
 * language's first-page messages (src/lib/i18n.ts), which the app waits for before its first render. The
 * gateway serves the one of the visitor's language.
 */
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { LANGUAGES, type Language } from '@vnmarket/proto/languages';
import { LANGUAGE_DOCUMENTS, WEB_CSP_FILE, type WebCsp } from '@vnmarket/proto/services';
import { SIGNED_IN_COOKIE, SIGNED_IN_HINT_KEY } from '../src/lib/signed-in-hint';
import { routeGuardScript, scriptHash, withLanguage, withPrerender } from './prerendered-html';

type PrerenderModule = typeof import('../src/prerender');

type Prerendered = Awaited<ReturnType<PrerenderModule['prerenderLanding']>>;

/** src/prerender.tsx loaded with the app's own Vite config (its serve-mode plugins: React's JSX, Lingui), once a language. */
async function renderLanding(config: ResolvedConfig): Promise<Record<Language, Prerendered>> {
  const server = await createServer({
    root: config.root,
    configFile: config.configFile,
    // As `vite build` loads it (package.json): through Vite's module runner, so Node never loads a
    // workspace package's TypeScript itself (it would warn that proto's package.json names no module type).
    configLoader: 'runner',
    mode: config.mode,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    // Its ES module build, as the browser gets: Node's CommonJS interop would hand `import styled` the module object.
    ssr: { noExternal: ['styled-components'] },
  });
  try {
    const module = (await server.ssrLoadModule(path.join(config.root, 'src/prerender.tsx'))) as PrerenderModule;
    const pages = {} as Record<Language, Prerendered>;
    for (const language of LANGUAGES) pages[language] = await module.prerenderLanding(language);
    return pages;
  } finally {
    await server.close();
  }
}

export function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'prerender-landing',
    apply: (userConfig, env) => env.command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const page = bundle['index.html'];
        if (page?.type !== 'asset') return this.error('prerender-landing: the bundle has no index.html');
        const template = String(page.source);
        const pages = await renderLanding(config);
        const scriptHashes: string[] = [];
        const catalogue = (language: Language, part: string) =>
          Object.values(bundle).find(
            (file) => file.type === 'chunk' && file.facadeModuleId?.replaceAll('\\', '/').endsWith(`/src/locales/${language}/${part}.po`),
          );
        for (const language of LANGUAGES) {
          const { html, styleTags, description } = pages[language];
          if (!html.includes('<h1>')) this.error(`prerender-landing: the landing page (${language}) rendered without its <h1>`);
          const messages = catalogue(language, 'first-page');
          const appMessages = catalogue(language, 'app');
          if (!messages || !appMessages) return this.error(`prerender-landing: no chunk of the ${language} messages`);
          const guardScript = routeGuardScript(SIGNED_IN_HINT_KEY, SIGNED_IN_COOKIE, `${config.base}${appMessages.fileName}`);
          scriptHashes.push(scriptHash(guardScript));
          const source = withLanguage(withPrerender(template, { html, styleTags, guardScript }), {
            language,
            description,
            preload: `${config.base}${messages.fileName}`,
          });
          if (LANGUAGE_DOCUMENTS[language] === 'index.html') page.source = source;
          else this.emitFile({ type: 'asset', fileName: LANGUAGE_DOCUMENTS[language], source });
          this.info(
            `prerendered the landing page (${language}): ${(html.length / 1024).toFixed(1)} KB of markup, ${(styleTags.length / 1024).toFixed(1)} KB of CSS`,
          );
        }
        const csp: WebCsp = { scriptHashes };
        this.emitFile({ type: 'asset', fileName: WEB_CSP_FILE, source: `${JSON.stringify(csp, null, 2)}\n` });
      },
    },
  };
}
