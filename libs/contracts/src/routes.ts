/** Client-side routes. The server answers these with the web app and HTTP 200; any other path gets the 404 page with 404. */
export const LANDING_LOCALES = ['it', 'fr', 'de', 'es', 'ru', 'ua'] as const;
export type LandingLocale = (typeof LANDING_LOCALES)[number];

export const WebRoutes = {
  home: '/',
  auth: '/auth',
  dashboard: '/dashboard',
  withdrawal: '/withdrawal',
  interestHistory: '/interest-history',
  statements: '/statements',
  security: '/security',
  audit: '/audit',
  admin: '/admin',
  technicalOverview: '/technical-overview',
  proofOfLiabilities: '/proof-of-liabilities',
  blog: '/blog',
  retirementCalculator: '/retirement-calculator',
} as const;

export function isKnownWebPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if ((Object.values(WebRoutes) as string[]).includes(clean)) return true;
  if ((LANDING_LOCALES as readonly string[]).includes(clean.slice(1))) return true;
  return /^\/blog\/[^/]+$/.test(clean);
}

/**
 * Where the web build keeps a landing page prerendered (`/` -> prerendered/index.html, `/it` ->
 * prerendered/it.html), or null for any other path: the web build writes them, the API serves them.
 */
export function prerenderedPageFile(path: string): string | null {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === WebRoutes.home) return 'prerendered/index.html';
  const locale = clean.slice(1);
  return (LANDING_LOCALES as readonly string[]).includes(locale) ? `prerendered/${locale}.html` : null;
}
