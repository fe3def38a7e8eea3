import { ChakraProvider, type SystemContext } from '@chakra-ui/react';
import { CacheProvider, type EmotionCache } from '@emotion/react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/toaster';
import { appSystem } from './theme';

/**
 * The design system, the query client and the toasts around the app. The query client may arrive
 * after the first render (main.tsx loads it beside the landing page): until then nothing rendered asks
 * for it, as the header waits for it and data screens load with it. `styleCache`, where styles go: the
 * prerender's collects them into the page's head (prerender/render-landing-page.tsx), the browser's
 * adopts those and adds the rest; tests leave it to Emotion's default.
 */
export function AppProviders({
  queryClient,
  styleCache,
  system = appSystem(),
  children,
}: {
  queryClient: QueryClient | undefined;
  styleCache?: EmotionCache;
  /** The design system; appSystem() unless the page carries its global styles (main.tsx). */
  system?: SystemContext;
  children: ReactNode;
}) {
  // What QueryClientProvider does on mount; here the client can change from undefined to the loaded
  // one without remounting the app beneath it.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  const app = (
    <ChakraProvider value={system}>
      <QueryClientContext.Provider value={queryClient}>
        {children}
        <Toaster />
      </QueryClientContext.Provider>
    </ChakraProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{app}</CacheProvider> : app;
}
