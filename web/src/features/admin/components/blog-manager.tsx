import { Badge, Button, Card, HStack, Stack, Table, Text } from '@chakra-ui/react';
import type { BlogPost, BlogPostWrite } from '@savings/contracts';
import { useState } from 'react';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useCreateBlogPost } from '../api/create-blog-post';
import { useDeleteBlogPost } from '../api/delete-blog-post';
import { useBlogPosts } from '../api/get-blog-posts';
import { useUpdateBlogPost } from '../api/update-blog-post';
import { formatDateGb } from '../utils/format';
import { ConfirmDialog } from './admin-dialog';
import { BlogEditor } from './blog-editor';

type Editing = { post: BlogPost | null } | null;

export function BlogManager() {
  const { data: posts, isPending } = useBlogPosts();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<BlogPost | null>(null);
  const create = useCreateBlogPost();
  const update = useUpdateBlogPost();
  const remove = useDeleteBlogPost();

  const save = (body: BlogPostWrite) => {
    const options = {
      onSuccess: () => {
        toastSuccess('Blog post saved', body.title);
        setEditing(null);
      },
      onError: (error: Error) => toastError('Error saving blog post', error.message || 'Please try again later'),
    };
    if (editing?.post) update.mutate({ id: editing.post.id, body }, options);
    else create.mutate(body, options);
  };

  const togglePublished = (post: BlogPost) =>
    update.mutate(
      { id: post.id, body: { published: !post.published } },
      {
        onSuccess: () => toastSuccess(post.published ? 'Post unpublished' : 'Post published', post.title),
        onError: (error) => toastError('Error updating blog post', error.message || 'Please try again later'),
      },
    );

  return (
    <Card.Root>
      <Card.Header>
        <HStack justify="space-between">
          <Card.Title as="h2">Blog Posts</Card.Title>
          {!editing && (
            <Button size="sm" onClick={() => setEditing({ post: null })}>
              New Post
            </Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        {editing ? (
          <BlogEditor
            key={editing.post?.id ?? 'new'}
            post={editing.post}
            pending={create.isPending || update.isPending}
            onSave={save}
            onCancel={() => setEditing(null)}
          />
        ) : isPending ? (
          <Text color="fg.muted">Loading posts...</Text>
        ) : !posts?.length ? (
          <Text color="fg.muted">No blog posts yet</Text>
        ) : (
          <Table.ScrollArea>
            <Table.Root size="sm" aria-label="Blog posts">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>Title</Table.ColumnHeader>
                  <Table.ColumnHeader>Slug</Table.ColumnHeader>
                  <Table.ColumnHeader>Status</Table.ColumnHeader>
                  <Table.ColumnHeader>Updated</Table.ColumnHeader>
                  <Table.ColumnHeader>Actions</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {posts.map((post) => (
                  <Table.Row key={post.id}>
                    <Table.Cell>{post.title}</Table.Cell>
                    <Table.Cell fontFamily="mono">{post.slug}</Table.Cell>
                    <Table.Cell>
                      {post.published ? <Badge colorPalette="green">Published</Badge> : <Badge>Draft</Badge>}
                    </Table.Cell>
                    <Table.Cell>{formatDateGb(post.updatedAt)}</Table.Cell>
                    <Table.Cell>
                      <Stack direction="row" gap="1" wrap="wrap">
                        <Button size="xs" variant="outline" onClick={() => setEditing({ post })}>
                          Edit
                        </Button>
                        <Button size="xs" variant="outline" onClick={() => togglePublished(post)}>
                          {post.published ? 'Unpublish' : 'Publish'}
                        </Button>
                        <Button size="xs" variant="outline" colorPalette="red" onClick={() => setDeleting(post)}>
                          Delete
                        </Button>
                      </Stack>
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        )}
      </Card.Body>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Blog Post"
        message={deleting ? `Delete "${deleting.title}"? This cannot be undone.` : ''}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toastSuccess('Blog post deleted', deleting.title),
            onError: (error) => toastError('Error deleting blog post', error.message || 'Please try again later'),
            onSettled: () => setDeleting(null),
          });
        }}
      />
    </Card.Root>
  );
}
