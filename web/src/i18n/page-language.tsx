import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';
import { translate } from './i18n';

/**
 * The language of the page being shown. Pages pass it down instead of switching a global language,
 * so the page being left never re-renders in the next page's language.
 */
const PageLanguage = createContext<LanguageCode>(DEFAULT_LANGUAGE);

export function PageLanguageProvider({ language, children }: { language: LanguageCode; children: ReactNode }) {
  return <PageLanguage.Provider value={language}>{children}</PageLanguage.Provider>;
}

export function usePageLanguage(): LanguageCode {
  return useContext(PageLanguage);
}

/** `t` of the page's language (its route loader has loaded the messages before the page renders). */
export function usePageTranslation() {
  const language = usePageLanguage();
  const t = useCallback((key: string) => translate(language, key), [language]);
  return { t };
}
