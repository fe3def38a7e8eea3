import { createContext, use, useContext, useMemo, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';
import { isLanguageLoaded, loadLanguage, translator, type Translate } from './i18n';

/**
 * The language of the page being shown. Pages pass it down instead of switching one global
 * language, so the page being left never re-renders in the next page's language.
 */
const PageLanguage = createContext<LanguageCode>(DEFAULT_LANGUAGE);

/**
 * A page in `language`. It suspends until the language's messages are loaded: on a navigation the
 * router's transition keeps the previous page on screen meanwhile, so no untranslated text ever shows.
 */
export function PageLanguageProvider({ language, children }: { language: LanguageCode; children: ReactNode }) {
  if (!isLanguageLoaded(language)) use(loadLanguage(language));
  return <PageLanguage.Provider value={language}>{children}</PageLanguage.Provider>;
}

export function usePageLanguage(): LanguageCode {
  return useContext(PageLanguage);
}

/** The messages in the page's language (PageLanguageProvider has them loaded before the page renders). */
export function usePageTranslation(): { t: Translate } {
  const language = usePageLanguage();
  return useMemo(() => ({ t: translator(language) }), [language]);
}
