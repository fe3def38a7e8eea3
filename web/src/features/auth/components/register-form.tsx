import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useRegister } from '../api/register';
import { validateRegister } from '../utils/validate';

export function RegisterForm() {
  const navigate = useNavigate();
  const register = useRegister();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = validateRegister({ name, email, password });
    if (problem) {
      toastError(problem);
      return;
    }
    register.mutate(
      { name: name.trim(), email: email.trim(), password },
      {
        onSuccess: (user) => {
          toastSuccess('Account created!', `Welcome, ${user.name}! Your savings account is ready.`);
          void navigate('/dashboard');
        },
        onError: (error) => toastError('Registration failed', error.message),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create account">
      <Stack gap="4">
        <Field.Root>
          <Field.Label>Full name</Field.Label>
          <Input name="name" autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Email</Field.Label>
          <Input
            name="email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          colorPalette="blue"
          size="lg"
          loading={register.isPending}
          loadingText="Creating Account..."
        >
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
