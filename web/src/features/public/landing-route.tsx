import { useLoaderData } from 'react-router-dom';
import { PageLanguageProvider } from '../../i18n/page-language';
import { LandingPage } from './components/landing-page';
import type { landingLoader } from './page-language-loaders';

export function Component() {
  const language = useLoaderData<typeof landingLoader>();
  return (
    <PageLanguageProvider language={language}>
      <LandingPage />
    </PageLanguageProvider>
  );
}
