import { Card, Heading, HStack, Link as ChakraLink, Text } from '@chakra-ui/react';
import type { BlogPost } from '@savings/contracts';
import { Link } from 'react-router-dom';
import { cardKeywords, postDate, readTimeMinutes } from '../utils/post-info';
import { KeywordBadges } from './keyword-badges';

export function BlogPostCard({ post }: { post: BlogPost }) {
  const date = post.publishedAt ?? post.createdAt;
  return (
    <Card.Root as="article" variant="outline" height="full">
      <Card.Body gap="3">
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <time dateTime={date}>{postDate(post)}</time>
          <Text as="span" aria-hidden="true">
            ·
          </Text>
          <Text as="span">{readTimeMinutes(post.content)} min read</Text>
        </HStack>
        <Heading as="h2" size="lg">
          <ChakraLink asChild color="fg" _hover={{ color: 'blue.700' }}>
            <Link to={`/blog/${post.slug}`}>{post.title}</Link>
          </ChakraLink>
        </Heading>
        <Text color="fg.muted">{post.excerpt}</Text>
        <KeywordBadges keywords={cardKeywords(post.keywords)} />
      </Card.Body>
      <Card.Footer>
        <ChakraLink asChild color="blue.700" fontWeight="semibold">
          <Link to={`/blog/${post.slug}`}>Read full article →</Link>
        </ChakraLink>
      </Card.Footer>
    </Card.Root>
  );
}
