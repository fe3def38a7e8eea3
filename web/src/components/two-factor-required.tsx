import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Messages } from '@savings/contracts';
import { Link } from 'react-router-dom';

/** What a staff screen shows while STAFF_MFA=required refuses its calls: the way to /security. */
export function TwoFactorRequired() {
  return (
    <Container py="16" maxW="lg" textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h1" size="xl">
          {Messages.twoFactorRequired}
        </Heading>
        <Text color="fg.muted">
          Staff accounts sign in with a code from an authenticator app as well as their password. Turn two-factor
          sign-in on, and this screen opens.
        </Text>
        <Button asChild colorPalette="blue">
          <Link to="/security">Set up two-factor sign-in</Link>
        </Button>
      </Stack>
    </Container>
  );
}
