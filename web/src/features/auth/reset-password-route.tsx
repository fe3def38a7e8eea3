import {
  Alert,
  Box,
  Button,
  Card,
  Container,
  Field,
  Heading,
  Input,
  Link as ChakraLink,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toastError, toastSuccess } from '../../components/toaster';
import { useDocumentHead } from '../../components/use-document-head';
import { useConfirmPasswordReset } from './api/password-reset';
import { resetTokenOf, validateReset, type ResetErrors } from './utils/validate';

/** The page a reset link opens (/reset-password#token=...): a new password, then sign in. */
export function Component() {
  useDocumentHead({ title: 'Reset Password — Savings Platform', robots: 'noindex' });
  const location = useLocation();
  const navigate = useNavigate();
  const token = resetTokenOf(location.hash);
  const confirm = useConfirmPasswordReset();
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [errors, setErrors] = useState<ResetErrors>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateReset({ newPassword, confirmPassword });
    setErrors(found);
    if (Object.keys(found).length > 0 || !token) return;
    confirm.mutate(
      { token, newPassword },
      {
        onSuccess: (answer) => {
          toastSuccess('Password reset', answer.message);
          void navigate('/auth?mode=login', { replace: true });
        },
        onError: (failure) => toastError('Password reset failed', failure.message),
      },
    );
  };

  return (
    <Box bg="gray.50" minH="calc(100vh - 61px)" py={{ base: '8', md: '16' }}>
      <Container maxW="md">
        <Card.Root variant="elevated">
          <Card.Body gap="6">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                Choose a new password
              </Heading>
              <Text color="fg.muted">Every session of your account is signed out when the password is set.</Text>
            </Stack>
            {token ? (
              <form onSubmit={onSubmit} noValidate aria-label="Set a new password">
                <Stack gap="4">
                  <Field.Root invalid={Boolean(errors.newPassword)}>
                    <Field.Label>New password</Field.Label>
                    <Input
                      name="newPassword"
                      type="password"
                      autoComplete="new-password"
                      value={newPassword}
                      onChange={(event) => setNewPassword(event.target.value)}
                    />
                    <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
                  </Field.Root>
                  <Field.Root invalid={Boolean(errors.confirmPassword)}>
                    <Field.Label>Confirm new password</Field.Label>
                    <Input
                      name="confirmPassword"
                      type="password"
                      autoComplete="new-password"
                      value={confirmPassword}
                      onChange={(event) => setConfirmPassword(event.target.value)}
                    />
                    <Field.ErrorText>{errors.confirmPassword}</Field.ErrorText>
                  </Field.Root>
                  <Button
                    type="submit"
                    colorPalette="blue"
                    size="lg"
                    loading={confirm.isPending}
                    loadingText="Saving..."
                  >
                    Set new password
                  </Button>
                </Stack>
              </form>
            ) : (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>This reset link is incomplete. Please open the link from the e-mail again.</Alert.Title>
              </Alert.Root>
            )}
            <Text fontSize="sm" textAlign="center">
              <ChakraLink asChild color="blue.700" fontWeight="semibold">
                <Link to="/auth?mode=forgot">Ask for a new link</Link>
              </ChakraLink>
            </Text>
          </Card.Body>
        </Card.Root>
      </Container>
    </Box>
  );
}
