import { useLoaderData, type LoaderFunctionArgs } from 'react-router-dom';
import { loadLanguage } from '../../i18n/i18n';
import { languageOfPath, type LanguageCode } from '../../i18n/languages';
import { PageLanguageProvider } from '../../i18n/page-language';
import { LandingPage } from './components/landing-page';

/** The page's messages load before it renders, so no untranslated text ever flashes. */
export async function loader({ request }: LoaderFunctionArgs): Promise<LanguageCode> {
  const language = languageOfPath(new URL(request.url).pathname);
  await loadLanguage(language);
  return language;
}

export function Component() {
  const language = useLoaderData<typeof loader>();
  return (
    <PageLanguageProvider language={language}>
      <LandingPage />
    </PageLanguageProvider>
  );
}
