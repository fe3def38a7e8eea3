/**
 * The public technical overview (product.md section 2) in every language of the site: the web page
 * shows it (its chunk loads with that route only), the API renders it as a PDF in each language.
 */
import { overview as de } from './technical-overview/de';
import { overview as en } from './technical-overview/en';
import { overview as es } from './technical-overview/es';
import { overview as fr } from './technical-overview/fr';
import { overview as it } from './technical-overview/it';
import { overview as ru } from './technical-overview/ru';
import { overview as uk } from './technical-overview/uk';
import type { TechnicalOverview } from './technical-overview/technical-overview-text';

export type { TechnicalOverview, TechnicalOverviewSection } from './technical-overview/technical-overview-text';

const TEXTS: Record<TechnicalOverviewLanguage, TechnicalOverview> = { en, it, fr, de, es, ru, uk };

export const TECHNICAL_OVERVIEW_LANGUAGES = ['en', 'it', 'fr', 'de', 'es', 'ru', 'uk'] as const;
export type TechnicalOverviewLanguage = (typeof TECHNICAL_OVERVIEW_LANGUAGES)[number];

export function isTechnicalOverviewLanguage(value: string): value is TechnicalOverviewLanguage {
  return (TECHNICAL_OVERVIEW_LANGUAGES as readonly string[]).includes(value);
}

/** The overview in a language (each language's text is its own module, ./technical-overview/*.ts). */
export function technicalOverview(language: TechnicalOverviewLanguage): TechnicalOverview {
  return TEXTS[language];
}

/** Where the API serves the overview as a PDF. */
export const technicalOverviewPdfUrl = (language: TechnicalOverviewLanguage): string =>
  `/api/public/technical-overview.pdf?lang=${language}`;
