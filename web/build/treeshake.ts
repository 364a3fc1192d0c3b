/**
 * Tree-shaking help for two dependencies of the first page, at build time only.
 *
 * React Router ships as one module whose top level creates every component and context with
 * `React.forwardRef(…)`, `React.createContext(…)` and `React.memo(…)` and then sets their displayName. The
 * bundler cannot know those calls and assignments are free of side effects, so each one (Form,
 * ScrollRestoration, HistoryRouter, …, and everything they use) stays in the bundle though the app never
 * renders it. Marking the calls pure and leaving out the displayName lines (a React DevTools label) lets
 * it drop what is unused.
 *
 * One more line of React Router keeps code alive: `RenderErrorBoundary.contextType = RSCRouterContext`,
 * which holds the error boundary of its own <Routes> and, through it, its React Server Components redirect
 * handling. The app renders neither (lib/router.tsx has its own Routes and boundary), and the
 * context means something only in React Router's RSC mode.
 *
 * styled-components adds stylis's vendor prefixer to its pipeline only when a StyleSheetManager asks for
 * prefixes (`enableVendorPrefixes`, off by default); the app never does, and the browsers it supports need
 * none. The bundler cannot know that, so the prefixer goes into the first page: the one
 * expression that names it is left out here.
 *
 * SWR imports `use-sync-external-store/shim`, a copy of useSyncExternalStore for React before 18; React 19
 * has its own, which the shim's stand-in (a virtual module) hands on.
 */
import type { Plugin } from 'vite';

/** React Router's bundled module (dist/development/chunk-XXXX.mjs, or dist/production/…). */
const REACT_ROUTER_CHUNK = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/][\w-]+[\\/]chunk-\w+\.mjs$/;

/** `React.forwardRef(`, `React10.createContext(`, `React3.memo(` as an initializer, argument or return value. */
const FACTORY_CALL = /(?<=[=(,:]\s*|return\s+)(React\d*\.(?:forwardRef|createContext|memo)\()/g;

/** `Link.displayName = "Link";` on a line of its own. */
const DISPLAY_NAME = /^[\w$]+\.displayName = "[^"\n]*";$/gm;

/** `RenderErrorBoundary.contextType = RSCRouterContext;` on a line of its own. */
const CONTEXT_TYPE = /^[\w$]+\.contextType = [\w$]+;$/gm;

/** React Router's module source with its factory calls marked pure and its displayName and contextType lines left out. */
function annotateReactRouter(code: string): string {
  return code.replace(FACTORY_CALL, '/* @__PURE__ */ $1').replace(DISPLAY_NAME, '').replace(CONTEXT_TYPE, '');
}

/** styled-components' browser build (dist/styled-components.browser.esm.js). */
const STYLED_COMPONENTS = /[\\/]node_modules[\\/]styled-components[\\/]dist[\\/]styled-components\.browser\.esm\.js$/;

/** The minified `options.prefix && plugins.push(stylis.prefixer),` of its stylis setup. */
const VENDOR_PREFIXER = /[\w$]+\.prefix&&[\w$]+\.push\([\w$]+\.prefixer\),/g;

/** styled-components' source without the vendor prefixer; undefined when the expression is not found once (another version). */
function withoutVendorPrefixer(code: string): string | undefined {
  const found = code.match(VENDOR_PREFIXER) ?? [];
  return found.length === 1 ? code.replace(VENDOR_PREFIXER, '') : undefined;
}

/** The virtual module that stands in for use-sync-external-store/shim. */
const SHIM_ID = '\0use-sync-external-store-shim';

export function treeshakeHelp(): Plugin {
  return {
    name: 'treeshake-help',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source === 'use-sync-external-store/shim' || source === 'use-sync-external-store/shim/index.js') {
        return SHIM_ID;
      }
      return null;
    },
    load(id) {
      return id === SHIM_ID ? "export { useSyncExternalStore } from 'react';" : null;
    },
    transform(code, id) {
      if (REACT_ROUTER_CHUNK.test(id)) return { code: annotateReactRouter(code), map: null };
      if (STYLED_COMPONENTS.test(id)) {
        const trimmed = withoutVendorPrefixer(code);
        // A new styled-components spells it otherwise: say so, rather than ship the prefixer unnoticed.
        if (trimmed === undefined) this.error('treeshake-help: styled-components no longer has the vendor prefixer expression this plugin leaves out');
        return { code: trimmed, map: null };
      }
      return null;
    },
  };
}
