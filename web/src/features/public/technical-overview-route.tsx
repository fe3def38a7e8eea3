import { Box, Button, Container, Heading, HStack, Link as ChakraLink, List, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toastError } from '../../components/toaster';
import { useDocumentHead } from '../../components/use-document-head';
import overview from '../../i18n/content/technical-overview.json';
import { SITE } from '../../i18n/site';

/** The static overview of product.md section 2; its text is content in i18n/content. */
export function Component() {
  const [downloading, setDownloading] = useState(false);
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

  const download = async () => {
    setDownloading(true);
    try {
      // the PDF writer loads only when someone asks for the file
      const { downloadPdf } = await import('./utils/pdf-document');
      downloadPdf(
        {
          title: `${SITE.company} — ${overview.title}`,
          subtitle: overview.subtitle,
          sections: overview.sections,
          footer: `${SITE.company} · Road Town, Tortola, British Virgin Islands · ${SITE.email}`,
        },
        'savings-platform-technical-overview.pdf',
      );
    } catch {
      toastError('Download failed', 'Please try again later.');
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
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
          <HStack>
            <Button colorPalette="blue" onClick={() => void download()} loading={downloading}>
              {overview.download}
            </Button>
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
