import { Box, chakra } from '@chakra-ui/react';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Header } from '../features/public/components/header';
import { chromeWords } from '../i18n/chrome';
import type { LanguageCode } from '../i18n/languages';
import { ScreenErrorBoundary } from './screen-error-boundary';

/** The page around every screen; `language` that of its header and skip link (the screen's). */
export function RootLayout({ language }: { language: LanguageCode }) {
  const { pathname } = useLocation();
  const say = chromeWords(language);
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
      <Header language={language} />
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
