import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, startFirstScreen } from './app/router';
import { appSystem } from './app/theme';
import { loadQueryClient, useDeferredQueryClient } from './lib/deferred-query-client';

// The first page's code and messages start downloading before anything renders; the query machinery
// (not in the first download: the first page renders without it) downloads beside them, so the header
// has it, and its session, by the time the page is painted instead of re-rendering afterwards.
const firstScreen = startFirstScreen();
void loadQueryClient();

function App() {
  const queryClient = useDeferredQueryClient();
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

// Building the design system is the longest piece of start-up work: it runs in a task of its own, so
// the browser sends the first page's downloads first and they travel while it runs. The app renders
// once they are in, in one go: the whole first page is painted at once, as soon as it can be.
setTimeout(() => {
  appSystem();
  void firstScreen.then(() => {
    const root = createRoot(document.getElementById('root') as HTMLElement);
    // as a transition React renders the first page in slices, yielding to the browser between them,
    // instead of in one task of several hundred milliseconds on a slow phone (total blocking time)
    startTransition(() => {
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
  });
}, 0);
