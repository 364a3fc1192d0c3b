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

/** React Router's module source with its factory calls marked pure and its displayName lines left out. */
export function annotateReactRouter(code: string): string {
  return code.replace(FACTORY_CALL, '/* @__PURE__ */ $1').replace(DISPLAY_NAME, '');
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
      if (!REACT_ROUTER_CHUNK.test(id)) return null;
      return { code: annotateReactRouter(code), map: null };
    },
  };
}
