import { Card, DataList, HStack, List, Text } from '@chakra-ui/react';
import { DAILY_INTEREST_PERCENT_TEXT, DEPOSIT_BANK } from '@savings/contracts';
import { CopyButton } from './copy-button';

function CopyRow({ label, what, value }: { label: string; what: string; value: string }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>
        <HStack gap="2">
          <Text fontFamily="mono">{value}</Text>
          <CopyButton what={what} value={value} />
        </HStack>
      </DataList.ItemValue>
    </DataList.Item>
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
        <Card.Title>Deposit Instructions</Card.Title>
        <Card.Description>Transfer funds by bank transfer to this account.</Card.Description>
      </Card.Header>
      <Card.Body gap="4">
        <DataList.Root orientation="horizontal">
          <CopyRow label="Beneficiary" what="beneficiary" value={DEPOSIT_BANK.beneficiary} />
          <CopyRow label="IBAN" what="IBAN" value={DEPOSIT_BANK.iban} />
          <CopyRow label="SWIFT/BIC" what="SWIFT/BIC" value={DEPOSIT_BANK.swift} />
          <CopyRow label="Payment reference" what="payment reference" value={referenceCode} />
        </DataList.Root>
        <List.Root textStyle="sm" ps="4">
          <List.Item>Minimum deposit: $1,000.</List.Item>
          <List.Item>Your balance earns 7% a year, credited daily ({DAILY_INTEREST_PERCENT_TEXT} a day).</List.Item>
          <List.Item>Deposits are made by bank transfer only.</List.Item>
          <List.Item>Deposits are usually processed within 1-2 business days.</List.Item>
          <List.Item>Always include your reference code {referenceCode} in the payment reference.</List.Item>
        </List.Root>
      </Card.Body>
    </Card.Root>
  );
}
