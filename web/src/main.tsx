import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { AppRoutes, startFirstScreen } from './app/router';
import { loadQueryClient, useDeferredQueryClient } from './lib/deferred-query-client';

// The first page's code and messages start downloading before anything renders.
startFirstScreen();

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

// The first render builds the design system, the longest piece of start-up work: it runs in a task of
// its own, so the browser sends those downloads first and they travel while it runs.
setTimeout(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}, 0);
