import type { LoaderFunctionArgs } from 'react-router-dom';
import { loadLanguage } from '../../i18n/i18n';
import { languageOfParam, languageOfPath, type LanguageCode } from '../../i18n/languages';

/**
 * Loaders of the pages shown in one of the site's languages: each loads its messages before the page
 * renders, so no untranslated text ever flashes. They live outside the pages' lazy modules so the
 * router starts the message file's download together with the page's code, not after it.
 */

/** A landing page's language comes from its path ("/it", "/ua"; English at "/"). */
export async function landingLoader({ request }: LoaderFunctionArgs): Promise<LanguageCode> {
  const language = languageOfPath(new URL(request.url).pathname);
  await loadLanguage(language);
  return language;
}

/** ?lang=it (or ua, fr...) shows the calculator in that language; English otherwise. */
export async function calculatorLoader({ request }: LoaderFunctionArgs): Promise<LanguageCode> {
  const language = languageOfParam(new URL(request.url).searchParams.get('lang'));
  await loadLanguage(language);
  return language;
}

/** The 404 page is Italian (product.md section 2). */
export async function notFoundLoader(): Promise<null> {
  await loadLanguage('it');
  return null;
}
