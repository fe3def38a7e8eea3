import { Badge, HStack } from '@chakra-ui/react';

export function KeywordBadges({ keywords }: { keywords: string[] }) {
  if (keywords.length === 0) return null;
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="Keywords">
      {keywords.map((keyword) => (
        <Badge as="li" key={keyword} colorPalette="blue" variant="subtle">
          {keyword}
        </Badge>
      ))}
    </HStack>
  );
}
