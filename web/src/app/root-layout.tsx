import { Box } from '@chakra-ui/react';
import { Outlet } from 'react-router-dom';
import { Header } from '../features/public/components/header';

export function RootLayout() {
  return (
    <Box minH="100vh" display="flex" flexDirection="column">
      <Header />
      <Box as="main" flex="1">
        <Outlet />
      </Box>
    </Box>
  );
}
