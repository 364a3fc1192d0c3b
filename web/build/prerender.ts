/**
 * Prerenders the landing page into index.html at build time, so the browser paints the header, hero and
 * categories (the largest contentful paint) from the HTML, before any JS has loaded. The markup and its
 * CSS come from the app's own components (src/prerender.tsx, rendered in Node through a Vite SSR loader
 * with react-dom/server and styled-components' ServerStyleSheet); nothing of the page is written twice.
 * The client hydrates it at "/" (src/main.tsx); a route guard inlined in <head> hides it on deep links and
 * for members, whose first render replaces it (./prerendered-html.ts). The guard's CSP hash goes to
 * WEB_CSP_FILE beside index.html, for the gateway's script-src.
 */
import path from 'node:path';
import { createServer, type Plugin, type ResolvedConfig } from 'vite';
import { WEB_CSP_FILE, type WebCsp } from '@vnmarket/proto/src/services';
import { SIGNED_IN_COOKIE, SIGNED_IN_HINT_KEY } from '../src/lib/signed-in-hint';
import { routeGuardScript, scriptHash, withPrerender } from './prerendered-html';

type PrerenderModule = typeof import('../src/prerender');

/** src/prerender.tsx loaded with the app's own Vite config (its serve-mode plugins: React's JSX). */
async function renderLanding(config: ResolvedConfig): Promise<ReturnType<PrerenderModule['prerenderLanding']>> {
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
    return module.prerenderLanding();
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
        const { html, styleTags } = await renderLanding(config);
        if (!html.includes('<h1>')) this.error('prerender-landing: the landing page rendered without its <h1>');
        const guardScript = routeGuardScript(SIGNED_IN_HINT_KEY, SIGNED_IN_COOKIE);
        page.source = withPrerender(String(page.source), { html, styleTags, guardScript });
        const csp: WebCsp = { scriptHashes: [scriptHash(guardScript)] };
        this.emitFile({ type: 'asset', fileName: WEB_CSP_FILE, source: `${JSON.stringify(csp, null, 2)}\n` });
        this.info(`prerendered the landing page: ${(html.length / 1024).toFixed(1)} KB of markup, ${(styleTags.length / 1024).toFixed(1)} KB of CSS`);
      },
    },
  };
}
