import { Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { LaterSections } from '../../components/later-sections';
import { LoadError } from '../../components/load-error';
import { useDocumentHead } from '../../components/use-document-head';
import { useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { useAccountActivity } from './api/get-account-activity';
import { useDashboard } from './api/get-dashboard';
import { HistoryChart } from './components/history-chart';
import { AccountActivityTable } from './components/account-activity-table';
import { BalanceCards } from './components/balance-cards';
import { DepositInstructions, ReferenceCodeCard } from './components/deposit-instructions';
import { DepositRequestCard } from './components/deposit-request-card';
import { InterestCountdown } from './components/interest-countdown';
import { ProofCard } from './components/proof-card';

export function DashboardScreen() {
  useDocumentHead({ title: 'Dashboard — Savings Platform', robots: 'noindex' });
  const dashboard = useDashboard();
  const activity = useAccountActivity();
  useRedirectOnUnauthenticated(dashboard.error, activity.error);
  const queryClient = useQueryClient();
  const reloadAfterCredit = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: ['user'] }),
    [queryClient],
  );

  if (dashboard.isPending) {
    return (
      <Container py="10">
        <Text color="fg.muted">Loading dashboard...</Text>
      </Container>
    );
  }
  if (dashboard.isError) {
    return (
      <Container py="10">
        <LoadError
          message="Unable to load dashboard data. Please try refreshing the page."
          onRetry={() => void dashboard.refetch()}
          retrying={dashboard.isRefetching}
        />
      </Container>
    );
  }

  const { user, monthlyInterest, nextInterestAt } = dashboard.data;
  return (
    <Container py="8" maxW="6xl">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Welcome back, {user.name}
          </Heading>
          <Text color="fg.muted">Here is an overview of your savings account.</Text>
        </Stack>
        <BalanceCards balance={user.balance} monthlyInterest={monthlyInterest} />
        <HistoryChart show="balance" />
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4">
          <InterestCountdown nextInterestAt={nextInterestAt} balance={user.balance} onCredited={reloadAfterCredit} />
          <ReferenceCodeCard referenceCode={user.referenceCode} />
        </Grid>
        {/* the deposit cards, the proof and the activity: below a phone's first screenful */}
        <LaterSections>
          <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
            <DepositRequestCard />
            <DepositInstructions referenceCode={user.referenceCode} />
          </Grid>
          <ProofCard />
          <HStack gap="3" wrap="wrap">
            <Button asChild variant="outline">
              <Link to="/interest-history">View Full History</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to="/statements">Statements</Link>
            </Button>
          </HStack>
          <AccountActivityTable
            items={activity.data?.transactions}
            loading={activity.isPending}
            failed={activity.isError}
            onRetry={() => void activity.refetch()}
            retrying={activity.isRefetching}
          />
        </LaterSections>
      </Stack>
    </Container>
  );
}

export function Component() {
  return <DashboardScreen />;
}
