import { Button, Container, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Link, useParams } from 'react-router-dom';
import { useBlogPost } from './api/get-blog-post';
import { BlogArticle } from './components/blog-article';

function LoadingArticle() {
  return (
    <Stack gap="4" aria-busy="true" aria-label="Loading article">
      <Skeleton height="4" width="30%" />
      <Skeleton height="10" />
      <Skeleton height="6" width="80%" />
      <Skeleton height="64" />
    </Stack>
  );
}

function NotFound() {
  return (
    <Stack gap="4" align="center" textAlign="center" py="16">
      <Heading as="h1" size="3xl">
        Blog Post Not Found
      </Heading>
      <Text color="fg.muted">The article you are looking for does not exist or is no longer published.</Text>
      <Button asChild colorPalette="blue">
        <Link to="/blog">Back to Blog</Link>
      </Button>
    </Stack>
  );
}

export function Component() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError } = useBlogPost(slug);
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      {isPending ? <LoadingArticle /> : isError ? <NotFound /> : <BlogArticle post={post} />}
    </Container>
  );
}
