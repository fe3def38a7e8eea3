import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { FIRST_PAGE_RECIPES } from './src/app/first-page-recipes';

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

/**
 * Three changes to Chakra's shipped code, made by patches/@chakra-ui+react+3.37.0.patch (patch-package,
 * applied by `npm ci`'s postinstall, which fails when the patch no longer applies):
 * - its anatomy module derives its anatomies from Ark's with `x.extendWith(...)`, a call the bundler
 *   must assume has effects, so every derived anatomy (and the Ark and zag modules it comes from)
 *   stayed in the first download though the first page uses two: the calls are marked pure;
 * - createSystem built the global styles (reset, ~400 token variables) at once, the longest piece of
 *   start-up work, though every page's HTML carries them already (web/scripts/prerender.mjs): built on
 *   first read instead (app/theme.ts reads them only in the dev server);
 * - a condition lookup made an array of the ~100 condition names for every style path it sorted: an
 *   own-property check instead.
 * The build checks that the patch is applied (an install with --ignore-scripts skips it).
 */
const CHAKRA_ESM = fileURLToPath(new URL('../node_modules/@chakra-ui/react/dist/esm/', import.meta.url));
function requirePatchedChakra(): Plugin {
  return {
    name: 'require-patched-chakra',
    apply: 'build',
    buildStart() {
      const system = readFileSync(join(CHAKRA_ESM, 'styled-system/system.js'), 'utf8');
      if (!system.includes('get _global()')) {
        throw new Error('@chakra-ui/react is not patched: run npm ci (patches/, applied by patch-package).');
      }
    },
  };
}

/** Ark's and zag's anatomy modules only build objects: nothing of them stays unless used. */
const ANATOMY_MODULE =
  /node_modules[\\/](@zag-js[\\/][\w-]+[\\/]dist[\\/][\w-]+\.anatomy\.mjs|@ark-ui[\\/]react[\\/]dist[\\/]components[\\/][\w-]+[\\/][\w-]+\.anatomy\.js)$/;

const RECIPE_FILE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]theme[\\/]recipes[\\/]([\w-]+)\.js$/;
/** A recipe only other screens use: it loads with them (app/screen-recipes.ts). */
const isScreenRecipe = (id: string) => {
  const recipe = RECIPE_FILE.exec(id)?.[1];
  return recipe !== undefined && !(FIRST_PAGE_RECIPES as readonly string[]).includes(recipe);
};

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`../node_modules/react-router/dist/production/${file}`, import.meta.url));

// In development Vite serves the app and proxies /api to the API (PORT, default 3000).
const apiPort = process.env.PORT ?? '3000';

/** The workspace libraries the web imports: contracts, and the pure domain it builds on. */
const workspaceLibs = ['contracts', 'domain'].map((lib) => ({
  find: `@savings/${lib}`,
  replacement: fileURLToPath(new URL(`../libs/${lib}/src/index.ts`, import.meta.url)),
}));

/**
 * The server-side build of the prerender (`vite build --ssr`, web/scripts/prerender.mjs): the same
 * app code for Node, in dist-ssr (never served); its dependencies stay in node_modules.
 */
const prerenderBuild = {
  plugins: [react()],
  resolve: {
    alias: [...workspaceLibs],
  },
  build: { outDir: 'dist-ssr', emptyOutDir: true, sourcemap: false, minify: false },
};

export default defineConfig(({ command, isSsrBuild }) =>
  isSsrBuild
    ? prerenderBuild
    : {
        plugins: [react(), gzippedTwins(), requirePatchedChakra()],
        resolve: {
          alias: [
            ...workspaceLibs,
            // react-router's package.json resolves its development build (dev warnings on) everywhere, a
            // known issue (remix-run/react-router#12532, #14753): production builds take its production build.
            ...(command === 'build'
              ? [
                  { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
                  { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
                ]
              : []),
          ],
        },
        server: {
          port: Number(process.env.WEB_DEV_PORT ?? 5173),
          proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
        },
        build: {
          outDir: 'dist',
          // source maps would publish the app's source (2.2 MB): production builds have none (contract section 8)
          sourcemap: false,
          chunkSizeWarningLimit: 700,
          // dist/.vite/manifest.json (never served: a dotfile) tells `npm run bench -- web` which chunks the
          // landing page loads
          manifest: true,
          // the polyfill only speeds up browsers without modulepreload (Safari < 17), which still load every
          // module through its imports: not worth its bytes and start-up work in everyone's first download
          modulePreload: { polyfill: false },
          rolldownOptions: {
            // Chakra's theme entry builds its default config (every recipe) with defineConfig, an identity
            // function the bundler cannot see through, and its anatomy module every component's anatomy with
            // createAnatomy: marked pure, the unused ones are left out of the first download.
            treeshake: {
              manualPureFunctions: ['defineConfig', 'createAnatomy'],
              // hoist-non-react-statics and react-is (CommonJS, no sideEffects field) only define functions:
              // @emotion/react imports the first for withTheme, which nothing here uses (1 KB gzipped)
              moduleSideEffects: [
                { test: /node_modules[\\/](hoist-non-react-statics|react-is)[\\/]/, sideEffects: false },
                { test: ANATOMY_MODULE, sideEffects: false },
              ],
            },
            // Everything the entry imports statically (every page needs it) in one file with the entry: by
            // default the modules the lazy screens share with it come in 11 more small files (3.8 KB gzipped
            // more in all, as each file is compressed on its own) and as many requests. Not the recipes of
            // the other screens (app/screen-recipes.ts): Chakra's theme entry imports every recipe, so they
            // count as imported by the entry, and a group takes a module's imports along unless told not to.
            output: {
              codeSplitting: {
                groups: [
                  {
                    name: 'index',
                    tags: ['$initial'],
                    test: (id) => !isScreenRecipe(id),
                    includeDependenciesRecursively: false,
                  },
                  // What the other screens share (the query machinery, the API client, the screens'
                  // recipes, small components) in one file too: by default it came in ~25 files of a
                  // few hundred bytes to 4 KB, each a request and, on a phone, most of a round trip
                  // before the screen could render. Not the big ones only some screens use: the
                  // Markdown renderer and sanitizer, the chart library, the dialogs' and menus'
                  // machinery (zag, Ark), the messages.
                  {
                    name: 'screens',
                    minShareCount: 2,
                    test: (id) =>
                      !/[\\/](marked|uplot|dompurify|@zag-js|@ark-ui)[\\/]|daily-chart|locales[\\/]/.test(id),
                  },
                ],
              },
            },
          },
        },
      },
);
