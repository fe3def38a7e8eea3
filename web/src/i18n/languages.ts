import { isKnownWebPath, WebRoutes } from '@savings/contracts';

/**
 * The languages of the public site. `path` is the landing page, `code` the i18next and html lang code
 * (Ukrainian is `uk`, served at /ua), `label` the language's own name for the language links, `locale`
 * how its pages write numbers and amounts (Intl.NumberFormat: "$857,143" in English, "857.143 $" in Italian).
 */
export const LANGUAGES = [
  { code: 'en', path: '/', label: 'English', locale: 'en-US' },
  { code: 'it', path: '/it', label: 'Italiano', locale: 'it-IT' },
  { code: 'fr', path: '/fr', label: 'Français', locale: 'fr-FR' },
  { code: 'de', path: '/de', label: 'Deutsch', locale: 'de-DE' },
  { code: 'es', path: '/es', label: 'Español', locale: 'es-ES' },
  { code: 'ru', path: '/ru', label: 'Русский', locale: 'ru-RU' },
  { code: 'uk', path: '/ua', label: 'Українська', locale: 'uk-UA' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const DEFAULT_LANGUAGE: LanguageCode = 'en';

/** The language of a landing page path ("/it" -> "it", "/ua" -> "uk"); English for anything else. */
export function languageOfPath(pathname: string): LanguageCode {
  const clean = pathname.replace(/\/+$/, '') || '/';
  return LANGUAGES.find((language) => language.path === clean)?.code ?? DEFAULT_LANGUAGE;
}

/** A language code from a query value ("it", "ua" or "uk"); English when unknown. */
export function languageOfParam(value: string | null): LanguageCode {
  if (!value) return DEFAULT_LANGUAGE;
  const lower = value.toLowerCase();
  return (
    LANGUAGES.find((language) => language.code === lower || language.path === `/${lower}`)?.code ?? DEFAULT_LANGUAGE
  );
}

/** ?lang=it (or ua, fr...) shows the retirement calculator in that language; English otherwise. */
export function calculatorLanguage(search: URLSearchParams): LanguageCode {
  return languageOfParam(search.get('lang'));
}

/** The language's entry in LANGUAGES. */
export function languageInfo(code: LanguageCode): (typeof LANGUAGES)[number] {
  return LANGUAGES.find((language) => language.code === code) ?? LANGUAGES[0];
}

/**
 * The language of a page's chrome (header, menu, skip link): a landing page's, the calculator's
 * ?lang, Italian on the 404 page (any unknown path), English on every other screen. Known from the
 * location alone, so the prerendered header and the browser's first render agree.
 */
export function chromeLanguage(pathname: string, search: string): LanguageCode {
  const clean = pathname.replace(/\/+$/, '') || '/';
  if (clean === WebRoutes.retirementCalculator) return calculatorLanguage(new URLSearchParams(search));
  if (!isKnownWebPath(clean)) return 'it';
  return languageOfPath(clean);
}
