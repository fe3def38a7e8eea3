import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/toaster';
import { appSystem } from './theme';

/**
 * The design system, the query client and the toasts around the app. The query client may arrive
 * after the first render (main.tsx loads it beside the landing page): until then nothing rendered asks
 * for it, as the header waits for it and data screens load with it.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient | undefined; children: ReactNode }) {
  // What QueryClientProvider does on mount; here the client can change from undefined to the loaded
  // one without remounting the app beneath it.
  useEffect(() => {
    if (!queryClient) return;
    queryClient.mount();
    return () => queryClient.unmount();
  }, [queryClient]);
  return (
    <ChakraProvider value={appSystem()}>
      <QueryClientContext.Provider value={queryClient}>
        {children}
        <Toaster />
      </QueryClientContext.Provider>
    </ChakraProvider>
  );
}
