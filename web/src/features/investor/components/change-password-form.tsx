import { Button, Card, Field, Input, Stack } from '@chakra-ui/react';
import { Messages, MIN_PASSWORD_LENGTH, type ChangePasswordRequest } from '@savings/contracts';
import { useState, type FormEvent } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useLeaveIfSignedOut } from '../../../lib/query-retry';
import { useChangePassword } from '../api/change-password';

type Errors = Partial<Record<keyof ChangePasswordRequest, string>>;
const empty: ChangePasswordRequest = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function validatePasswordChange(values: ChangePasswordRequest): Errors {
  const errors: Errors = {};
  if (!values.currentPassword) errors.currentPassword = Messages.currentPasswordRequired;
  if (values.newPassword.length < MIN_PASSWORD_LENGTH) errors.newPassword = Messages.newPasswordTooShort;
  if (!values.confirmPassword) errors.confirmPassword = Messages.confirmPasswordRequired;
  else if (values.confirmPassword !== values.newPassword) errors.confirmPassword = Messages.passwordsDontMatch;
  return errors;
}

export function ChangePasswordForm() {
  const [values, setValues] = useState<ChangePasswordRequest>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const mutation = useChangePassword();
  const leaveIfSignedOut = useLeaveIfSignedOut();

  const field = (name: keyof ChangePasswordRequest, label: string, autoComplete: string) => (
    <Field.Root invalid={Boolean(errors[name])} required>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      />
      {errors[name] && <Field.ErrorText>{errors[name]}</Field.ErrorText>}
    </Field.Root>
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validatePasswordChange(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate(values, {
      onSuccess: () => {
        toastSuccess('Password changed', 'Your password has been updated.');
        setValues(empty);
      },
      onError: (failure) => leaveIfSignedOut(failure) || toastError('Password change failed', failure.message),
    });
  };

  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">Change Password</Card.Title>
      </Card.Header>
      <Card.Body>
        <form onSubmit={submit} noValidate aria-label="Change password">
          <Stack gap="3">
            {field('currentPassword', 'Current password', 'current-password')}
            {field('newPassword', 'New password', 'new-password')}
            {field('confirmPassword', 'Confirm new password', 'new-password')}
            <Button type="submit" alignSelf="start" loading={mutation.isPending}>
              Change Password
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
