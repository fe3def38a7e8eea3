import type { LanguageCode } from './languages';
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

/**
 * The messages loaded so far. The texts are plain nested keys (no interpolation, no plurals), so a
 * lookup is all a page needs: no i18n library in the landing page's first download (i18next was
 * ~19 KB gzipped of it).
 */
const loaded = new Map<LanguageCode, Messages>();

/** Resolves once the messages of `language` are loaded (route loaders await it: no untranslated flash). */
export async function loadLanguage(language: LanguageCode): Promise<void> {
  if (loaded.has(language)) return;
  const module = await loaders[language]();
  loaded.set(language, module.default);
}

type MessageTree = { [key: string]: string | MessageTree };

/** The text at a dotted key ("hero.headline") in `language`; the key itself when missing or not loaded. */
export function translate(language: LanguageCode, key: string): string {
  let node: string | MessageTree | undefined = loaded.get(language);
  for (const part of key.split('.')) {
    node = typeof node === 'object' ? node[part] : undefined;
  }
  return typeof node === 'string' ? node : key;
}
