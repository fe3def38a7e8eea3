import { Box, Button, Container, Grid, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Messages } from '@savings/contracts';
import { lazy, memo, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { LaterSections } from '../../components/later-sections';
import { TwoFactorRequired } from '../../components/two-factor-required';
import { useDocumentHead } from '../../components/use-document-head';
import { ApiError, isUnauthenticated } from '../../lib/api-client';
import { useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { useCurrentUser } from '../../lib/session';
import { FIRST_USERS_PAGE, useAdminUsers } from './api/get-admin-users';
import { NotificationsBell as Bell } from './components/notifications-bell';
import { PendingApprovals as Approvals } from './components/pending-approvals';
import { PendingDepositRequests as DepositRequests } from './components/pending-deposit-requests';
import { PayoutFiles } from './components/payout-files';
import { PendingWithdrawals as Withdrawals } from './components/pending-withdrawals';
import { SummaryCards } from './components/summary-cards';
import { TransactionsTable } from './components/transactions-table';
import { UsersTable } from './components/users-table';

// Each top section asks for its own data: memoized, it does not render again (synchronously, the whole
// top in one task) each time the session or the users' page updates the screen around it.
const NotificationsBell = memo(Bell);
const PendingApprovals = memo(Approvals);
const PendingWithdrawals = memo(Withdrawals);
const PendingDepositRequests = memo(DepositRequests);

// the chart library loads with the charts, after the rest of the screen is up
const PlatformCharts = lazy(() =>
  import('./components/platform-charts').then((module) => ({ default: module.PlatformCharts })),
);
// the blog's editor and its Markdown renderer (~26 KB gzipped) are occasional work too
const BlogManager = lazy(() => import('./components/blog-manager').then((module) => ({ default: module.BlogManager })));
// reconciliation is occasional work: its screen loads after the rest
const BankStatements = lazy(() =>
  import('./components/bank-statements').then((module) => ({ default: module.BankStatements })),
);

function NotAllowed() {
  return (
    <Container py="16" maxW="lg" textAlign="center">
      <Stack gap="4" align="center">
        <Heading as="h1" size="xl">
          {Messages.adminRequired}
        </Heading>
        <Text color="fg.muted">This area is only for administrators of the platform.</Text>
        <Button asChild>
          <Link to="/dashboard">Go to your dashboard</Link>
        </Button>
      </Stack>
    </Container>
  );
}

/**
 * The sections below the pending work: the browser lays them out and paints them only once they come
 * near the viewport (`content-visibility: auto`), a page's height of tables and cards it would
 * otherwise style and lay out before anything is usable; they stay in the accessibility tree and in
 * find-in-page. The size a section is assumed to have until then keeps the scrollbar roughly right.
 */
const laterSection = { contentVisibility: 'auto', containIntrinsicSize: 'auto 40rem' } as const;

/**
 * The back office: the summary and the pending work first, then the users, the charts and the history.
 * The top is drawn as soon as the session says admin, not after the users' page (the largest answer):
 * each section shows its data as its own answer comes, so the pending work does not wait for the users.
 */
function AdminDashboard() {
  const [usersPage, setUsersPage] = useState(FIRST_USERS_PAGE);
  const users = useAdminUsers(usersPage);
  useRedirectOnUnauthenticated(users.error);
  // the spinner is for the button's own refresh, not for the 30 s polling
  const [refreshing, setRefreshing] = useState(false);
  const refresh = () => {
    setRefreshing(true);
    void users.refetch().finally(() => setRefreshing(false));
  };

  if (users.error instanceof ApiError && users.error.status === 403) {
    return users.error.message === Messages.twoFactorRequired ? <TwoFactorRequired /> : <NotAllowed />;
  }
  return (
    <Container py="8" maxW="7xl">
      <Stack gap="6">
        <HStack justify="space-between" align="start" wrap="wrap" gap="4">
          <Stack gap="1">
            <Heading as="h1" size="2xl">
              Admin Dashboard
            </Heading>
            <Text color="fg.muted">Manage users and monitor platform activity</Text>
          </Stack>
          <HStack gap="2">
            <NotificationsBell />
            <Button variant="outline" loading={refreshing} onClick={refresh}>
              Refresh Data
            </Button>
          </HStack>
        </HStack>
        <SummaryCards data={users.data} />
        <PendingApprovals />
        <Grid templateColumns={{ base: '1fr', lg: '1fr 1fr' }} gap="4" alignItems="start">
          <PendingWithdrawals />
          <PendingDepositRequests />
        </Grid>
        {/* the users table waits for its page; the summary shows "-" until then */}
        {!users.isPending && (
          <LaterSections>
            <Box css={laterSection}>
              <UsersTable
                data={users.data}
                page={usersPage}
                onPageChange={setUsersPage}
                loading={false}
                error={users.error}
                onRetry={refresh}
              />
            </Box>
            <Suspense fallback={null}>
              <PlatformCharts />
            </Suspense>
            <Box css={laterSection}>
              <TransactionsTable />
            </Box>
            <Box css={laterSection}>
              <PayoutFiles />
            </Box>
            <Suspense fallback={null}>
              <Box css={laterSection}>
                <BankStatements />
              </Box>
            </Suspense>
            <Suspense fallback={null}>
              <Box css={laterSection}>
                <BlogManager />
              </Box>
            </Suspense>
          </LaterSections>
        )}
      </Stack>
    </Container>
  );
}

/** Admins only; the server refuses everyone else's calls anyway (403), this is the friendly face of it. */
export function AdminScreen() {
  useDocumentHead({ title: 'Admin Dashboard — Savings Platform', robots: 'noindex' });
  const { data: user, isPending, error } = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = user === null || isUnauthenticated(error);
  useEffect(() => {
    if (signedOut) void navigate('/auth', { replace: true });
  }, [signedOut, navigate]);

  if (isPending || signedOut) {
    return (
      <Container py="10">
        <Text color="fg.muted">Loading admin data...</Text>
      </Container>
    );
  }
  if (!user?.isAdmin) return <NotAllowed />;
  return <AdminDashboard />;
}

export function Component() {
  return <AdminScreen />;
}
