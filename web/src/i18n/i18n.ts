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

/**
 * A message by its dotted key ("calculator.label"). As with i18next: `{{name}}` in a message takes
 * `options.name`; with `options.count` the key's plural form for the language is used when the file
 * has one ("items_one", "items_few", "items_other": Intl.PluralRules' categories); a missing message
 * shows `defaultValue`, else its key.
 */
export type Translate = (
  key: string,
  options?: { defaultValue?: string; count?: number; [name: string]: unknown },
) => string;

/** `messages` (a language's file) as a Translate in `language`; exported for its tests. */
export function messageLookup(messages: unknown, language: string): Translate {
  const plural = new Intl.PluralRules(language);
  const find = (key: string) => {
    let node = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    return typeof node === 'string' ? node : undefined;
  };
  return (key, options = {}) => {
    const { count, defaultValue } = options;
    const message = (count === undefined ? undefined : find(`${key}_${plural.select(count)}`)) ?? find(key);
    if (message === undefined) return defaultValue ?? key;
    return message.replace(/{{\s*(\w+)\s*}}/g, (placeholder, name: string) =>
      name in options ? String(options[name]) : placeholder,
    );
  };
}

/**
 * The messages of `language` as a function of their keys (English keys until its file is loaded). This
 * is all the translation library did here, at ~17 KB gzipped in every page's first download (ADR 0012).
 */
export function translator(language: LanguageCode): Translate {
  return messageLookup(loaded.get(language), language);
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
