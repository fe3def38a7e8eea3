import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createRouter } from './app/router';
import { createQueryClient } from './lib/query-client';

const queryClient = createQueryClient();
// The router starts downloading the first page's code and messages as soon as it exists.
const router = createRouter();

// The first render builds the design system, the longest piece of start-up work: it runs in a task of
// its own, so the browser sends those downloads first and they travel while it runs.
setTimeout(() => {
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}, 0);
