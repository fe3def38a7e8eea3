import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Writes a gzipped twin (name.js.gz) beside every script and style of the build: the API sends it to
 * browsers that accept gzip (services/api/src/web-app/precompressed-assets.ts), a third of the bytes
 * on the wire without compressing on every request.
 */
function gzippedTwins(): Plugin {
  return {
    name: 'gzipped-twins',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir as string;
      for (const fileName of Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))) {
        const path = join(outDir, fileName);
        writeFileSync(`${path}.gz`, gzipSync(readFileSync(path), { level: 9 }));
      }
    },
  };
}

// In development Vite serves the app and proxies /api to the API (PORT, default 3000).
const apiPort = process.env.PORT ?? '3000';

export default defineConfig({
  plugins: [react(), gzippedTwins()],
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
    // dist/.vite/manifest.json (never served: a dotfile) tells `npm run bench -- web` which chunks the
    // landing page loads
    manifest: true,
    // the polyfill only speeds up browsers without modulepreload (Safari < 17), which still load every
    // module through its imports: not worth its bytes and start-up work in everyone's first download
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Chakra's theme entry builds its default config (every recipe) with defineConfig, an identity
      // function the bundler cannot see through: marked pure, the unused default config and the
      // recipes only it refers to are left out of the first download.
      treeshake: { manualPureFunctions: ['defineConfig'] },
      // Everything the entry imports statically (every page needs it) in one file with the entry: by
      // default the modules the lazy screens share with it come in 11 more small files (3.8 KB gzipped
      // more in all, as each file is compressed on its own) and as many requests.
      output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } },
    },
  },
});
