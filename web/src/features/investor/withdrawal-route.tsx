import { Container, Heading } from '@chakra-ui/react';

export function Component() {
  return (
    <Container py="10">
      <Heading as="h1">Withdrawals</Heading>
    </Container>
  );
}
