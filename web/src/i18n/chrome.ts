import { isLanguageLoaded, translator } from './i18n';
import type { LanguageCode } from './languages';

/**
 * The chrome's words in English, in the code: English screens (most of them) show the header without
 * loading a message file. The other languages have them under `chrome` in their message files,
 * which their pages load before they render (locales.spec checks every key is there).
 */
export const CHROME_EN = {
  home: 'Home',
  technicalOverview: 'Technical Overview',
  retirementCalculator: 'Retirement Calculator',
  blog: 'Blog',
  dashboard: 'Dashboard',
  withdrawals: 'Withdrawals',
  interestEarnings: 'Interest Earnings',
  admin: 'Admin',
  audit: 'Audit',
  signIn: 'Sign In',
  getStarted: 'Get Started',
  signOut: 'Sign Out',
  signingOut: 'Signing Out...',
  openMenu: 'Open menu',
  mainNavigation: 'Main',
  mainMenu: 'Main menu',
  skipToContent: 'Skip to content',
} as const;

export type ChromeKey = keyof typeof CHROME_EN;

/**
 * The chrome's words in `language` (English until that language's messages are in: the page being
 * shown has them loaded before it renders).
 */
export function chromeWords(language: LanguageCode): (key: ChromeKey) => string {
  if (language === 'en' || !isLanguageLoaded(language)) return (key) => CHROME_EN[key];
  const t = translator(language);
  return (key) => t(`chrome.${key}`, { defaultValue: CHROME_EN[key] });
}
