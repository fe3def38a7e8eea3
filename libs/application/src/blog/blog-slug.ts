/** Longest slug kept; long titles are cut at a word boundary. */
export const MAX_SLUG_LENGTH = 80;

/**
 * A URL slug from a title or a given slug: lower-case ASCII letters, digits and single hyphens.
 * Accents are folded ("Économie" -> "economie"); a title with nothing usable gives "post".
 */
export function slugify(text: string): string {
  const folded = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  let slug = folded;
  if (slug.length > MAX_SLUG_LENGTH) {
    slug = slug.slice(0, MAX_SLUG_LENGTH);
    const cut = slug.lastIndexOf('-');
    // folded has no hyphen at either end nor two in a row: a slice ending in a hyphen is cut there (its
    // last hyphen, past the middle), and a cut at a hyphen leaves none at the end
    if (cut > MAX_SLUG_LENGTH / 2) slug = slug.slice(0, cut);
  }
  return slug || 'post';
}

/**
 * The first free slug among base, base-2, base-3, ... given the slugs already taken that start with
 * base (any others are ignored).
 */
export function nextFreeSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n += 1) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Keywords as one comma-separated string: trimmed, empty entries and repeats dropped; null when none. */
export function normalizeKeywords(keywords: string | null | undefined): string | null {
  if (!keywords) return null;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of keywords.split(',')) {
    const keyword = raw.trim().replace(/\s+/g, ' ');
    if (keyword && !seen.has(keyword.toLowerCase())) {
      seen.add(keyword.toLowerCase());
      out.push(keyword);
    }
  }
  return out.length > 0 ? out.join(', ') : null;
}
