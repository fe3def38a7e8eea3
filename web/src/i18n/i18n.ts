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
 * The site's one i18next instance (react-i18next's hooks use it). It starts with no messages:
 * `loadLanguage` adds a language's file before a page in that language renders. Pages ask for their
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

const loading = new Map<LanguageCode, Promise<void>>();

/**
 * Downloads the messages of `language` and adds them to i18next, once: every call for a language gets
 * the same promise (pages suspend on it until the messages are there: no untranslated flash).
 */
export function loadLanguage(language: LanguageCode): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    promise = loaders[language]().then(
      ({ default: messages }) => {
        i18n.addResourceBundle(language, NAMESPACE, messages);
      },
      (error: unknown) => {
        loading.delete(language); // a later visit tries again
        throw error;
      },
    );
    loading.set(language, promise);
  }
  return promise;
}

/** Whether the messages of `language` are in i18next already. */
export function isLanguageLoaded(language: LanguageCode): boolean {
  return i18n.hasResourceBundle(language, NAMESPACE);
}
