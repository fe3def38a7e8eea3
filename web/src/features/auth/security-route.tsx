import { Alert, Box, Button, Card, Code, Container, Field, Heading, Input, List, Stack, Text } from '@chakra-ui/react';
import { Messages, type MfaSetupResponse } from '@savings/contracts';
import { QRCodeSVG } from 'qrcode.react';
import { useState, type FormEvent } from 'react';
import { LoadError } from '../../components/load-error';
import { toastError, toastSuccess } from '../../components/toaster';
import { useDocumentHead } from '../../components/use-document-head';
import { useLeaveIfSignedOut, useRedirectOnUnauthenticated } from '../../lib/query-retry';
import { useDisableTwoFactor, useEnableTwoFactor, useStartSetup, useTwoFactorStatus } from './api/two-factor';

/** The QR code and key of a new secret, and the first code that turns two-factor sign-in on. */
function SetupStep({ setup, onEnabled }: { setup: MfaSetupResponse; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTwoFactor();
  const leaveIfSignedOut = useLeaveIfSignedOut();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError('Enter the 6-digit code your app shows');
      return;
    }
    setError(null);
    enable.mutate(
      { code: code.trim() },
      {
        onSuccess: ({ recoveryCodes }) => onEnabled(recoveryCodes),
        onError: (failure) => {
          if (leaveIfSignedOut(failure)) return;
          setCode('');
          toastError('Two-factor sign-in was not turned on', failure.message);
        },
      },
    );
  };

  return (
    <Stack gap="4">
      <Text>
        1. Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password,
        Aegis...).
      </Text>
      <Box alignSelf="center" bg="white" p="3" rounded="md" borderWidth="1px">
        <QRCodeSVG value={setup.otpauthUrl} size={192} role="img" aria-label="QR code for your authenticator app" />
      </Box>
      <Text fontSize="sm" color="fg.muted">
        Cannot scan it? Enter this key in the app instead:{' '}
        <Code data-testid="totp-secret" wordBreak="break-all">
          {setup.secret}
        </Code>
      </Text>
      <form onSubmit={onSubmit} noValidate aria-label="Confirm two-factor setup">
        <Stack gap="3">
          <Field.Root invalid={Boolean(error)}>
            <Field.Label>2. Enter the code the app shows</Field.Label>
            <Input
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Field.ErrorText>{error}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="blue" loading={enable.isPending} loadingText="Turning on...">
            Turn on two-factor sign-in
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

/** The recovery codes, shown this once. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <Stack gap="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Save your recovery codes now</Alert.Title>
          <Alert.Description>
            Each code signs you in once if you lose your phone. They are not shown again: print them or keep them in a
            password manager.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <List.Root as="ol" aria-label="Recovery codes" fontFamily="mono" ps="6" gap="1">
        {codes.map((code) => (
          <List.Item key={code}>{code}</List.Item>
        ))}
      </List.Root>
      <Button onClick={onDone}>I have saved my recovery codes</Button>
    </Stack>
  );
}

/** Turning it off takes the password and a code. */
function DisableForm() {
  const disable = useDisableTwoFactor();
  const leaveIfSignedOut = useLeaveIfSignedOut();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      ...(password === '' ? { password: Messages.passwordRequired } : {}),
      ...(code.trim() === '' ? { code: Messages.codeRequired } : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => toastSuccess('Two-factor sign-in turned off'),
        onError: (failure) => {
          if (leaveIfSignedOut(failure)) return;
          setCode('');
          toastError('Two-factor sign-in is still on', failure.message);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Turn off two-factor sign-in">
      <Stack gap="3">
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.code)}>
          <Field.Label>Authentication code or recovery code</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.ErrorText>{errors.code}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" variant="outline" colorPalette="red" loading={disable.isPending}>
          Turn off two-factor sign-in
        </Button>
      </Stack>
    </form>
  );
}

/** /security: two-factor sign-in for any account (contract section 9). */
export function SecurityScreen() {
  useDocumentHead({ title: 'Two-factor sign-in — Savings Platform', robots: 'noindex' });
  const status = useTwoFactorStatus();
  useRedirectOnUnauthenticated(status.error);
  const start = useStartSetup();
  const leaveIfSignedOut = useLeaveIfSignedOut();
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  let body;
  if (recoveryCodes) {
    body = (
      <RecoveryCodes
        codes={recoveryCodes}
        onDone={() => {
          setRecoveryCodes(null);
          start.reset();
        }}
      />
    );
  } else if (status.isPending) {
    body = <Text color="fg.muted">Loading...</Text>;
  } else if (status.isError) {
    body = (
      <LoadError what="your two-factor setting" onRetry={() => void status.refetch()} retrying={status.isRefetching} />
    );
  } else if (status.data.enabled) {
    body = (
      <Stack gap="4">
        <Text fontWeight="semibold" color="fg.success">
          Two-factor sign-in is on.
        </Text>
        <Text>
          Signing in asks for a code from your authenticator app after your password. Recovery codes left:{' '}
          {status.data.recoveryCodesLeft} of 10.
        </Text>
        {status.data.requiredForRole ? (
          <Text color="fg.muted">
            Your role requires it: turned off, the back office stays closed until it is on again.
          </Text>
        ) : null}
        <DisableForm />
      </Stack>
    );
  } else if (start.data) {
    body = (
      <SetupStep
        setup={start.data}
        onEnabled={(codes) => {
          setRecoveryCodes(codes);
          void status.refetch();
        }}
      />
    );
  } else {
    body = (
      <Stack gap="4">
        {status.data.requiredForRole ? (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{Messages.twoFactorRequired}</Alert.Title>
              <Alert.Description>
                Staff accounts need it: the back office stays closed until you turn it on.
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        ) : null}
        <Text>
          Two-factor sign-in is off. Turn it on and signing in will also ask for a code from an authenticator app on
          your phone, so a stolen password alone opens nothing.
        </Text>
        <Button
          alignSelf="start"
          colorPalette="blue"
          loading={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onError: (failure) => {
                if (!leaveIfSignedOut(failure)) toastError('Setup could not start', failure.message);
              },
            })
          }
        >
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }

  return (
    <Container py="8" maxW="xl">
      <Card.Root variant="elevated">
        <Card.Body gap="6">
          <Heading as="h1" size="2xl">
            Two-factor sign-in
          </Heading>
          {body}
        </Card.Body>
      </Card.Root>
    </Container>
  );
}

export function Component() {
  return <SecurityScreen />;
}
