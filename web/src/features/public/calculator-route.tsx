import { Box, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { useDocumentHead } from '../../components/use-document-head';
import { calculatorLanguage } from '../../i18n/languages';
import { PageLanguageProvider, usePageLanguage, usePageTranslation } from '../../i18n/page-language';
import { LanguageLinks } from './components/language-links';
import { RetirementCalculator } from './components/retirement-calculator';
import { SiteFooter } from './components/site-footer';

function CalculatorPage() {
  const { t } = usePageTranslation();
  const language = usePageLanguage();
  useDocumentHead({
    title: `${t('calculator.pageTitle')} — ${t('hero.brand')}`,
    description: t('calculator.subtitle'),
    lang: language,
  });
  return (
    <Box lang={language}>
      <Box bg="gray.50" borderBottomWidth="1px" py="2" px="4">
        <LanguageLinks
          current={language}
          label={t('languages.label')}
          hrefOf={(target) =>
            target.code === 'en' ? '/retirement-calculator' : `/retirement-calculator?lang=${target.path.slice(1)}`
          }
        />
      </Box>
      <Container maxW="3xl" py={{ base: '10', md: '16' }}>
        <Stack gap="2" mb="8">
          <Heading as="h1" size={{ base: '2xl', md: '4xl' }}>
            {t('calculator.pageTitle')}
          </Heading>
          <Text fontSize="lg" fontWeight="medium">
            {t('calculator.title')}
          </Text>
          <Text color="fg.muted">{t('calculator.subtitle')}</Text>
        </Stack>
        <RetirementCalculator />
      </Container>
      <SiteFooter dark={language === 'en'} />
    </Box>
  );
}

export function Component() {
  const language = calculatorLanguage(useSearchParams()[0]);
  return (
    <PageLanguageProvider language={language}>
      <CalculatorPage />
    </PageLanguageProvider>
  );
}
