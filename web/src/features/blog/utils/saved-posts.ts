const STORAGE_KEY = 'savings.savedBlogPosts';

/** Slugs the visitor saved for later, kept in this browser only (there is no account-side list). */
export function readSavedPosts(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

export function toggleSavedPost(slug: string): boolean {
  const saved = readSavedPosts();
  const next = saved.includes(slug) ? saved.filter((item) => item !== slug) : [...saved, slug];
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the button still reflects the choice for this visit
  }
  return next.includes(slug);
}
