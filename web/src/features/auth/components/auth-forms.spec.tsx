import { mockApi, type FetchCall } from '../../../lib/test-utils';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicUser } from '@savings/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../lib/query-client';
import { currentUserQuery } from '../../../lib/session';
import { Component as AuthRoute } from '../auth-route';

// user-event typing on a shared 2-core machine can take a few seconds
jest.setTimeout(20000);

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

/** The calls a form made (the screen also asks who is signed in). */
const formCalls = (calls: FetchCall[]) => calls.filter((call) => call.url !== '/api/auth/session');

function renderAuth(path: string) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<AuthRoute />} />
          <Route path="/dashboard" element={<p>Dashboard page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return queryClient;
}

describe('/auth', () => {
  it('opens sign-in for mode=login, any other mode, or none; register only for mode=register', () => {
    mockApi({});
    renderAuth('/auth?mode=whatever');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username or Email')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create one' })).toHaveAttribute('href', '/auth?mode=register');
  });

  it('says which sign-in field is missing', async () => {
    const u = userEvent.setup();
    const calls = mockApi({});
    renderAuth('/auth?mode=login');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username or email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await u.type(screen.getByLabelText('Username or Email'), 'ada');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(screen.queryByText('Username or email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(formCalls(calls)).toHaveLength(0);
  });

  it('shows "Sign in failed" with the server sentence', async () => {
    const u = userEvent.setup();
    mockApi({ 'POST /api/auth/login': { status: 401, body: { message: 'Invalid credentials' } } });
    renderAuth('/auth');
    await u.type(screen.getByLabelText('Username or Email'), 'ada');
    await u.type(screen.getByLabelText('Password'), 'wrong-password');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Sign in failed')).toBeInTheDocument();
    expect(screen.getByText('Invalid credentials')).toBeInTheDocument();
  });

  it('signs in with a username, stores the user and goes to the dashboard', async () => {
    const u = userEvent.setup();
    const calls = mockApi({ 'POST /api/auth/login': { body: { user } } });
    const queryClient = renderAuth('/auth?mode=login');
    await u.type(screen.getByLabelText('Username or Email'), ' Ada Lovelace ');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(formCalls(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/auth/login',
      body: { email: 'Ada Lovelace', password: 'secret-123' },
    });
    expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(user);
  });

  it('asks for all registration fields with one toast', async () => {
    const u = userEvent.setup();
    const calls = mockApi({});
    renderAuth('/auth?mode=register');
    await u.type(screen.getByLabelText('Full name'), 'Ada');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    expect(formCalls(calls)).toHaveLength(0);
  });

  it('shows "Registration failed" with the server sentence', async () => {
    const u = userEvent.setup();
    mockApi({
      'POST /api/auth/register': { status: 409, body: { message: 'An account with this email already exists' } },
    });
    renderAuth('/auth?mode=register');
    await u.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration failed')).toBeInTheDocument();
    expect(screen.getByText('An account with this email already exists')).toBeInTheDocument();
  });

  it('registers, welcomes the user and goes to the dashboard', async () => {
    const u = userEvent.setup();
    const calls = mockApi({ 'POST /api/auth/register': { status: 201, body: { user } } });
    const queryClient = renderAuth('/auth?mode=register');
    await u.type(screen.getByLabelText('Full name'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(await screen.findByText('Account created!')).toBeInTheDocument();
    expect(screen.getByText(/Welcome, Ada Lovelace!/)).toBeInTheDocument();
    expect(formCalls(calls)[0].body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret-123',
    });
    await waitFor(() => expect(queryClient.getQueryData(currentUserQuery.queryKey)).toEqual(user));
  });

  it('asks a business for its legal name, registration number and country, naming each field at fault', async () => {
    const u = userEvent.setup();
    const calls = mockApi({});
    renderAuth('/auth?mode=register');
    expect(screen.queryByLabelText('Legal name')).not.toBeInTheDocument();
    await u.click(screen.getByText('Business'));
    await u.type(screen.getByLabelText('Your full name (representative)'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.type(screen.getByLabelText('Registration number'), 'HRB 1,2');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findAllByText('Legal name is required for a company or foundation')).not.toHaveLength(0);
    expect(screen.getByText(/Registration number must be 1 to 40 letters/)).toBeInTheDocument();
    expect(screen.getByText('Country is required for a company or foundation')).toBeInTheDocument();
    expect(formCalls(calls)).toHaveLength(0);
  });

  it('registers a foundation with a country found by typing part of its name', async () => {
    const u = userEvent.setup();
    const foundation = { ...user, holderType: 'foundation', legalName: 'Fondation Étoile', country: 'FR' } as const;
    const calls = mockApi({ 'POST /api/auth/register': { status: 201, body: { user: foundation } } });
    renderAuth('/auth?mode=register&lang=fr');
    await u.click(screen.getByText('Business'));
    await u.selectOptions(screen.getByLabelText('Type of business'), 'foundation');
    await u.type(screen.getByLabelText('Legal name'), 'Fondation Étoile');
    await u.type(screen.getByLabelText('Registration number'), 'W751234567');
    // the names are in the page's language (?lang=fr), found without their accents
    const country = screen.getByRole('combobox', { name: 'Country of registration' });
    await u.click(country);
    await u.paste('etats-u');
    await u.click(await screen.findByRole('option', { name: 'États-Unis' }));
    await u.type(screen.getByLabelText('Your full name (representative)'), 'Ada Lovelace');
    await u.type(screen.getByLabelText('Email'), 'ada@example.com');
    await u.type(screen.getByLabelText('Password'), 'secret-123');
    await u.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(await screen.findByText(/Welcome, Fondation Étoile \(Ada Lovelace\)!/)).toBeInTheDocument();
    expect(formCalls(calls)[0].body).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'secret-123',
      holderType: 'foundation',
      legalName: 'Fondation Étoile',
      registrationNumber: 'W751234567',
      country: 'US',
    });
  });

  it('sends a signed-in visitor to the dashboard instead of "Create your account"', async () => {
    mockApi({ 'GET /api/auth/session': { body: { user } } });
    renderAuth('/auth?mode=register');
    expect(await screen.findByText('Dashboard page')).toBeInTheDocument();
    expect(screen.queryByText('Create your account')).not.toBeInTheDocument();
  });

  it('titles the page by its mode', () => {
    mockApi({ 'GET /api/auth/session': { body: { user: null } } });
    renderAuth('/auth?mode=register');
    expect(document.title).toBe('Create Account — Savings Platform');
  });
});
