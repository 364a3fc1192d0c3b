import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { inlineCss } from './build/inline-css';
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

/** The SPA the gateway serves from web/dist; `npm run dev -w web` proxies the API to a running gateway. */
export default defineConfig({
  plugins: [
    lingui({ macroTransform: true, failOnCompileError: true }),
    react(),
    treeshakeHelp(),
    inlineCss(),
    prerenderLanding(),
    // src/sw.ts built to /sw.js with the list of files to precache; main.tsx registers it, public/manifest.webmanifest describes the app.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // The hashed assets, the offline page and the mark it shows: the same for everyone. Never a document
        // (index.html, index.vi.html: a page load goes to the network), nor the .br/.gz copies precompress writes.
        globPatterns: ['assets/*.{js,css}', 'offline.html', 'favicon.svg'],
        globIgnores: ['**/*.br', '**/*.gz'],
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
            { name: 'app', test: /[\\/]src[\\/]main\.tsx$/, priority: 1 },
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
