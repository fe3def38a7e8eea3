import { Alert, Link as ChakraLink, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { LoadError } from '../../components/load-error';
import { useDocumentHead } from '../../components/use-document-head';
import { useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { useProfile } from './api/get-profile';
import { useWithdrawals } from './api/get-withdrawals';
import { AccountInfoCard } from './components/account-info-card';
import { BankingDetailsForm } from './components/banking-details-form';
import { ChangePasswordForm } from './components/change-password-form';
import { WithdrawalHistory } from './components/withdrawal-history';
import { WithdrawalRequestCard } from './components/withdrawal-request-card';

export function WithdrawalScreen() {
  useDocumentHead({ title: 'Withdrawals — Savings Platform', robots: 'noindex' });
  const profile = useProfile();
  const withdrawals = useWithdrawals();
  useRedirectOnUnauthenticated(profile.error, withdrawals.error);

  // The heading is drawn with the first render, before the profile arrives: the page's largest text on
  // a phone, it paints one round trip and a render earlier (the largest contentful paint).
  const heading = (
    <Heading as="h1" size="2xl">
      Withdrawals &amp; Profile
    </Heading>
  );
  if (profile.isPending || profile.isError) {
    return (
      <Container py="8" maxW="6xl">
        <Stack gap="6">
          {heading}
          {profile.isPending ? (
            <Text color="fg.muted">Loading profile...</Text>
          ) : (
            <LoadError
              message="Unable to load profile data. Please try refreshing the page."
              onRetry={() => void profile.refetch()}
              retrying={profile.isRefetching}
            />
          )}
        </Stack>
      </Container>
    );
  }

  const user = profile.data;
  return (
    <Container py="8" maxW="6xl">
      <Stack gap="6">
        {heading}
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
          <Stack gap="4">
            <AccountInfoCard user={user} />
            {/* not keyed by the saved values: a remount would drop the save's success callback */}
            <BankingDetailsForm user={user} />
          </Stack>
          <Stack gap="4">
            <WithdrawalRequestCard user={user} />
            <WithdrawalHistory
              items={withdrawals.data?.withdrawals}
              loading={withdrawals.isPending}
              failed={withdrawals.isError}
              onRetry={() => void withdrawals.refetch()}
              retrying={withdrawals.isRefetching}
            />
          </Stack>
        </Grid>
        <ChangePasswordForm />
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Security note</Alert.Title>
            <Alert.Description>
              We never ask for your password by e-mail or phone. Withdrawals are only paid to the banking details saved
              here, so keep them up to date and use a strong, unique password.{' '}
              <ChakraLink asChild color="blue.700" fontWeight="semibold">
                <Link to="/security">Turn on two-factor sign-in</Link>
              </ChakraLink>{' '}
              to ask for a code from your phone as well.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Stack>
    </Container>
  );
}

export function Component() {
  return <WithdrawalScreen />;
}
