import { useEffect } from 'react';

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
 * Sets one meta tag and returns how to undo it. Only the description is put back as it was: every
 * other tag is page-specific and removed on leaving, including one the server wrote into the HTML
 * for the first page (a post's og tags, the 404's noindex) that must not outlive that page.
 */
function setMeta(key: string, content: string): () => void {
  const { selector, attribute } = metaSelector(key);
  let element = document.head.querySelector<HTMLMetaElement>(selector);
  const created = !element;
  const previous = element?.getAttribute('content') ?? null;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(attribute, key);
    document.head.appendChild(element);
  }
  element.setAttribute('content', content);
  const target = element;
  return () => {
    if (key === 'description' && !created && previous !== null) target.setAttribute('content', previous);
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
 * description and the language are put back and the page's other tags removed, so the defaults of
 * index.html come back for pages that set nothing.
 */
export function useDocumentHead(head: DocumentHead): void {
  const { title, description, keywords, canonical, robots, lang } = head;
  const social = JSON.stringify(head.social ?? {});
  useEffect(() => {
    const restore: Array<() => void> = [];
    if (title !== undefined) {
      const previous = document.title;
      document.title = title;
      restore.push(() => {
        document.title = previous;
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
      const previous = document.documentElement.lang;
      document.documentElement.lang = lang;
      restore.push(() => {
        document.documentElement.lang = previous;
      });
    }
    return () => {
      for (const undo of restore.reverse()) undo();
    };
  }, [title, description, keywords, canonical, robots, lang, social]);
}
