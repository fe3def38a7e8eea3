import { Box, Card, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useDocumentHead } from '../../components/use-document-head';
import { useBlogPosts } from './api/get-blog-posts';
import { BlogCta } from './components/blog-cta';
import { BlogPostCard } from './components/blog-post-card';

const SKELETON_CARDS = 3;

function LoadingCards() {
  return (
    <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6" aria-busy="true" aria-label="Loading articles">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        <Card.Root key={index} variant="outline" data-testid="blog-skeleton">
          <Card.Body gap="3">
            <Skeleton height="4" width="40%" />
            <Skeleton height="6" />
            <Skeleton height="16" />
            <Skeleton height="5" width="60%" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}

export function Component() {
  const { data: posts, isPending, isError } = useBlogPosts();
  useDocumentHead({
    title: 'Fixed Income Investment Insights — Savings Platform Blog',
    description: 'Articles on fixed income, interest, savings and asset protection from the Savings Platform team.',
    social: {
      'og:title': 'Fixed Income Investment Insights',
      'og:description': 'Articles on fixed income, interest, savings and asset protection.',
      'og:type': 'website',
    },
  });

  return (
    <Box>
      <Box bgGradient="to-b" gradientFrom="blue.50" gradientTo="bg" py={{ base: '12', md: '16' }}>
        <Container maxW="4xl" textAlign="center">
          <Stack gap="3">
            <Heading as="h1" size={{ base: '3xl', md: '4xl' }}>
              Fixed Income Investment Insights
            </Heading>
            <Text color="fg.muted" fontSize="lg">
              Guides and analysis on earning a steady return: interest, bonds, liquidity and protecting what you save.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container maxW="7xl" py="10">
        <Stack gap="12">
          {isPending ? (
            <LoadingCards />
          ) : isError ? (
            <Text textAlign="center" color="fg.muted" py="10">
              Unable to load blog posts. Please try again later.
            </Text>
          ) : posts.length === 0 ? (
            <Text textAlign="center" color="fg.muted" py="10">
              No blog posts available yet.
            </Text>
          ) : (
            <SimpleGrid columns={{ base: 1, md: 2, lg: 3 }} gap="6">
              {posts.map((post) => (
                <BlogPostCard key={post.id} post={post} />
              ))}
            </SimpleGrid>
          )}
          <BlogCta />
        </Stack>
      </Container>
    </Box>
  );
}
