import { HStack, Link as ChakraLink } from '@chakra-ui/react';
import { Link } from 'react-router-dom';
import { LANGUAGES, type LanguageCode } from '../../../i18n/languages';

/**
 * Links to every language, each named in its own language. `hrefOf` gives the target of a language
 * (its landing page, or the calculator in that language).
 */
export function LanguageLinks({
  current,
  label,
  hrefOf,
}: {
  current: LanguageCode;
  label: string;
  hrefOf: (language: (typeof LANGUAGES)[number]) => string;
}) {
  return (
    <HStack as="nav" aria-label={label} gap={{ base: '3', md: '5' }} wrap="wrap" justify="center" fontSize="sm">
      {LANGUAGES.map((language) => {
        const active = language.code === current;
        return (
          <ChakraLink
            key={language.code}
            asChild
            fontWeight={active ? 'bold' : 'normal'}
            color={active ? 'blue.800' : 'fg'}
            textDecoration={active ? 'underline' : undefined}
            py="1"
          >
            <Link
              to={hrefOf(language)}
              lang={language.code}
              hrefLang={language.code}
              aria-current={active ? 'page' : undefined}
            >
              {language.label}
            </Link>
          </ChakraLink>
        );
      })}
    </HStack>
  );
}
