import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_HEAD, useDocumentHead, type DocumentHead } from './use-document-head';

function Page(props: DocumentHead) {
  useDocumentHead(props);
  return null;
}

const content = (selector: string) => document.head.querySelector(selector)?.getAttribute('content') ?? null;

describe('useDocumentHead', () => {
  beforeEach(() => {
    // as a prerendered Italian landing page arrives: its own head, not the defaults
    document.head.innerHTML = '<meta name="description" content="Descrizione"><title>Pagina</title>';
    document.documentElement.lang = 'it';
  });

  it('sets the page head and puts the defaults back on leaving', () => {
    const view = render(
      <Page
        title="Post"
        description="About the post"
        keywords="a, b"
        canonical="https://example.com/blog/post"
        social={{ 'og:title': 'Post', 'twitter:card': 'summary' }}
        lang="it"
      />,
    );
    expect(document.title).toBe('Post');
    expect(content('meta[name="description"]')).toBe('About the post');
    expect(content('meta[name="keywords"]')).toBe('a, b');
    expect(content('meta[property="og:title"]')).toBe('Post');
    expect(content('meta[name="twitter:card"]')).toBe('summary');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://example.com/blog/post',
    );
    expect(document.documentElement.lang).toBe('it');

    view.unmount();
    expect(document.title).toBe(DEFAULT_HEAD.title);
    expect(content('meta[name="description"]')).toBe(DEFAULT_HEAD.description);
    expect(document.documentElement.lang).toBe('en');
    expect(document.head.querySelectorAll('meta')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('removes tags the server wrote for the first page (a 404 noindex, a post og tag) on leaving it', () => {
    document.head.insertAdjacentHTML('afterbegin', '<meta name="robots" content="noindex">');
    document.head.insertAdjacentHTML('beforeend', '<meta property="og:title" content="Server post">');
    const view = render(<Page robots="noindex" social={{ 'og:title': 'Client post' }} />);
    expect(document.head.querySelectorAll('meta[name="robots"]')).toHaveLength(1);
    expect(content('meta[property="og:title"]')).toBe('Client post');
    view.unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
    expect(document.head.querySelector('meta[property="og:title"]')).toBeNull();
  });

  it('has the defaults of web/index.html, the head of pages that set nothing', () => {
    const indexHtml = readFileSync(join(__dirname, '../../index.html'), 'utf8');
    expect(indexHtml).toContain(`<html lang="${DEFAULT_HEAD.lang}">`);
    expect(indexHtml).toContain(`<title>${DEFAULT_HEAD.title}</title>`);
    expect(indexHtml).toContain(`<meta name="description" content="${DEFAULT_HEAD.description}" />`);
  });
});
