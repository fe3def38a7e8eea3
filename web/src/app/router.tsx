import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { LANDING_LOCALES } from '@savings/contracts';
import { Component as LandingRoute } from '../features/public/landing-route';
import { calculatorLoader, landingLoader, notFoundLoader } from '../features/public/page-language-loaders';
import { loadQueryClient } from '../lib/deferred-query-client';
import { RootLayout } from './root-layout';

/** A screen that fetches data: its code and the query client (loaded after the first page) arrive together. */
function withQueryClient<Module>(load: () => Promise<Module>): () => Promise<Module> {
  return async () => (await Promise.all([load(), loadQueryClient()]))[0];
}

/**
 * Every route of product.md section 2. The landing page, where most visits start, is part of the first
 * download: its code arrives with the app's instead of one round trip later. Every other screen loads
 * on demand. The pages in several languages have their (small) loaders here, so the router fetches a
 * page's message file together with its code instead of after it.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', loader: landingLoader, Component: LandingRoute },
      ...LANDING_LOCALES.map((locale) => ({ path: `/${locale}`, loader: landingLoader, Component: LandingRoute })),
      { path: '/auth', lazy: withQueryClient(() => import('../features/auth/auth-route')) },
      { path: '/technical-overview', lazy: () => import('../features/public/technical-overview-route') },
      {
        path: '/retirement-calculator',
        loader: calculatorLoader,
        lazy: () => import('../features/public/calculator-route'),
      },
      { path: '/blog', lazy: withQueryClient(() => import('../features/blog/blog-list-route')) },
      { path: '/blog/:slug', lazy: withQueryClient(() => import('../features/blog/blog-post-route')) },
      { path: '/dashboard', lazy: withQueryClient(() => import('../features/investor/dashboard-route')) },
      { path: '/withdrawal', lazy: withQueryClient(() => import('../features/investor/withdrawal-route')) },
      { path: '/interest-history', lazy: withQueryClient(() => import('../features/investor/interest-history-route')) },
      { path: '/admin', lazy: withQueryClient(() => import('../features/admin/admin-route')) },
      { path: '*', loader: notFoundLoader, lazy: () => import('../features/public/not-found-route') },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
