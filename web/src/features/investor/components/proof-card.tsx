import { Button, Card, Code, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { formatCentsUsd, WebRoutes, type BalanceProofResponse } from '@savings/contracts';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../../components/load-error';
import { useBalanceProof } from '../api/get-balance-proof';

function DownloadProof({ proof }: { proof: BalanceProofResponse }) {
  const href = useMemo(
    () => URL.createObjectURL(new Blob([`${JSON.stringify(proof, null, 2)}\n`], { type: 'application/json' })),
    [proof],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download={`proof-of-balance-${proof.date}.json`}>
        Download the proof
      </a>
    </Button>
  );
}

/** "Proof of your balance" (api-contract.md section 13): is my money really counted? */
export function ProofCard() {
  const query = useBalanceProof();
  const proof = query.data?.proof;
  const verdict = query.data?.verdict;

  return (
    <Card.Root data-testid="proof-card">
      <Card.Header>
        <Card.Title as="h2">Proof of your balance</Card.Title>
        <Card.Description>
          After each day&apos;s interest run we publish one fingerprint (a Merkle sum tree root) of every customer
          balance and their total. This checks, in your browser, that your balance is counted in it.
        </Card.Description>
      </Card.Header>
      <Card.Body gap="3">
        {query.isPending && <Text color="fg.muted">Loading and checking your proof...</Text>}
        {query.isError && (
          <LoadError
            message="Unable to load your proof. Please try again."
            onRetry={() => void query.refetch()}
            retrying={query.isRefetching}
          />
        )}
        {query.isSuccess && !proof && (
          <Text>
            No proof includes your account yet. One is published after each day&apos;s interest run once your account
            has activity.
          </Text>
        )}
        {proof && verdict && (
          <Stack gap="3">
            <Text
              role="status"
              aria-live="polite"
              fontWeight="semibold"
              data-testid="proof-verdict"
              color={verdict.holds ? 'green.700' : 'red.700'}
            >
              {verdict.holds
                ? `✓ The proof holds: your balance of ${formatCentsUsd(proof.leaf.balanceCents)} on ${proof.date} is counted in the published total of ${formatCentsUsd(proof.total)}.`
                : `✗ The proof does not hold: ${verdict.reason}`}
            </Text>
            <Text textStyle="sm" color="fg.muted">
              Root <Code wordBreak="break-all">{proof.root}</Code>, {proof.leafCount.toLocaleString('en-US')} account
              {proof.leafCount === 1 ? '' : 's'}, taken at{' '}
              {new Date(proof.at).toLocaleString('en-US', { timeZone: 'UTC' })} UTC.
            </Text>
            <HStack gap="3" wrap="wrap">
              <DownloadProof proof={proof} />
              <ChakraLink asChild color="blue.700" textStyle="sm">
                <Link to={WebRoutes.proofOfLiabilities}>All published roots</Link>
              </ChakraLink>
            </HStack>
            <Text textStyle="xs" color="fg.muted">
              Check the downloaded file yourself, without us:{' '}
              <Code>npm run ledger -- proof verify --file proof.json</Code> (see the README), or recompute the SHA-256
              hashes by hand as api-contract.md section 13 describes.
            </Text>
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
