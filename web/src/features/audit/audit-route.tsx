import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Messages } from '@savings/contracts';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { TwoFactorRequired } from '../../components/two-factor-required';
import { useCurrentUser } from '../../lib/session';
import { useTwoFactorStatus } from '../../lib/two-factor';
import { AdminActions } from './components/admin-actions';
import { ApprovalsPanel } from './components/approvals-panel';
import { BalanceAt } from './components/balance-at';
import { CustomerStatements } from './components/customer-statements';
import { EventLog } from './components/event-log';
import { VerifyPanel } from './components/verify-panel';

/** The auditor console (/audit): auditors and admins; everything here only reads (verify seals blocks). */
export function AuditScreen() {
  const me = useCurrentUser();
  const navigate = useNavigate();
  const signedOut = me.data === null;
  const staff = me.data?.role === 'admin' || me.data?.role === 'auditor';
  // STAFF_MFA=required refuses every call of this screen until two-factor sign-in is on: say so once
  const twoFactor = useTwoFactorStatus({ enabled: staff });
  useEffect(() => {
    if (signedOut) void navigate('/auth', { replace: true });
  }, [signedOut, navigate]);
  if (me.isPending) {
    return (
      <Container py="10">
        <Text color="fg.muted">Loading...</Text>
      </Container>
    );
  }
  const user = me.data;
  if (!user || !(user.role === 'admin' || user.role === 'auditor')) {
    return (
      <Container py="16" maxW="lg" textAlign="center">
        <Stack gap="4" align="center">
          <Heading as="h1" size="xl">
            {Messages.adminRequired}
          </Heading>
          <Text color="fg.muted">The audit console is for auditors and administrators of the platform.</Text>
          <Button asChild>
            <Link to="/dashboard">Go to your dashboard</Link>
          </Button>
        </Stack>
      </Container>
    );
  }
  if (twoFactor.data?.requiredForRole && !twoFactor.data.enabled) return <TwoFactorRequired />;
  return (
    <Container py="8" maxW="7xl">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Audit console
          </Heading>
          <Text color="fg.muted">
            Prove the ledger, read its log, and check any balance at any instant. Nothing here moves money.
          </Text>
        </Stack>
        <VerifyPanel />
        <EventLog />
        <BalanceAt />
        <CustomerStatements />
        <AdminActions />
        <ApprovalsPanel />
      </Stack>
    </Container>
  );
}

export function Component() {
  return <AuditScreen />;
}
