import { useLocation } from 'react-router-dom';
import { languageOfPath } from '../../i18n/languages';
import { PageLanguageProvider } from '../../i18n/page-language';
import { LandingPage } from './components/landing-page';

/** A landing page's language comes from its path ("/it", "/ua"; English at "/"). */
export function Component() {
  const language = languageOfPath(useLocation().pathname);
  return (
    <PageLanguageProvider language={language}>
      <LandingPage />
    </PageLanguageProvider>
  );
}
