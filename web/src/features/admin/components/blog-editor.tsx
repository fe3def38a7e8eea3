import { Box, Button, Field, Grid, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';
import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { useMemo, useState } from 'react';

/** Markdown to sanitized HTML: the preview never runs script from a post. */
export function renderMarkdown(markdown: string): string {
  return DOMPurify.sanitize(marked.parse(markdown, { async: false }));
}

interface Values {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string;
  featuredImage: string;
}

function initialValues(post: BlogPost | null): Values {
  return {
    title: post?.title ?? '',
    slug: post?.slug ?? '',
    excerpt: post?.excerpt ?? '',
    content: post?.content ?? '',
    metaTitle: post?.metaTitle ?? '',
    metaDescription: post?.metaDescription ?? '',
    keywords: post?.keywords ?? '',
    featuredImage: post?.featuredImage ?? '',
  };
}

const orNull = (value: string) => (value.trim() ? value.trim() : null);

export function BlogEditor({
  post,
  pending,
  onSave,
  onCancel,
}: {
  post: BlogPost | null;
  pending: boolean;
  onSave: (body: BlogPostWrite) => void;
  onCancel: () => void;
}) {
  const [values, setValues] = useState<Values>(() => initialValues(post));
  const [error, setError] = useState<string | null>(null);
  const preview = useMemo(() => renderMarkdown(values.content), [values.content]);
  const set = (name: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const save = () => {
    if (!values.title.trim() || !values.content.trim()) {
      setError('Title and content are required');
      return;
    }
    setError(null);
    onSave({
      title: values.title.trim(),
      ...(values.slug.trim() ? { slug: values.slug.trim() } : {}),
      excerpt: values.excerpt.trim(),
      content: values.content,
      metaTitle: orNull(values.metaTitle),
      metaDescription: orNull(values.metaDescription),
      keywords: orNull(values.keywords),
      featuredImage: orNull(values.featuredImage),
    });
  };

  return (
    <Stack gap="3" as="section" aria-label={post ? 'Edit post' : 'New post'}>
      <Text fontWeight="semibold">{post ? `Edit: ${post.title}` : 'New post'}</Text>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        <Field.Root required>
          <Field.Label>Title</Field.Label>
          <Input value={values.title} onChange={set('title')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Slug</Field.Label>
          <Input value={values.slug} onChange={set('slug')} placeholder="generated from the title" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Meta title</Field.Label>
          <Input value={values.metaTitle} onChange={set('metaTitle')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Keywords</Field.Label>
          <Input value={values.keywords} onChange={set('keywords')} placeholder="bonds, savings, interest" />
        </Field.Root>
        <Field.Root>
          <Field.Label>Meta description</Field.Label>
          <Input value={values.metaDescription} onChange={set('metaDescription')} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Featured image URL</Field.Label>
          <Input value={values.featuredImage} onChange={set('featuredImage')} />
        </Field.Root>
      </Grid>
      <Field.Root>
        <Field.Label>Excerpt</Field.Label>
        <Textarea value={values.excerpt} onChange={set('excerpt')} rows={2} />
      </Field.Root>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
        <Field.Root required>
          <Field.Label>Content (markdown)</Field.Label>
          <Textarea value={values.content} onChange={set('content')} rows={14} fontFamily="mono" />
        </Field.Root>
        <Box>
          <Text textStyle="sm" fontWeight="medium" mb="1.5">
            Preview
          </Text>
          <Box
            borderWidth="1px"
            rounded="md"
            p="3"
            minH="xs"
            data-testid="blog-preview"
            css={{ '& h1, & h2, & h3': { fontWeight: 'bold', mt: '2' }, '& ul': { ps: '5', listStyleType: 'disc' } }}
            dangerouslySetInnerHTML={{ __html: preview }}
          />
        </Box>
      </Grid>
      {error && (
        <Text color="fg.error" role="alert">
          {error}
        </Text>
      )}
      <HStack>
        <Button onClick={save} loading={pending}>
          Save Post
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
      </HStack>
    </Stack>
  );
}
