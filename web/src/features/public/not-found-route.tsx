import { Button, Container, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from 'react-router-dom';
import { useDocumentHead } from '../../components/use-document-head';
import { PageLanguageProvider, usePageTranslation } from '../../i18n/page-language';
import { SITE } from '../../i18n/site';

function NotFoundPage() {
  const { t } = usePageTranslation();
  const navigate = useNavigate();
  // the server already sends noindex with the 404; this covers in-app navigation to an unknown path
  useDocumentHead({ title: `${t('notFound.title')} — ${t('hero.brand')}`, robots: 'noindex', lang: 'it' });
  // react-router keeps the position in its history entry: with nothing to go back to, go home
  const goBack = () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    void (index > 0 ? navigate(-1) : navigate('/'));
  };
  const links = [
    { to: '/', label: t('notFound.home') },
    { to: '/auth?mode=login', label: t('notFound.login') },
    { to: '/technical-overview', label: t('notFound.overview') },
    { to: '/auth?mode=register', label: t('notFound.register') },
  ];
  return (
    <Container maxW="2xl" py={{ base: '12', md: '20' }} lang="it">
      <Stack gap="6" textAlign="center" align="center">
        <Text fontSize="6xl" fontWeight="bold" color="blue.700" lineHeight="1" aria-hidden="true">
          404
        </Text>
        <Heading as="h1" size="3xl">
          {t('notFound.title')}
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          {t('notFound.text')}
        </Text>
        <SimpleGrid as="nav" columns={{ base: 1, sm: 2 }} gap="3" width="full" aria-label={t('notFound.title')}>
          {links.map((link) => (
            <Button key={link.to} asChild variant="outline" colorPalette="blue">
              <Link to={link.to}>{link.label}</Link>
            </Button>
          ))}
        </SimpleGrid>
        <Text>
          {t('notFound.contact')}{' '}
          <ChakraLink href={`mailto:${SITE.email}`} color="blue.800" fontWeight="medium">
            {SITE.email}
          </ChakraLink>
        </Text>
        <Button variant="ghost" onClick={goBack}>
          ← {t('notFound.back')}
        </Button>
      </Stack>
    </Container>
  );
}

export function Component() {
  return (
    <PageLanguageProvider language="it">
      <NotFoundPage />
    </PageLanguageProvider>
  );
}
