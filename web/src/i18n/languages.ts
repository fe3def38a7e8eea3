/**
 * The languages of the public site. `path` is the landing page, `code` the messages' and html lang code
 * (Ukrainian is `uk`, served at /ua; also the locale of its numbers, Intl.NumberFormat: "$857,143" in
 * English, "857.143 $" in Italian), `label` the language's own name for the language links.
 */
export const LANGUAGES = [
  { code: 'en', path: '/', label: 'English' },
  { code: 'it', path: '/it', label: 'Italiano' },
  { code: 'fr', path: '/fr', label: 'Français' },
  { code: 'de', path: '/de', label: 'Deutsch' },
  { code: 'es', path: '/es', label: 'Español' },
  { code: 'ru', path: '/ru', label: 'Русский' },
  { code: 'uk', path: '/ua', label: 'Українська' },
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
