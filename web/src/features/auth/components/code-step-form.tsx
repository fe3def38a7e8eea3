import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { Messages } from '@savings/contracts';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../../components/toaster';
import { useVerifyCode } from '../api/two-factor';

/**
 * The second step of signing in to an account with two-factor sign-in: the code the authenticator app
 * shows, or one of the recovery codes. `onRestart` goes back to the password (the step lasts 5 minutes).
 */
export function CodeStepForm({ onRestart }: { onRestart: () => void }) {
  const navigate = useNavigate();
  const verify = useVerifyCode();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed === '') {
      setError(Messages.codeRequired);
      return;
    }
    setError(null);
    verify.mutate(
      { code: typed },
      {
        onSuccess: () => void navigate('/dashboard'),
        onError: (failure) => {
          setCode('');
          toastError('Sign in failed', failure.message);
          if (failure.message === Messages.twoFactorSignInExpired) onRestart();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Two-factor code">
      <Stack gap="4">
        <Text color="fg.muted">
          Open your authenticator app and enter the 6-digit code it shows for Savings Platform. Lost your phone? Enter
          one of your recovery codes instead.
        </Text>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Authentication code</Field.Label>
          <Input
            name="code"
            autoComplete="one-time-code"
            autoFocus
            maxLength={32}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={verify.isPending} loadingText="Verifying...">
          Verify
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onRestart}>
          Use a different account
        </Button>
      </Stack>
    </form>
  );
}
