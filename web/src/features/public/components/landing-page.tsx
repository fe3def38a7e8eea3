import {
  Box,
  Button,
  Card,
  Circle,
  Container,
  Heading,
  HStack,
  Link as ChakraLink,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { usePageLanguage, usePageTranslation } from '../../../i18n/page-language';
import { LanguageLinks } from './language-links';
import { RetirementCalculator } from './retirement-calculator';
import { SiteFooter } from './site-footer';
import { useDocumentHead } from '../../../components/use-document-head';

const BENEFITS = [
  { key: 'interest', mark: '7%' },
  { key: 'insurance', mark: '$' },
  { key: 'flexibility', mark: '⇄' },
  { key: 'minimum', mark: '1K' },
  { key: 'protection', mark: '§' },
] as const;

const STEPS = ['register', 'transfer', 'start', 'earn'] as const;

/**
 * The sections below the hero: the browser lays them out and paints them only when they come near the
 * screen (content-visibility), so the first paint of a phone's screen does not wait for the whole
 * page. Their text stays in the page for search, find-in-page and screen readers; `auto` keeps the
 * real height once drawn, the figure is a guess until then.
 */
const BELOW_THE_FOLD = { contentVisibility: 'auto', containIntrinsicSize: 'auto 900px' } as const;

function Logo() {
  return (
    <svg width="44" height="44" viewBox="0 0 44 44" aria-hidden="true" focusable="false">
      <rect width="44" height="44" rx="10" fill="#1e40af" />
      <path
        d="M12 28c3 3 7 4 10 4 6 0 10-3 10-7 0-9-19-5-19-12 0-3 3-5 8-5 3 0 6 1 8 3"
        stroke="#fff"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** A localized home page (product.md section 2): hero, five benefits, four steps, calculator, footer. */
export function LandingPage() {
  const { t } = usePageTranslation();
  const language = usePageLanguage();
  useDocumentHead({
    title: t('meta.title'),
    description: t('meta.description'),
    lang: language,
    social: {
      'og:title': t('meta.title'),
      'og:description': t('meta.description'),
      'og:type': 'website',
      'twitter:card': 'summary',
    },
  });

  return (
    <Box lang={language}>
      <Box bg="gray.50" borderBottomWidth="1px" py="2" px="4">
        <LanguageLinks current={language} label={t('languages.label')} hrefOf={(target) => target.path} />
      </Box>

      <Box as="section" bgGradient="to-b" gradientFrom="blue.50" gradientTo="bg" py={{ base: '12', md: '20' }}>
        <Container maxW="4xl">
          <Stack gap="6" align={{ base: 'stretch', md: 'center' }} textAlign={{ md: 'center' }}>
            <HStack gap="3" justify={{ md: 'center' }}>
              <Logo />
              <Text fontWeight="bold" fontSize="xl" color="blue.800">
                {t('hero.brand')}
              </Text>
            </HStack>
            <Text color="blue.800" fontWeight="medium" fontSize="sm" textTransform="uppercase" letterSpacing="wide">
              {t('hero.tagline')}
            </Text>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.15" color="gray.900">
              {t('hero.headline')}
            </Heading>
            <Stack gap="3" fontSize={{ base: 'md', md: 'lg' }} color="gray.700" maxW="3xl">
              <Text>{t('hero.intro1')}</Text>
              <Text>{t('hero.intro2')}</Text>
              <Text>{t('hero.intro3')}</Text>
            </Stack>
            <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center">
              <Button asChild size="lg" colorPalette="blue">
                <Link to="/auth?mode=register">{t('hero.openAccount')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline" colorPalette="blue" bg="bg">
                <Link to="/auth?mode=login">{t('hero.accessAccount')}</Link>
              </Button>
            </Stack>
            <ChakraLink asChild color="blue.800" fontWeight="medium" alignSelf="center">
              <Link to="/technical-overview">{t('hero.technicalOverview')} →</Link>
            </ChakraLink>
          </Stack>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="benefits-title" py={{ base: '12', md: '16' }} css={BELOW_THE_FOLD}>
        <Container maxW="7xl">
          <Stack gap="2" mb="8" textAlign="center">
            <Heading as="h2" id="benefits-title" size="2xl">
              {t('benefits.title')}
            </Heading>
            <Text color="fg.muted">{t('benefits.subtitle')}</Text>
          </Stack>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 5 }} gap="4">
            {BENEFITS.map(({ key, mark }) => (
              <Card.Root as="li" key={key} variant="outline">
                <Card.Body gap="3">
                  <Circle size="10" bg="blue.100" color="blue.800" fontWeight="bold" fontSize="sm" aria-hidden="true">
                    {mark}
                  </Circle>
                  <Heading as="h3" size="md">
                    {t(`benefits.${key}.title`)}
                  </Heading>
                  <Text color="fg.muted" fontSize="sm">
                    {t(`benefits.${key}.text`)}
                  </Text>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        </Container>
      </Box>

      <Box as="section" aria-labelledby="steps-title" bg="gray.50" py={{ base: '12', md: '16' }} css={BELOW_THE_FOLD}>
        <Container maxW="5xl">
          <Stack gap="2" mb="8" textAlign="center">
            <Heading as="h2" id="steps-title" size="2xl">
              {t('steps.title')}
            </Heading>
            <Text color="fg.muted">{t('steps.subtitle')}</Text>
          </Stack>
          <SimpleGrid as="ol" listStyleType="none" columns={{ base: 1, md: 2 }} gap="6">
            {STEPS.map((key, index) => (
              <HStack as="li" key={key} align="flex-start" gap="4">
                <Circle size="10" bg="blue.700" color="white" fontWeight="bold" flexShrink="0" aria-hidden="true">
                  {index + 1}
                </Circle>
                <Box>
                  <Heading as="h3" size="md">
                    {t(`steps.${key}.title`)}
                  </Heading>
                  <Text color="fg.muted">{t(`steps.${key}.text`)}</Text>
                </Box>
              </HStack>
            ))}
          </SimpleGrid>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" justify="center" mt="10">
            <Button asChild size="lg" colorPalette="blue">
              <Link to="/auth?mode=register">{t('steps.cta')}</Link>
            </Button>
            <Button asChild size="lg" variant="ghost" colorPalette="blue">
              <Link to="/technical-overview">{t('steps.learnMore')}</Link>
            </Button>
          </Stack>
        </Container>
      </Box>

      <Box
        as="section"
        id="calculator"
        aria-labelledby="calculator-title"
        py={{ base: '12', md: '16' }}
        css={BELOW_THE_FOLD}
      >
        <Container maxW="3xl">
          <Stack gap="2" mb="6">
            <Heading as="h2" id="calculator-title" size="2xl">
              {t('calculator.title')}
            </Heading>
            <Text color="fg.muted">{t('calculator.subtitle')}</Text>
          </Stack>
          <RetirementCalculator />
        </Container>
      </Box>

      <SiteFooter dark={language === 'en'} />
    </Box>
  );
}
