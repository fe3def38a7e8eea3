import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isKnownWebPath } from '@savings/contracts';
import { languageOfParam, languageOfPath, type LanguageCode } from './languages';
import type messagesEn from './locales/en.json';

export type Messages = typeof messagesEn;

/**
 * One message file per language, each its own chunk: a visitor downloads only the language shown.
 * All marketing text lives in these files, so it can change without touching a component.
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

const lazyMessages: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language: string, _namespace: string, callback: ReadCallback) {
    const load = loaders[language as LanguageCode];
    if (!load) {
      callback(new Error(`No messages for language ${language}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/**
 * The language the first page shown needs, so i18next starts by loading that file and no other: a
 * landing page's own, the calculator's ?lang, Italian for the 404 page, else English.
 */
function firstPageLanguage(): LanguageCode {
  const { pathname, search } = window.location;
  if (!isKnownWebPath(pathname)) return 'it';
  if (pathname.startsWith('/retirement-calculator')) return languageOfParam(new URLSearchParams(search).get('lang'));
  return languageOfPath(pathname);
}

export const i18n = i18next.createInstance();

const ready = i18n
  .use(lazyMessages)
  .use(initReactI18next)
  .init({
    lng: firstPageLanguage(),
    fallbackLng: false,
    supportedLngs: Object.keys(loaders),
    ns: ['translation'],
    defaultNS: 'translation',
    load: 'currentOnly',
    partialBundledLanguages: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    returnNull: false,
  });

/** Resolves once the messages of `language` are loaded (route loaders await it: no untranslated flash). */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  await ready;
  await i18n.loadLanguages(language);
}
