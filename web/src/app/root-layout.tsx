import { Box, chakra } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Header } from '../features/public/components/header';
import { useChrome } from '../i18n/chrome';
import { chromeLanguage } from '../i18n/languages';
import { ScreenErrorBoundary } from './screen-error-boundary';

export function RootLayout() {
  const { pathname, search } = useLocation();
  const say = useChrome(chromeLanguage(pathname, search));
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <chakra.a
        href="#main"
        position="absolute"
        left="-9999px"
        _focus={{ left: '4', top: '4', zIndex: 'skipLink', bg: 'bg', p: '2', borderRadius: 'md' }}
      >
        {say('skipToContent')}
      </chakra.a>
      <Header />
      <Box as="main" id="main" flex="1">
        {/* the first screen shown waits here for its code or messages; later ones wait in a transition */}
        <ScreenErrorBoundary resetKey={pathname}>
          <Suspense fallback={null}>
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </Box>
    </Box>
  );
}
