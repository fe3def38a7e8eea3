import type { BlogPost } from '@savings/contracts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an HTML text node or a double- or single-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]);
}

function absoluteUrl(origin: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${origin}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/**
 * index.html with a published post's head for crawlers that do not run JavaScript: title, meta
 * description, keywords, canonical link and Open Graph / Twitter tags. Every value is escaped; the
 * page's own title and description are replaced, not duplicated.
 */
export function injectBlogPostMeta(indexHtml: string, post: BlogPost, origin: string): string {
  const title = post.metaTitle || post.title;
  const description = post.metaDescription || post.excerpt;
  const url = `${origin}/blog/${encodeURIComponent(post.slug)}`;
  const tags = [
    `<meta name="description" content="${escapeHtml(description)}" />`,
    post.keywords ? `<meta name="keywords" content="${escapeHtml(post.keywords)}" />` : '',
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    '<meta property="og:type" content="article" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    post.featuredImage
      ? `<meta property="og:image" content="${escapeHtml(absoluteUrl(origin, post.featuredImage))}" />`
      : '',
    post.publishedAt ? `<meta property="article:published_time" content="${escapeHtml(post.publishedAt)}" />` : '',
    `<meta name="twitter:card" content="${post.featuredImage ? 'summary_large_image' : 'summary'}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ].filter(Boolean);

  // function replacers: a "$&" in a title must stay literal text
  const withoutDefaults = indexHtml
    .replace(/<title>[\s\S]*?<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>\s*/i, () => '');
  const head = withoutDefaults.includes('<title>')
    ? withoutDefaults
    : withoutDefaults.replace('</head>', () => `<title>${escapeHtml(title)}</title></head>`);
  return head.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}
