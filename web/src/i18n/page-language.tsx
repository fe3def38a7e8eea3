import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, type LanguageCode } from './languages';

/**
 * The language of the page being shown. Pages pass it down instead of switching i18next's global
 * language, so the page being left never re-renders in the next page's language.
 */
const PageLanguage = createContext<LanguageCode>(DEFAULT_LANGUAGE);

export function PageLanguageProvider({ language, children }: { language: LanguageCode; children: ReactNode }) {
  return <PageLanguage.Provider value={language}>{children}</PageLanguage.Provider>;
}

export function usePageLanguage(): LanguageCode {
  return useContext(PageLanguage);
}

/** i18next's `t` in the page's language (its route loader has added the messages before the page renders). */
export function usePageTranslation() {
  return useTranslation('translation', { lng: usePageLanguage() });
}
