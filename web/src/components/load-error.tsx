import { Button, HStack, Text } from '@chakra-ui/react';

/**
 * What a list or screen shows when its data failed to load: the failure said plainly, with a retry,
 * never the empty state ("No withdrawals yet" for a customer who has some).
 */
export function LoadError({
  what,
  message,
  onRetry,
  retrying = false,
}: {
  /** e.g. "your withdrawals": "Unable to load your withdrawals." */
  what?: string;
  /** the whole sentence instead, where product.md words it */
  message?: string;
  onRetry: () => void;
  retrying?: boolean;
}) {
  return (
    <HStack
      role="alert"
      justify="space-between"
      wrap="wrap"
      gap="3"
      borderWidth="1px"
      borderColor="border.error"
      rounded="md"
      p="3"
    >
      <Text color="fg.error">{message ?? `Unable to load ${what}. Check your connection and try again.`}</Text>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        Try again
      </Button>
    </HStack>
  );
}
