import { Box, Flex, HStack, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../../lib/session';

export function Header() {
  const { data: user } = useCurrentUser();
  return (
    <Box as="header" borderBottomWidth="1px" px="4" py="3">
      <Flex as="nav" aria-label="Main" gap="4" wrap="wrap">
        <HStack gap="4">
          <ChakraLink asChild>
            <Link to="/">Home</Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/technical-overview">Technical Overview</Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/retirement-calculator">Retirement Calculator</Link>
          </ChakraLink>
          <ChakraLink asChild>
            <Link to="/blog">Blog</Link>
          </ChakraLink>
          {user && (
            <ChakraLink asChild>
              <Link to="/dashboard">Dashboard</Link>
            </ChakraLink>
          )}
          {user?.isAdmin && (
            <ChakraLink asChild>
              <Link to="/admin">Admin</Link>
            </ChakraLink>
          )}
        </HStack>
      </Flex>
    </Box>
  );
}
