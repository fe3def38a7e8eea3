import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../../../components/toaster';
import { useLogin } from '../api/login';
import { CodeStepForm } from './code-step-form';
import { validateSignIn, type SignInErrors } from '../utils/validate';

export function SignInForm() {
  const navigate = useNavigate();
  const login = useLogin();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<SignInErrors>({});
  // the password was right and the account has two-factor sign-in: the code step
  const [codeStep, setCodeStep] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateSignIn({ identifier, password });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    login.mutate(
      { email: identifier.trim(), password },
      {
        onSuccess: (response) => {
          if ('user' in response) void navigate('/dashboard');
          else setCodeStep(true);
        },
        onError: (error) => toastError('Sign in failed', error.message),
      },
    );
  };

  if (codeStep) {
    return (
      <CodeStepForm
        onRestart={() => {
          setPassword('');
          setCodeStep(false);
        }}
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Sign in">
      <Stack gap="4">
        <Field.Root invalid={Boolean(errors.identifier)}>
          <Field.Label>Username or Email</Field.Label>
          <Input
            name="identifier"
            autoComplete="username"
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
          />
          <Field.ErrorText>{errors.identifier}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.password)}>
          <Field.Label>Password</Field.Label>
          <Input
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>{errors.password}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="blue" size="lg" loading={login.isPending} loadingText="Signing In...">
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
