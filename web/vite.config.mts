import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import path from 'node:path';
import { LANGUAGE_DOCUMENTS } from '@vnmarket/proto/services';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineCss } from './build/inline-css';
import { initialJs } from './build/initial-js';
import { precompressFolder } from './build/precompress';
import { prerenderLanding } from './build/prerender';
import { treeshakeHelp } from './build/treeshake';

/** Brotli and gzip copies of the built assets, written once at build time for the gateway to serve. */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const count = precompressFolder(outDir);
      this.info?.(`precompressed ${count} files (.br, .gz)`);
    },
  };
}

/** The built folder, as resolved (a build's --outDir too): the service worker's precache reads it. */
let outDir = 'dist';
function recordOutDir(): Plugin {
  return {
    name: 'record-out-dir',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
  };
}

/**
 * What the service worker precaches of the hashed assets: the first page's JS in either language (the app
 * shell), not every screen's chunk. A phone on a cellular plan installs the worker on its first visit; the
 * other screens' chunks are cached as they are used (src/sw.ts).
 */
async function onlyTheAppShell<Entry extends { url: string }>(entries: Entry[]) {
  const shell = new Set(Object.values(LANGUAGE_DOCUMENTS).flatMap((document) => initialJs(outDir, document).files.map((file) => file.file.replace(/^\//, ''))));
  return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
}

/** The SPA the gateway serves from web/dist; `npm run dev -w web` proxies the API to a running gateway. */
export default defineConfig({
  plugins: [
    lingui({ macroTransform: true, failOnCompileError: true }),
    react(),
    treeshakeHelp(),
    inlineCss(),
    prerenderLanding(),
    recordOutDir(),
    // src/sw.ts built to /sw.js with the list of files to precache; main.tsx registers it, public/manifest.webmanifest describes the app.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The app shell's hashed assets, the offline page and the mark it shows: the same for everyone. Never a
        // document (index.html, index.vi.html: a page load goes to the network), nor the .br/.gz copies.
        globPatterns: ['assets/*.{js,css}', 'offline.html', 'favicon.svg'],
        globIgnores: ['**/*.br', '**/*.gz'],
        manifestTransforms: [onlyTheAppShell],
        rollupFormat: 'iife',
      },
    }),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports has modulepreload: no polyfill in the first page's JS.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The first page's modules (main.tsx and what it imports) in one chunk: lazy screens share some of
        // them, and left to itself the bundler splits those out into several small chunks the first page
        // loads all the same, each a request and each compressed on its own. Lingui's rich-text <Trans>
        // (src/lib/trans.tsx) stays out of it: only lazy screens render one.
        codeSplitting: {
          groups: [
            { name: 'trans', test: /[\\/]@lingui[\\/]react[\\/]dist[\\/]shared[\\/]/, priority: 2, includeDependenciesRecursively: false },
            { name: 'main', test: /[\\/]src[\\/]main\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/objects': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
