import { useEffect } from 'react';

/**
 * The head of pages that set nothing (web/index.html holds the same, use-document-head.spec checks):
 * what leaving a page puts back. Not whatever the head held before, which on a page served with its
 * own head (a prerendered landing page, a blog post) is that page's, e.g. `lang="it"` on the English
 * dashboard after signing in from /it.
 */
export const DEFAULT_HEAD = {
  title: 'Savings Platform — 7% a year, credited daily',
  description: 'Earn 7% a year, credited daily. Savings with no lock-in.',
  lang: 'en',
} as const;

export interface DocumentHead {
  title?: string;
  description?: string;
  keywords?: string;
  /** Absolute URL of the canonical page. */
  canonical?: string;
  robots?: string;
  /** Open Graph and Twitter card tags, e.g. { 'og:title': '...', 'twitter:card': 'summary' }. */
  social?: Record<string, string>;
  /** Language of the page content (html lang). */
  lang?: string;
}

function metaSelector(key: string): { selector: string; attribute: 'name' | 'property' } {
  const attribute = key.startsWith('og:') || key.startsWith('article:') ? 'property' : 'name';
  return { selector: `meta[${attribute}="${key}"]`, attribute };
}

/**
 * Sets one meta tag and returns how to undo it. Only the description is put back, to the default:
 * every other tag is page-specific and removed on leaving, including one the server wrote into the
 * HTML for the first page (a post's or a landing page's og tags, the 404's noindex) that must not
 * outlive that page.
 */
function setMeta(key: string, content: string): () => void {
  const { selector, attribute } = metaSelector(key);
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const target = element;
  return () => {
    if (key === 'description') target.setAttribute('content', DEFAULT_HEAD.description);
    else target.remove();
  };
}

function setCanonical(href: string): () => void {
  let element = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (!element) {
    element = document.createElement('link');
    element.setAttribute('rel', 'canonical');
    document.head.appendChild(element);
  }
  element.setAttribute('href', href);
  const target = element;
  return () => target.remove();
}

/**
 * Title, meta tags, canonical link and language of the current page. On leaving, the title, the
 * description and the language go back to the defaults (DEFAULT_HEAD) and the page's other tags are
 * removed, so pages that set nothing show the defaults.
 */
export function useDocumentHead(head: DocumentHead): void {
  const { title, description, keywords, canonical, robots, lang } = head;
  const social = JSON.stringify(head.social ?? {});
  useEffect(() => {
    const restore: Array<() => void> = [];
    if (title !== undefined) {
      document.title = title;
      restore.push(() => {
        document.title = DEFAULT_HEAD.title;
      });
    }
    if (description !== undefined) restore.push(setMeta('description', description));
    if (keywords !== undefined) restore.push(setMeta('keywords', keywords));
    if (robots !== undefined) restore.push(setMeta('robots', robots));
    if (canonical !== undefined) restore.push(setCanonical(canonical));
    for (const [key, content] of Object.entries(JSON.parse(social) as Record<string, string>)) {
      restore.push(setMeta(key, content));
    }
    if (lang !== undefined) {
      document.documentElement.lang = lang;
      restore.push(() => {
        document.documentElement.lang = DEFAULT_HEAD.lang;
      });
    }
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, keywords, canonical, robots, lang, social]);
}
