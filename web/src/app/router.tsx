import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LANDING_LOCALES } from '@savings/contracts';
import { RootLayout } from './root-layout';

/**
 * Every route of product.md section 2. Each feature's screens load on demand, so the landing page
 * ships only its own code.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', lazy: () => import('../features/public/landing-route') },
      ...LANDING_LOCALES.map((locale) => ({
        path: `/${locale}`,
        lazy: () => import('../features/public/landing-route'),
      })),
      { path: '/auth', lazy: () => import('../features/auth/auth-route') },
      { path: '/technical-overview', lazy: () => import('../features/public/technical-overview-route') },
      { path: '/retirement-calculator', lazy: () => import('../features/public/calculator-route') },
      { path: '/blog', lazy: () => import('../features/blog/blog-list-route') },
      { path: '/blog/:slug', lazy: () => import('../features/blog/blog-post-route') },
      { path: '/dashboard', lazy: () => import('../features/investor/dashboard-route') },
      { path: '/withdrawal', lazy: () => import('../features/investor/withdrawal-route') },
      { path: '/interest-history', lazy: () => import('../features/investor/interest-history-route') },
      { path: '/admin', lazy: () => import('../features/admin/admin-route') },
      { path: '*', lazy: () => import('../features/public/not-found-route') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
