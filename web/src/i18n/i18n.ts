import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type LanguageCode } from './languages';
import type messagesEn from './locales/en.json';

type Messages = typeof messagesEn;

/**
 * One message file per language, each its own chunk: a visitor downloads only the language shown.
 * All text of the localized pages lives in these files, so it can change without touching a component.
 */
const loaders: Record<LanguageCode, () => Promise<{ default: Messages }>> = {
  en: () => import('./locales/en.json'),
  it: () => import('./locales/it.json'),
  fr: () => import('./locales/fr.json'),
  de: () => import('./locales/de.json'),
  es: () => import('./locales/es.json'),
  ru: () => import('./locales/ru.json'),
  uk: () => import('./locales/uk.json'),
};

const NAMESPACE = 'translation';

/**
 * The site's one i18next instance (react-i18next's hooks use it). It starts with no messages: the
 * route loaders add a language's file with `loadLanguage` before its page renders. Pages ask for their
 * own language (usePageTranslation) instead of switching the instance's, so `lng` here is only a default.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  supportedLngs: LANGUAGES.map((language) => language.code),
  fallbackLng: false,
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  resources: {},
  // no backend: the messages arrive through addResourceBundle, so init has nothing to wait for
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
  returnNull: false,
});

/** Resolves once the messages of `language` are in i18next (route loaders await it: no untranslated flash). */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  if (i18n.hasResourceBundle(language, NAMESPACE)) return;
  const { default: messages } = await loaders[language]();
  i18n.addResourceBundle(language, NAMESPACE, messages);
}
