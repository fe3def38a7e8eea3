import type { BlogPost } from '@savings/contracts';
import { escapeHtml, injectBlogPostMeta } from './blog-post-meta';

const INDEX = `<!doctype html><html><head>
<meta name="description" content="Default description" />
<title>Default title</title>
</head><body><div id="root"></div></body></html>`;

const post: BlogPost = {
  id: 1,
  title: 'Bonds & <Yield>',
  slug: 'bonds-and-yield',
  excerpt: 'Why "fixed" income',
  content: '# Hi',
  featuredImage: '/images/bonds.png',
  metaTitle: null,
  metaDescription: null,
  keywords: 'bonds, yield',
  published: true,
  publishedAt: '2026-11-01T10:00:00.000Z',
  createdAt: '2026-11-01T09:00:00.000Z',
  updatedAt: '2026-11-01T09:00:00.000Z',
};

describe('escapeHtml', () => {
  it('escapes the five HTML specials', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('injectBlogPostMeta', () => {
  it('replaces title and description and adds keywords, canonical and social tags, escaped', () => {
    const html = injectBlogPostMeta(INDEX, post, 'https://savings.example');
    expect(html).toContain('<title>Bonds &amp; &lt;Yield&gt;</title>');
    expect(html).not.toContain('Default title');
    expect(html).not.toContain('Default description');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain('<meta name="description" content="Why &quot;fixed&quot; income" />');
    expect(html).toContain('<meta name="keywords" content="bonds, yield" />');
    expect(html).toContain('<link rel="canonical" href="https://savings.example/blog/bonds-and-yield" />');
    expect(html).toContain('<meta property="og:title" content="Bonds &amp; &lt;Yield&gt;" />');
    expect(html).toContain('<meta property="og:image" content="https://savings.example/images/bonds.png" />');
    expect(html).not.toMatch(/<Yield>/);
  });

  it('prefers metaTitle and metaDescription and keeps "$&" literal', () => {
    const html = injectBlogPostMeta(
      INDEX,
      { ...post, metaTitle: 'Price $& more', metaDescription: 'Meta </title><script>x</script>' },
      'http://localhost:3000',
    );
    expect(html).toContain('<title>Price $&amp; more</title>');
    expect(html).toContain('content="Meta &lt;/title&gt;&lt;script&gt;x&lt;/script&gt;"');
    expect(html).not.toContain('<script>x</script>');
  });
});
