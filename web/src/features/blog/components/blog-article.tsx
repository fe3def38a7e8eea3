import { Box, Button, Heading, HStack, Image, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import type { BlogPost } from '@savings/contracts';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useDocumentHead } from '../../../components/use-document-head';
import { renderMarkdown } from '../utils/markdown';
import { postDate, postKeywords, readTimeMinutes } from '../utils/post-info';
import { readSavedPosts, toggleSavedPost } from '../utils/saved-posts';
import { BlogCta } from './blog-cta';
import { KeywordBadges } from './keyword-badges';

/** Typography for the rendered markdown body. */
const articleCss = {
  overflowWrap: 'anywhere',
  '& pre': { overflowX: 'auto', bg: 'gray.50', p: '4', borderRadius: 'md', mb: '4' },
  '& table': { display: 'block', overflowX: 'auto', mb: '4' },
  '& h1, & h2': { fontSize: '2xl', fontWeight: 'bold', mt: '8', mb: '3' },
  '& h3, & h4': { fontSize: 'xl', fontWeight: 'semibold', mt: '6', mb: '2' },
  '& p': { mb: '4', lineHeight: '1.8' },
  '& ul, & ol': { ps: '6', mb: '4' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { mb: '1', lineHeight: '1.7' },
  '& a': { color: 'blue.700', textDecoration: 'underline' },
  '& blockquote': { borderStartWidth: '4px', borderColor: 'blue.200', ps: '4', color: 'fg.muted', mb: '4' },
  '& strong': { fontWeight: 'semibold' },
  '& img': { maxW: 'full', borderRadius: 'md' },
};

function ShareIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d="M4 12v8h16v-8M12 3v13M7 8l5-5 5 5"
        stroke="currentColor"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </svg>
  );
}

async function sharePost(post: BlogPost, url: string): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: post.title, text: post.excerpt, url });
    } catch (error) {
      // closing the share sheet is not an error
      if (!(error instanceof DOMException && error.name === 'AbortError')) toastError('Share failed', url);
    }
    return;
  }
  try {
    await navigator.clipboard.writeText(url);
    toastSuccess('Copied to clipboard', 'The link to this article is ready to paste.');
  } catch {
    toastError('Copy failed', url);
  }
}

export function BlogArticle({ post }: { post: BlogPost }) {
  const html = useMemo(() => renderMarkdown(post.content), [post.content]);
  const [saved, setSaved] = useState(() => readSavedPosts().includes(post.slug));
  const url = `${window.location.origin}/blog/${post.slug}`;
  const title = post.metaTitle || post.title;
  const description = post.metaDescription || post.excerpt;
  const keywords = postKeywords(post.keywords);
  const date = post.publishedAt ?? post.createdAt;

  useDocumentHead({
    title,
    description,
    keywords: keywords.join(', '),
    canonical: url,
    social: {
      'og:title': title,
      'og:description': description,
      'og:type': 'article',
      'og:url': url,
      ...(post.featuredImage ? { 'og:image': post.featuredImage } : {}),
      'twitter:card': post.featuredImage ? 'summary_large_image' : 'summary',
      'twitter:title': title,
      'twitter:description': description,
    },
  });

  return (
    <Stack gap="8">
      <ChakraLink asChild color="blue.700" fontWeight="medium" alignSelf="flex-start">
        <Link to="/blog">← Back to Blog</Link>
      </ChakraLink>
      <Stack as="header" gap="4">
        <HStack gap="2" fontSize="sm" color="fg.muted">
          <time dateTime={date}>{postDate(post)}</time>
          <Text as="span" aria-hidden="true">
            ·
          </Text>
          <Text as="span">{readTimeMinutes(post.content)} min read</Text>
        </HStack>
        <Heading as="h1" size={{ base: '3xl', md: '4xl' }} lineHeight="1.2">
          {post.title}
        </Heading>
        <Text fontSize="xl" color="fg.muted">
          {post.excerpt}
        </Text>
        <KeywordBadges keywords={keywords} />
        <HStack gap="3">
          <Button variant="outline" size="sm" onClick={() => void sharePost(post, url)}>
            <ShareIcon /> Share
          </Button>
          <Button
            variant={saved ? 'solid' : 'outline'}
            size="sm"
            aria-pressed={saved}
            onClick={() => {
              const now = toggleSavedPost(post.slug);
              setSaved(now);
              toastSuccess(now ? 'Saved for later' : 'Removed from saved articles');
            }}
          >
            {saved ? 'Saved' : 'Save'}
          </Button>
        </HStack>
      </Stack>
      {post.featuredImage && (
        <Image src={post.featuredImage} alt={post.title} borderRadius="lg" maxH="96" objectFit="cover" />
      )}
      <Box className="blog-content" css={articleCss} fontSize="lg" dangerouslySetInnerHTML={{ __html: html }} />
      <BlogCta showBlogLink />
    </Stack>
  );
}
