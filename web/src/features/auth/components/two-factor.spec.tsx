import { mockApi, type FetchCall } from '../../../lib/test-utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages, type MfaStatusResponse, type PublicUser } from '@savings/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserQuery } from '../../../lib/session';
import { Component as AuthRoute } from '../auth-route';
import { Component as SecurityRoute } from '../security-route';

// user-event typing on a shared 2-core machine can take a few seconds
jest.setTimeout(30000);

const user: PublicUser = {
  id: 7,
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  balance: 0,
  availableBalance: 0,
  referenceCode: 'REF-0007',
  beneficiaryName: null,
  iban: null,
  swift: null,
  isAdmin: false,
  role: 'customer',
  holderType: 'individual',
  legalName: null,
  registrationNumber: null,
  country: null,
  createdAt: '2025-01-01T00:00:00.000Z',
};

const callsTo = (calls: FetchCall[], url: string) => calls.filter((call) => call.url === url);

function renderAt(path: string) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthRoute />} />
          <Route path="/security" element={<SecurityRoute />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

describe('/auth code step', () => {
  async function signInWithPassword(u: ReturnType<typeof userEvent.setup>) {
    await u.type(screen.getByLabelText('Username or Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
  }

  it('asks for the code after the password, then signs in and goes to the dashboard', async () => {
    const u = userEvent.setup();
    const calls = mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/login': { body: { mfaRequired: true } },
      'POST /api/auth/mfa/verify': { body: { user } },
    });
    const queryClient = renderAt('/auth?mode=login');
    await signInWithPassword(u);
    const code = await screen.findByLabelText('Authentication code');
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(Messages.codeRequired)).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth/mfa/verify')).toHaveLength(0);
    await u.type(code, ' 492039 ');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth/mfa/verify')[0].body).toEqual({ code: '492039' });
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(user);
  });

  it('says "Invalid code" and stays; an expired step goes back to the password', async () => {
    const u = userEvent.setup();
    let answer: { status: number; body: { message: string } } = {
      status: 401,
      body: { message: Messages.invalidCode },
    };
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'POST /api/auth/login': { body: { mfaRequired: true } },
      'POST /api/auth/mfa/verify': () => answer,
    });
    renderAt('/auth?mode=login');
    await signInWithPassword(u);
    await u.type(await screen.findByLabelText('Authentication code'), '000000');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(Messages.invalidCode)).toBeInTheDocument();
    expect(screen.getByLabelText('Authentication code')).toHaveValue('');

    answer = { status: 401, body: { message: Messages.twoFactorSignInExpired } };
    await u.type(screen.getByLabelText('Authentication code'), '111111');
    await u.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByLabelText('Password')).toHaveValue('');
  });
});

describe('/security', () => {
  const off: MfaStatusResponse = { enabled: false, recoveryCodesLeft: 0, requiredForRole: false };
  const recoveryCodes = Array.from({ length: 10 }, (_, index) => `aaaa-bbbb-cccc-ddd${'abcdefghij'[index]}`);

  it('sets up: QR code and key, the first code turns it on, the recovery codes are shown once', async () => {
    const u = userEvent.setup();
    let status = off;
    const calls = mockApi({
      'GET /api/auth/session': { body: { user } },
      'GET /api/auth/mfa': () => ({ body: status }),
      'POST /api/auth/mfa/setup': {
        body: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauthUrl: 'otpauth://totp/Savings%20Platform:ada%40example.com?secret=JBSWY3DPEHPK3PXP',
        },
      },
      'POST /api/auth/mfa/enable': () => {
        status = { enabled: true, recoveryCodesLeft: 10, requiredForRole: false };
        return { body: { recoveryCodes } };
      },
    });
    renderAt('/security');
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Set up two-factor sign-in' }));
    expect(await screen.findByRole('img', { name: 'QR code for your authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');

    await u.type(screen.getByLabelText('2. Enter the code the app shows'), '12345');
    await u.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect(await screen.findByText('Enter the 6-digit code your app shows')).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth/mfa/enable')).toHaveLength(0);
    await u.type(screen.getByLabelText('2. Enter the code the app shows'), '6');
    await u.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));

    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    expect(callsTo(calls, '/api/auth/mfa/enable')[0].body).toEqual({ code: '123456' });
    await u.click(screen.getByRole('button', { name: 'I have saved my recovery codes' }));
    expect(await screen.findByText('Two-factor sign-in is on.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(screen.getByText(/Recovery codes left: 10 of 10/)).toBeInTheDocument();
  });

  it('turns off with the password and a code, and shows the server’s refusal', async () => {
    const u = userEvent.setup();
    let status: MfaStatusResponse = { enabled: true, recoveryCodesLeft: 7, requiredForRole: false };
    let answer: { status?: number; body: object } = { status: 400, body: { message: Messages.invalidCode } };
    const calls = mockApi({
      'GET /api/auth/session': { body: { user } },
      'GET /api/auth/mfa': () => ({ body: status }),
      'POST /api/auth/mfa/disable': () => answer,
    });
    renderAt('/security');
    expect(await screen.findByText(/Recovery codes left: 7 of 10/)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(Messages.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(Messages.codeRequired)).toBeInTheDocument();

    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.type(screen.getByLabelText('Authentication code or recovery code'), '000000');
    await u.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(Messages.invalidCode)).toBeInTheDocument();

    answer = { body: { message: 'Two-factor sign-in turned off' } };
    status = off;
    await u.type(screen.getByLabelText('Authentication code or recovery code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(await screen.findByText(/Two-factor sign-in is off/)).toBeInTheDocument();
    expect(callsTo(calls, '/api/auth/mfa/disable').at(-1)?.body).toEqual({ password: 'secret-123', code: '123456' });
  });

  it('tells staff whose role requires it', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: { ...user, role: 'admin', isAdmin: true } } },
      'GET /api/auth/mfa': { body: { ...off, requiredForRole: true } },
    });
    renderAt('/security');
    expect(await screen.findByText(Messages.twoFactorRequired)).toBeInTheDocument();
  });

  it('sends a signed-out visitor to /auth', async () => {
    mockApi({
      'GET /api/auth/session': { body: { user: null } },
      'GET /api/auth/mfa': { status: 401, body: { message: Messages.authenticationRequired } },
    });
    renderAt('/security');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument());
  });
});
