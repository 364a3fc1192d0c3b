import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
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
  plugins: [lingui({ macroTransform: true, failOnCompileError: true }), react(), treeshakeHelp(), inlineCss(), prerenderLanding(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 800,
    // Every browser the app supports has modulepreload: no polyfill in the first page's JS.
    modulePreload: { polyfill: false },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/objects': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
