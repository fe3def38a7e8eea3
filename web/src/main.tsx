import createCache from '@emotion/cache';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, startFirstScreen } from './app/router';
import { appSystem, systemWithoutGlobalStyles } from './app/theme';
import { GLOBAL_STYLES, PRERENDERED_STYLES } from './prerender/prerendered-styles';
import { loadQueryClient, useDeferredQueryClient } from './lib/deferred-query-client';

// The first page's code and messages start downloading before anything renders, and the query
// machinery (not in the first download: the landing page renders without it) beside them. The first
// render waits for all of them: the app then starts with its query client and never swaps it in
// later, a context change that would make React hydrate a prerendered page's content again, at once,
// in one long task (a context change above a not yet hydrated boundary hydrates it synchronously).
const firstScreen = Promise.all([startFirstScreen(), loadQueryClient().catch(() => undefined)]);

const container = document.getElementById('root') as HTMLElement;
// The landing pages come prerendered (prerender/render-landing-page.tsx): React adopts that HTML
// instead of drawing the page again, and this style cache the styles in its head: it counts them as
// inserted rather than letting Emotion adopt (move, so re-parse) their <style> elements.
const prerendered = container.firstElementChild !== null;
// Every page of the web build carries the global styles (reset, tokens) in its HTML: a prerendered one
// inline, the others as a stylesheet (web/scripts/prerender.mjs); the dev server's index.html has none.
const hasGlobalStyles = prerendered || document.querySelector(`link[${GLOBAL_STYLES}]`) !== null;
const styleCache = createCache({ key: 'css' });
for (const styles of document.querySelectorAll<HTMLStyleElement>(`style[${PRERENDERED_STYLES}]`)) {
  for (const id of styles.getAttribute(PRERENDERED_STYLES)?.split(' ') ?? []) styleCache.inserted[id] = true;
}

function App() {
  const queryClient = useDeferredQueryClient();
  return (
    <AppProviders
      queryClient={queryClient}
      styleCache={styleCache}
      system={hasGlobalStyles ? systemWithoutGlobalStyles() : appSystem()}
    >
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

// Building the design system is the longest piece of start-up work: it runs in a task of its own, so
// the browser sends the first page's downloads first and they travel while it runs. The app renders
// (or hydrates the prerendered page) once they are in, in one go.
setTimeout(() => {
  appSystem();
  void firstScreen.then(() => {
    const app = (
      <StrictMode>
        <App />
      </StrictMode>
    );
    // as a transition React renders (and hydrates) the first page in slices, yielding to the browser
    // between them, instead of in one task of several hundred milliseconds on a slow phone (total
    // blocking time)
    startTransition(() => {
      if (prerendered) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  });
}, 0);
