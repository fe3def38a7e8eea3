import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, startFirstScreen } from './app/router';
import { appSystem } from './app/theme';
import { loadQueryClient, useDeferredQueryClient } from './lib/deferred-query-client';

// The first page's code and messages start downloading before anything renders.
const firstScreen = startFirstScreen();

function App() {
  const queryClient = useDeferredQueryClient();
  // The query machinery is not needed for the first page's first render: it loads right after.
  useEffect(() => {
    void loadQueryClient();
  }, []);
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
    createRoot(document.getElementById('root') as HTMLElement).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
