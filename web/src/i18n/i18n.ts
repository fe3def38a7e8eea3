import type { LanguageCode } from './languages';
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

/** The messages of each language loaded so far. */
const loaded = new Map<LanguageCode, Messages>();

/** A message by its dotted key ("calculator.label"); `defaultValue`, else the key, when it is missing. */
export type Translate = (key: string, options?: { defaultValue?: string }) => string;

/**
 * The messages of `language` as a function of their keys. The messages are plain sentences (no
 * interpolation, no plurals), so this is all a translation library did here, at ~18 KB gzipped in
 * every page's first download. A missing message shows its key, as i18next did.
 */
export function translator(language: LanguageCode): Translate {
  const messages = loaded.get(language);
  return (key, options) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : (options?.defaultValue ?? key);
  };
}

const loading = new Map<LanguageCode, Promise<void>>();

/**
 * Downloads the messages of `language`, once: every call for a language gets the same promise (pages
 * suspend on it until the messages are there: no untranslated flash).
 */
export function loadLanguage(language: LanguageCode): Promise<void> {
  let promise = loading.get(language);
  if (!promise) {
    promise = loaders[language]().then(
      ({ default: messages }) => {
        loaded.set(language, messages);
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

/** Whether the messages of `language` are loaded already. */
export function isLanguageLoaded(language: LanguageCode): boolean {
  return loaded.has(language);
}
