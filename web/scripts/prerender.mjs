// Prerenders the landing pages into dist/prerendered/ after both builds (`npm run build -w web`): the
// server build in dist-ssr renders each page into the client build's index.html
// (src/prerender/render-landing-page.tsx says why and how). React's production build, as in browsers.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

process.env.NODE_ENV = 'production';
const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const { LANDING_PATHS, prerenderedPageFile, renderGlobalStyles, renderLandingPage } =
  await import('../dist-ssr/render-landing-page.js');

const template = readFileSync(join(dist, 'index.html'), 'utf8');
for (const path of LANDING_PATHS) {
  const name = prerenderedPageFile(path);
  if (!name) throw new Error(`${path} is not a landing page the API serves prerendered`);
  const html = await renderLandingPage(template, path);
  const file = join(dist, name);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  // served to browsers that accept gzip, like the scripts (services/api/src/web-app/serve-web-app.ts)
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${path} -> dist/${name} (${(html.length / 1024).toFixed(1)} KB)`);
}

// The other pages (index.html) get the global styles as a stylesheet, cached like the scripts: they
// paint with them before any script runs, and the app never builds them (src/main.tsx). After the
// landing pages, which carry them inline.
const css = renderGlobalStyles();
const cssName = `assets/global-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(join(dist, cssName), css);
writeFileSync(join(dist, `${cssName}.gz`), gzipSync(css, { level: 9 }));
if (!template.includes('</head>')) throw new Error('prerender: index.html has no </head>');
writeFileSync(
  join(dist, 'index.html'),
  template.replace('</head>', `<link rel="stylesheet" href="/${cssName}" data-global-styles /></head>`),
);
console.log(`global styles -> dist/${cssName} (${(css.length / 1024).toFixed(1)} KB), linked from index.html`);
