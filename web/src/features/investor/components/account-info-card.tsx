import { Card, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { ANNUAL_INTEREST_RATE, formatUsd, type PublicUser } from '@savings/contracts';
import { Link } from 'react-router-dom';
import { DownloadDataButton } from './download-data-button';

function Row({ label, value }: { label: string; value: string }) {
  return (
    <HStack justify="space-between" gap="4">
      <Text color="fg.muted" textStyle="sm">
        {label}
      </Text>
      <Text fontWeight="medium">{value}</Text>
    </HStack>
  );
}

export function AccountInfoCard({ user }: { user: PublicUser }) {
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Account Information</Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="2">
          {user.legalName ? (
            <>
              <Row label={user.holderType === 'foundation' ? 'Foundation' : 'Company'} value={user.legalName} />
              <Row label="Registration" value={`${user.registrationNumber ?? ''} (${user.country ?? ''})`} />
              <Row label="Representative" value={user.name} />
            </>
          ) : (
            <Row label="Full name" value={user.name} />
          )}
          <Row label="Email" value={user.email} />
          <Row label="Balance" value={formatUsd(user.balance)} />
          <Row label="Daily interest" value={formatUsd((user.balance * ANNUAL_INTEREST_RATE) / 365)} />
          <ChakraLink asChild colorPalette="blue" textStyle="sm">
            <Link to="/interest-history">View interest earnings</Link>
          </ChakraLink>
          <DownloadDataButton />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
