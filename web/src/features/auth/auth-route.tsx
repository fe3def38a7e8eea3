import { Box, Card, Container, Heading, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useDocumentHead } from '../../components/use-document-head';
import { useCurrentUser } from '../../lib/session';
import { ForgotPasswordForm } from './components/forgot-password-form';
import { RegisterForm } from './components/register-form';
import { SignInForm } from './components/sign-in-form';
import { authModeOf } from './utils/validate';

export function Component() {
  const [params] = useSearchParams();
  const mode = authModeOf(params.get('mode'));
  const registering = mode === 'register';
  const forgot = mode === 'forgot';
  useDocumentHead({
    title: registering
      ? 'Create Account — Savings Platform'
      : forgot
        ? 'Reset Password — Savings Platform'
        : 'Sign In — Savings Platform',
    robots: 'noindex',
  });
  // a signed-in visitor (a bookmarked "Get Started", the back button) has nothing to do here
  // (useNavigate, not <Navigate>: that component would add its code to everyone's first download)
  const { data: user } = useCurrentUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (user) void navigate('/dashboard', { replace: true });
  }, [user, navigate]);
  if (user) return null;

  return (
    <Box bg="gray.50" minH="calc(100vh - 61px)" py={{ base: '8', md: '16' }}>
      <Container maxW="md">
        <Card.Root variant="elevated">
          <Card.Body gap="6">
            <Stack gap="1">
              <Heading as="h1" size="2xl">
                {registering ? 'Create your account' : forgot ? 'Forgot your password?' : 'Welcome back'}
              </Heading>
              <Text color="fg.muted">
                {registering
                  ? 'Open a savings account and start earning 7% a year.'
                  : forgot
                    ? 'Enter the e-mail of your account and we will send you a link to choose a new password.'
                    : 'Sign in with your username or email to reach your account.'}
              </Text>
            </Stack>
            {/* keyed by mode: switching clears the other form's input */}
            {registering ? (
              <RegisterForm key="register" />
            ) : forgot ? (
              <ForgotPasswordForm key="forgot" />
            ) : (
              <SignInForm key="login" />
            )}
            {!registering && !forgot && (
              <Text fontSize="sm" textAlign="center">
                <ChakraLink asChild color="blue.700">
                  <Link to="/auth?mode=forgot">Forgot password?</Link>
                </ChakraLink>
              </Text>
            )}
            <Text fontSize="sm" textAlign="center">
              {registering || forgot ? 'Already have an account? ' : "Don't have an account? "}
              <ChakraLink asChild color="blue.700" fontWeight="semibold">
                <Link to={registering || forgot ? '/auth?mode=login' : '/auth?mode=register'}>
                  {registering || forgot ? 'Sign in' : 'Create one'}
                </Link>
              </ChakraLink>
            </Text>
          </Card.Body>
        </Card.Root>
      </Container>
    </Box>
  );
}
