import { Container, Heading } from '@chakra-ui/react';

export function Component() {
  return (
    <Container py="10">
      <Heading as="h1">Earn 7% a year, credited daily</Heading>
    </Container>
  );
}
