import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Messages } from '@savings/contracts';
import { toastError } from '../../../components/toaster';
import { useRequestPasswordReset } from '../api/password-reset';

/** Asks for a reset link; the answer is the same whether or not the e-mail has an account. */
export function ForgotPasswordForm() {
  const reset = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!email.trim()) {
      setError(Messages.emailInvalid);
      return;
    }
    setError(null);
    reset.mutate(
      { email: email.trim() },
      { onError: (failure) => toastError('Password reset failed', failure.message) },
    );
  };

  if (reset.isSuccess) {
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Title>{reset.data.message}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Reset password">
      <Stack gap="4">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Email</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={reset.isPending} loadingText="Sending...">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
