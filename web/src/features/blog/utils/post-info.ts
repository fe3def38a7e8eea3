import { BLOG_CARD_KEYWORDS, BLOG_WORDS_PER_MINUTE, type BlogPost } from '@savings/contracts';

/** Minutes to read: words / 200, rounded up (at least 1, so an empty post never says "0 min"). */
export function readTimeMinutes(content: string): number {
  const words = content.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(1, Math.ceil(words / BLOG_WORDS_PER_MINUTE));
}

const dateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

/** The post's date like "Jan 05, 2025": publishedAt, else createdAt. */
export function postDate(post: Pick<BlogPost, 'publishedAt' | 'createdAt'>): string {
  return formatPostDate(post.publishedAt ?? post.createdAt);
}

export function formatPostDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** Keywords of the comma-separated field, trimmed, without empties. */
export function postKeywords(keywords: string | null): string[] {
  return (keywords ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

/** A card shows at most 4 keywords. */
export function cardKeywords(keywords: string | null): string[] {
  return postKeywords(keywords).slice(0, BLOG_CARD_KEYWORDS);
}
