import createCache from '@emotion/cache';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { AppRoutes } from '../app/router';
import { loadLanguage, translator } from '../i18n/i18n';
import { LANGUAGES, languageOfPath } from '../i18n/languages';
import { PRERENDERED_STYLES } from './prerendered-styles';

/** The landing pages, prerendered at build time (web/scripts/prerender.mjs): one per language. */
export const LANDING_PATHS: readonly string[] = LANGUAGES.map((language) => language.path);

export { prerenderedPageFile } from '@savings/contracts';

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const found = typeof search === 'string' ? html.includes(search) : search.test(html);
  if (!found) throw new Error(`prerender: index.html no longer holds ${String(search)}`);
  return html.replace(search, () => replacement);
}

/**
 * A landing page as the browser's first render will draw it, written into index.html (`template`),
 * so the page paints as soon as its HTML arrives instead of after the app's JavaScript has run;
 * main.tsx then hydrates it. The tree is main.tsx's (same providers and routes; the header renders
 * the same with or without the query client), and the styles it uses go into the head, where the style
 * cache counts them as inserted instead of inserting them again (and the page's system inserts no
 * global styles: app/theme.ts systemWithoutGlobalStyles). Title, description and social tags are the
 * page's own (what useDocumentHead sets), for crawlers and link previews as well.
 */
export async function renderLandingPage(template: string, path: string): Promise<string> {
  const language = languageOfPath(path);
  await loadLanguage(language);
  const styleCache = createCache({ key: 'css' });
  // collect the styles (read out below) instead of writing a <style> before each element
  styleCache.compat = true;
  const body = renderToString(
    <StrictMode>
      <AppProviders queryClient={undefined} styleCache={styleCache}>
        <StaticRouter location={path}>
          <AppRoutes />
        </StaticRouter>
      </AppProviders>
    </StrictMode>,
  );
  // the global styles first, then those of the elements on the page, in the order Emotion inserted them
  const styles = createEmotionServer(styleCache)
    .extractCriticalToChunks(body)
    .styles.map((chunk) => `<style ${PRERENDERED_STYLES}="${chunk.ids.join(' ')}">${chunk.css}</style>`)
    .join('');

  const t = translator(language);
  const title = escapeHtml(t('meta.title'));
  const description = escapeHtml(t('meta.description'));
  const social = [
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    '<meta property="og:type" content="website" />',
    '<meta name="twitter:card" content="summary" />',
  ].join('');
  let html = replaceOnce(template, '<html lang="en">', `<html lang="${language}">`);
  html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`);
  html = replaceOnce(
    html,
    /<meta name="description" content="[^"]*" \/>/,
    `<meta name="description" content="${description}" />`,
  );
  html = replaceOnce(html, '</head>', `${social}${styles}</head>`);
  return replaceOnce(html, '<div id="root"></div>', `<div id="root">${body}</div>`);
}

/**
 * The global styles (reset, token variables, layer order) as CSS: what ChakraProvider inserts before
 * any page's own styles. The web build links them into index.html (web/scripts/prerender.mjs), so the
 * pages without prerendered HTML have them before any script runs and the browser never builds them.
 */
export function renderGlobalStyles(): string {
  const styleCache = createCache({ key: 'css' });
  styleCache.compat = true;
  const body = renderToString(
    <AppProviders queryClient={undefined} styleCache={styleCache}>
      {null}
    </AppProviders>,
  );
  return createEmotionServer(styleCache)
    .extractCriticalToChunks(body)
    .styles.map((chunk) => chunk.css)
    .join('');
}
