import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// In development Vite serves the app and proxies /api to the API (PORT, default 3000).
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@savings/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    port: Number(process.env.WEB_DEV_PORT ?? 5173),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 700,
    // the polyfill only speeds up browsers without modulepreload (Safari < 17), which still load every
    // module through its imports: not worth its bytes and start-up work in everyone's first download
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Chakra's theme entry builds its default config (every recipe) with defineConfig, an identity
      // function the bundler cannot see through: marked pure, the unused default config and the
      // recipes only it refers to are left out of the first download.
      treeshake: { manualPureFunctions: ['defineConfig'] },
    },
  },
});
