import { lazy, type ComponentType } from 'react';
import { matchRoutes, Route, Routes, useLocation, type Location } from 'react-router-dom';
import { LANDING_LOCALES } from '@savings/contracts';
import { Component as LandingRoute } from '../features/public/landing-route';
import { loadLanguage } from '../i18n/i18n';
import { calculatorLanguage, languageOfPath, type LanguageCode } from '../i18n/languages';
import { loadQueryClient } from '../lib/deferred-query-client';
import { requestEarly } from '../lib/early-requests';
import { FIRST_REQUESTS } from './first-requests';
import { RootLayout } from './root-layout';

interface Screen {
  Component: ComponentType;
  /** Starts the downloads the screen needs at the current location: its code and its messages or data layer. */
  start: () => Promise<unknown>;
}

/**
 * A screen whose code loads on its first visit, together with what it needs besides (`alongside`) and
 * the design system's recipes the first page does not use (app/screen-recipes.ts).
 */
function onDemand(load: () => Promise<{ Component: ComponentType }>, alongside: () => Promise<unknown>): Screen {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const start = () =>
    (loading ??= Promise.all([load(), alongside(), import('./screen-recipes')]).then(([module]) => ({
      default: module.Component,
    })));
  return { Component: lazy(start), start };
}

const noMore = () => Promise.resolve();

/**
 * The landing page, where most visits start, is part of the first download: its code arrives with the
 * app's instead of one round trip later; only its messages load (before it renders, see
 * PageLanguageProvider). Every other screen loads on demand: a data screen together with the query
 * client (loaded after the first page), a localized one together with its messages, so neither waits
 * for its code before asking for the rest.
 */
const landing: Screen = {
  Component: LandingRoute,
  start: () => loadLanguage(languageOfPath(window.location.pathname)),
};

/** Every route of product.md section 2. */
const SCREENS: { path: string; screen: Screen }[] = [
  { path: '/', screen: landing },
  ...LANDING_LOCALES.map((locale) => ({ path: `/${locale}`, screen: landing })),
  { path: '/auth', screen: onDemand(() => import('../features/auth/auth-route'), loadQueryClient) },
  {
    path: '/reset-password',
    screen: onDemand(() => import('../features/auth/reset-password-route'), loadQueryClient),
  },
  {
    path: '/technical-overview',
    screen: onDemand(() => import('../features/public/technical-overview-route'), noMore),
  },
  {
    path: '/retirement-calculator',
    screen: onDemand(
      () => import('../features/public/calculator-route'),
      () => loadLanguage(calculatorLanguage(new URLSearchParams(window.location.search))),
    ),
  },
  {
    path: '/proof-of-liabilities',
    screen: onDemand(() => import('../features/public/proof-roots-route'), loadQueryClient),
  },
  { path: '/blog', screen: onDemand(() => import('../features/blog/blog-list-route'), loadQueryClient) },
  { path: '/blog/:slug', screen: onDemand(() => import('../features/blog/blog-post-route'), loadQueryClient) },
  { path: '/dashboard', screen: onDemand(() => import('../features/investor/dashboard-route'), loadQueryClient) },
  { path: '/withdrawal', screen: onDemand(() => import('../features/investor/withdrawal-route'), loadQueryClient) },
  {
    path: '/interest-history',
    screen: onDemand(() => import('../features/investor/interest-history-route'), loadQueryClient),
  },
  {
    path: '/statements',
    screen: onDemand(() => import('../features/investor/statements-route'), loadQueryClient),
  },
  { path: '/security', screen: onDemand(() => import('../features/auth/security-route'), loadQueryClient) },
  { path: '/admin', screen: onDemand(() => import('../features/admin/admin-route'), loadQueryClient) },
  { path: '/audit', screen: onDemand(() => import('../features/audit/audit-route'), loadQueryClient) },
  // the 404 page is Italian (product.md section 2)
  {
    path: '*',
    screen: onDemand(
      () => import('../features/public/not-found-route'),
      () => loadLanguage('it'),
    ),
  },
];

/**
 * The language of the header around a page: a landing page's, the calculator's ?lang, Italian on the
 * 404 page, English elsewhere. Known from the location alone, so a prerendered header and the
 * browser's first render agree.
 */
function chromeLanguage(location: Location): LanguageCode {
  if (matchRoutes(SCREENS, location)?.at(-1)?.route.path === '*') return 'it';
  return location.pathname === '/retirement-calculator'
    ? calculatorLanguage(new URLSearchParams(location.search))
    : languageOfPath(location.pathname);
}

/**
 * Starts the first screen's downloads (code, messages, and its data from the API) at once, before the
 * first render, and resolves when its code and messages are in (or failed: the screen then shows the
 * error as it renders).
 */
export function startFirstScreen(): Promise<unknown> {
  const route = matchRoutes(SCREENS, window.location)?.at(-1)?.route;
  if (!route) return Promise.resolve();
  requestEarly(FIRST_REQUESTS[route.path] ?? []);
  return route.screen.start().catch(() => undefined);
}

/**
 * The app's routes (react-router's declarative mode: the data router's loaders and fetchers would
 * be ~16 KB gzipped more in the first download, for nothing the screens use). A navigation is a React
 * transition: while the next screen's code or messages load, the current one stays on screen.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout language={chromeLanguage(useLocation())} />}>
        {SCREENS.map(({ path, screen: { Component } }) => (
          <Route key={path} path={path} element={<Component />} />
        ))}
      </Route>
    </Routes>
  );
}
