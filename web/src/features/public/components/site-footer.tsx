import { Box, Link as ChakraLink, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { usePageTranslation } from '../../../i18n/page-language';
import { SITE } from '../../../i18n/site';

/** Company, registered office, contact e-mail and risk notice. The English footer is dark. */
export function SiteFooter({ dark }: { dark: boolean }) {
  const { t } = usePageTranslation();
  const muted = dark ? 'gray.300' : 'gray.700';
  return (
    <Box as="footer" bg={dark ? 'gray.900' : 'gray.100'} color={dark ? 'white' : 'gray.900'} mt="16">
      <Stack maxW="7xl" mx="auto" px={{ base: '4', md: '6' }} py="10" gap="6">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          <Box>
            <Text fontWeight="bold" fontSize="lg">
              {SITE.company}
            </Text>
            <Text color={muted} fontSize="sm">
              {t('hero.tagline')}
            </Text>
          </Box>
          <Box>
            <Text fontWeight="semibold">{t('footer.registeredOfficeLabel')}</Text>
            <Text color={muted} fontSize="sm">
              {t('footer.registeredOffice')}
            </Text>
          </Box>
          <Box>
            <Text fontWeight="semibold">{t('footer.contactLabel')}</Text>
            <ChakraLink href={`mailto:${SITE.email}`} color={dark ? 'blue.200' : 'blue.800'} fontSize="sm">
              {SITE.email}
            </ChakraLink>
          </Box>
        </SimpleGrid>
        <Text fontSize="xs" color={muted} borderTopWidth="1px" borderColor={dark ? 'gray.700' : 'gray.300'} pt="4">
          {t('footer.riskNotice')}
        </Text>
        <Text fontSize="xs" color={muted}>
          © {new Date().getFullYear()} {SITE.company}. {t('footer.rights')}
        </Text>
      </Stack>
    </Box>
  );
}
