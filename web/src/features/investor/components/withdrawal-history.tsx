import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { formatUsd, type WithdrawalItem } from '@savings/contracts';
import { LoadError } from '../../../components/load-error';
import { formatDate } from '../utils/format';
import { WithdrawalStatusBadge } from './status-badges';

export function WithdrawalHistory({
  items,
  loading,
  failed = false,
  onRetry = () => undefined,
  retrying = false,
}: {
  items: WithdrawalItem[] | undefined;
  loading: boolean;
  /** the history could not be loaded: say so, never "No withdrawals yet" */
  failed?: boolean;
  onRetry?: () => void;
  retrying?: boolean;
}) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Withdrawal History</Card.Title>
      </Card.Header>
      <Card.Body>
        {failed && !items ? (
          <LoadError what="your withdrawals" onRetry={onRetry} retrying={retrying} />
        ) : loading ? (
          <Text color="fg.muted">Loading withdrawals...</Text>
        ) : !items?.length ? (
          <Text color="fg.muted">No withdrawals yet</Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" data-testid="withdrawal-history">
            {items.map((item) => (
              <HStack as="li" key={item.id} justify="space-between" borderWidth="1px" rounded="md" p="3">
                <Box>
                  <Text fontWeight="semibold">{formatUsd(item.amount)}</Text>
                  <Text textStyle="xs" color="fg.muted">
                    Requested {formatDate(item.requestedAt)}
                    {item.processedAt ? ` · Processed ${formatDate(item.processedAt)}` : ''}
                  </Text>
                  {item.returnedForReapproval && (
                    <Text textStyle="xs" color="orange.800" data-testid="withdrawal-returned">
                      Back to pending on {formatDate(item.returnedForReapproval.at)}:{' '}
                      {item.returnedForReapproval.message} Your money stays held meanwhile.
                    </Text>
                  )}
                </Box>
                <WithdrawalStatusBadge status={item.status} />
              </HStack>
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
