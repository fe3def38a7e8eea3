import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Component, type ReactNode } from 'react';

interface Props {
  /** the page's path: a failed page is tried afresh when the visitor goes elsewhere */
  resetKey: string;
  children: ReactNode;
}

/**
 * A screen that cannot load (its code or messages failed to download, e.g. after a new release
 * replaced the files, or the network dropped) or that crashes while rendering shows this instead of a
 * blank page; the header stays usable. Leaving the page clears it (without remounting the screens, so
 * a navigation still keeps the current page on screen while the next one loads).
 */
export class ScreenErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Container py="16" maxW="lg">
        <Stack gap="4" role="alert">
          <Heading as="h1" size="xl">
            This page could not be loaded
          </Heading>
          <Text color="fg.muted">Check your connection and try again.</Text>
          <Button alignSelf="start" onClick={() => window.location.reload()}>
            Reload
          </Button>
        </Stack>
      </Container>
    );
  }
}
