/**
 * What each signed-in screen asks the API for as it opens, by route path (app/router.tsx), exactly as
 * its queries ask it: requested as the app starts when the screen is the first one (lib/early-requests.ts),
 * so the answers travel while the screen's code downloads. first-requests.spec.tsx checks each screen
 * still asks for these. The session probe is the header's (and the back office's gate).
 */
const SESSION = '/api/auth/session';

export const FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/dashboard': [SESSION, '/api/user/dashboard', '/api/user/admin-transactions', '/api/user/deposit-requests'],
  '/withdrawal': [SESSION, '/api/auth/me', '/api/user/withdrawals'],
  '/interest-history': [SESSION, '/api/user/interest-payments'],
  '/admin': [
    SESSION,
    '/api/admin/users?limit=50&offset=0&sort=id&order=asc',
    '/api/admin/approvals?status=pending',
    '/api/admin/withdrawals?limit=10&offset=0&status=pending',
    '/api/admin/deposit-requests?limit=10&offset=0&status=pending',
    '/api/admin/transactions?limit=50&offset=0&kind=all',
    '/api/admin/notifications',
  ],
};
