import { Box, Button, Container, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { technicalOverview, technicalOverviewPdfUrl } from '@savings/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { useDocumentHead } from '../../components/use-document-head';
import { LANGUAGES, languageOfParam } from '../../i18n/languages';
import { SITE } from '../../i18n/site';

/**
 * The static overview of product.md section 2 in the language of ?lang= (English by default); its
 * text is shared with the server (libs/contracts/src/content), which serves the same text as a PDF.
 */
export function Component() {
  const [search] = useSearchParams();
  const language = languageOfParam(search.get('lang'));
  const overview = technicalOverview(language);
  useDocumentHead({
    title: overview.metaTitle,
    description: overview.metaDescription,
    social: {
      'og:title': overview.metaTitle,
      'og:description': overview.metaDescription,
      'og:type': 'article',
      'twitter:card': 'summary',
      'twitter:title': overview.metaTitle,
      'twitter:description': overview.metaDescription,
    },
  });

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }} lang={language}>
      <Stack gap="8">
        <ChakraLink asChild color="blue.700" fontWeight="medium" alignSelf="flex-start">
          <Link to="/">← {overview.back}</Link>
        </ChakraLink>
        <Stack gap="4">
          <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
            {overview.title}
          </Heading>
          <Text fontSize="lg" color="fg.muted">
            {overview.subtitle}
          </Text>
          <HStack wrap="wrap" gap="4">
            <Button asChild colorPalette="blue">
              <a href={technicalOverviewPdfUrl(language)} download>
                {overview.download}
              </a>
            </Button>
            <HStack as="nav" aria-label="Languages" gap="3" wrap="wrap">
              {LANGUAGES.map((item) => (
                <ChakraLink
                  key={item.code}
                  asChild
                  color="blue.800"
                  fontWeight={item.code === language ? 'bold' : 'normal'}
                  lang={item.code}
                >
                  <Link
                    to={item.code === 'en' ? '/technical-overview' : `/technical-overview?lang=${item.path.slice(1)}`}
                    aria-current={item.code === language ? 'page' : undefined}
                  >
                    {item.label}
                  </Link>
                </ChakraLink>
              ))}
            </HStack>
          </HStack>
        </Stack>
        <Box as="nav" aria-label="Sections" borderWidth="1px" borderRadius="lg" p="5" bg="gray.50">
          <List.Root as="ol" ps="5" gap="1">
            {overview.sections.map((section) => (
              <List.Item key={section.id}>
                <ChakraLink href={`#${section.id}`} color="blue.800">
                  {section.heading}
                </ChakraLink>
              </List.Item>
            ))}
          </List.Root>
        </Box>
        {overview.sections.map((section) => (
          <Stack
            as="section"
            key={section.id}
            id={section.id}
            gap="3"
            aria-labelledby={`${section.id}-title`}
            scrollMarginTop="20"
          >
            <Heading as="h2" id={`${section.id}-title`} size="xl">
              {section.heading}
            </Heading>
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} lineHeight="1.8">
                {paragraph}
              </Text>
            ))}
            {'bullets' in section && section.bullets && (
              <List.Root ps="5" gap="1">
                {section.bullets.map((bullet) => (
                  <List.Item key={bullet} lineHeight="1.7">
                    {bullet}
                  </List.Item>
                ))}
              </List.Root>
            )}
          </Stack>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {SITE.company} · Road Town, Tortola, British Virgin Islands ·{' '}
          <ChakraLink href={`mailto:${SITE.email}`} color="blue.800">
            {SITE.email}
          </ChakraLink>
        </Text>
      </Stack>
    </Container>
  );
}
