import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';

/** The call to action under blog pages: open an account, or (on a post) read more articles. */
export function BlogCta({ showBlogLink = false }: { showBlogLink?: boolean }) {
  return (
    <Box as="aside" bg="blue.900" color="white" borderRadius="xl" p={{ base: '6', md: '10' }} textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h2" size="xl">
          Put your savings to work at 7% a year
        </Heading>
        <Text color="blue.100" maxW="2xl">
          Open an account in minutes, deposit from $1,000 and earn interest credited every day. No lock-in, no
          penalties.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
          <Button asChild size="lg" bg="white" color="blue.900" _hover={{ bg: 'blue.50' }}>
            <Link to="/auth?mode=register">Open Account</Link>
          </Button>
          {showBlogLink && (
            <Button
              asChild
              size="lg"
              variant="outline"
              color="white"
              borderColor="whiteAlpha.700"
              _hover={{ bg: 'whiteAlpha.200' }}
            >
              <Link to="/blog">More articles</Link>
            </Button>
          )}
        </Stack>
      </Stack>
    </Box>
  );
}
