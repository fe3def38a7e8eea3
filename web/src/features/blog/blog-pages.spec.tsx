import { DEFAULT_HEAD } from '../../components/use-document-head';
import { mockApi } from '../../lib/test-utils';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { BlogPost } from '@savings/contracts';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { Component as BlogList } from './blog-list-route';
import { Component as BlogPostPage } from './blog-post-route';

jest.setTimeout(20000);

const post: BlogPost = {
  id: 1,
  title: 'Why fixed income beats cash',
  slug: 'fixed-income-vs-cash',
  excerpt: 'Cash loses to inflation; bonds pay.',
  content: '## The gap\n\nA **bank** pays *0.1%*.\n\n- bonds\n- notes\n\n<script>window.ran = true</script>',
  featuredImage: null,
  metaTitle: 'Fixed income vs cash',
  metaDescription: 'How a 7% fixed rate compares with a bank account.',
  keywords: 'bonds, interest, savings, cash, inflation',
  published: true,
  publishedAt: '2025-01-05T12:00:00.000Z',
  createdAt: '2024-12-30T12:00:00.000Z',
  updatedAt: '2025-01-05T12:00:00.000Z',
};

function renderAt(path: string) {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/blog" element={<BlogList />} />
          <Route path="/blog/:slug" element={<BlogPostPage />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('blog list', () => {
  it('shows 3 skeleton cards while loading, then the posts', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const pending = new Promise((resolve) => {
      answer = resolve;
    });
    (globalThis as { fetch: unknown }).fetch = jest.fn(async () => {
      await pending;
      return { ok: true, status: 200, statusText: 'OK', text: () => Promise.resolve(JSON.stringify([post])) };
    });
    renderAt('/blog');
    expect(screen.getByRole('heading', { level: 1, name: 'Fixed Income Investment Insights' })).toBeInTheDocument();
    expect(screen.getAllByTestId('blog-skeleton')).toHaveLength(3);
    answer(null);
    const card = (await screen.findByText('Why fixed income beats cash')).closest('article') as HTMLElement;
    expect(card).toHaveTextContent('Jan 05, 2025');
    expect(card).toHaveTextContent('1 min read');
    expect(
      within(card)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['bonds', 'interest', 'savings', 'cash']);
    expect(within(card).getByRole('link', { name: /Read full article/ })).toHaveAttribute(
      'href',
      '/blog/fixed-income-vs-cash',
    );
    expect(screen.getByRole('link', { name: 'Open Account' })).toHaveAttribute('href', '/auth?mode=register');
  });

  it('says so when there are no posts', async () => {
    mockApi({ 'GET /api/blog/posts': { body: [] } });
    renderAt('/blog');
    expect(await screen.findByText('No blog posts available yet.')).toBeInTheDocument();
  });
});

describe('blog post', () => {
  it('renders the post safely, sets its head tags and restores them on leaving', async () => {
    document.title = 'Default title';
    mockApi({ [`GET /api/blog/posts/${post.slug}`]: { body: post } });
    const view = renderAt(`/blog/${post.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The gap' })).toBeInTheDocument();
    expect(screen.getByText('bank').tagName).toBe('STRONG');
    expect(document.querySelector('.blog-content script')).toBeNull();
    expect((window as { ran?: boolean }).ran).toBeUndefined();
    expect(screen.getByRole('link', { name: '← Back to Blog' })).toHaveAttribute('href', '/blog');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(
      expect.arrayContaining(['bonds', 'interest', 'savings', 'cash', 'inflation']),
    );
    expect(screen.getByRole('button', { name: /Share/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();

    await waitFor(() => expect(document.title).toBe('Fixed income vs cash'));
    const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
    expect(meta('meta[name="description"]')).toBe(post.metaDescription);
    expect(meta('meta[name="keywords"]')).toBe('bonds, interest, savings, cash, inflation');
    expect(meta('meta[property="og:title"]')).toBe('Fixed income vs cash');
    expect(meta('meta[property="og:type"]')).toBe('article');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toMatch(
      /\/blog\/fixed-income-vs-cash$/,
    );

    view.unmount();
    expect(document.title).toBe(DEFAULT_HEAD.title);
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('shows "Blog Post Not Found" with a way back for an unknown slug', async () => {
    mockApi({});
    renderAt('/blog/nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog Post Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Blog' })).toHaveAttribute('href', '/blog');
  });
});
