import { Box, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { DAILY_INTEREST_PERCENT_TEXT, DEPOSIT_BANK } from '@savings/contracts';
import { CopyButton } from './copy-button';

function CopyRow({ label, what, value }: { label: string; what: string; value: string }) {
  return (
    <HStack justify="space-between" gap="3" wrap="wrap">
      <Text color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <HStack gap="2">
        <Text fontFamily="mono">{value}</Text>
        <CopyButton what={what} value={value} />
      </HStack>
    </HStack>
  );
}

export function ReferenceCodeCard({ referenceCode }: { referenceCode: string }) {
  return (
    <Card.Root>
      <Card.Body gap="2">
        <Text textStyle="sm" color="fg.muted">
          Your personal reference code
        </Text>
        <HStack gap="3">
          <Text textStyle="2xl" fontWeight="bold" fontFamily="mono" data-testid="reference-code">
            {referenceCode}
          </Text>
          <CopyButton what="reference code" value={referenceCode} />
        </HStack>
        <Text textStyle="xs" color="fg.muted">
          Quote it on every bank transfer so we can match your deposit.
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

export function DepositInstructions({ referenceCode }: { referenceCode: string }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Deposit Instructions</Card.Title>
        <Card.Description>Transfer funds by bank transfer to this account.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <Stack gap="2">
          <CopyRow label="Beneficiary" what="beneficiary" value={DEPOSIT_BANK.beneficiary} />
          <CopyRow label="IBAN" what="IBAN" value={DEPOSIT_BANK.iban} />
          <CopyRow label="SWIFT/BIC" what="SWIFT/BIC" value={DEPOSIT_BANK.swift} />
          <CopyRow label="Payment reference" what="payment reference" value={referenceCode} />
        </Stack>
        <Box as="ul" textStyle="sm" ps="5" listStyleType="disc">
          <li>Minimum deposit: $1,000.</li>
          <li>Your balance earns 7% a year, credited daily ({DAILY_INTEREST_PERCENT_TEXT} a day).</li>
          <li>Deposits are made by bank transfer only.</li>
          <li>Deposits are usually processed within 1-2 business days.</li>
          <li>Always include your reference code {referenceCode} in the payment reference.</li>
        </Box>
      </Card.Body>
    </Card.Root>
  );
}
