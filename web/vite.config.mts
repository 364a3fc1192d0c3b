import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The SPA the gateway serves from web/dist; `npm run dev -w web` proxies the API to a running gateway. */
export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 800 },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/objects': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
