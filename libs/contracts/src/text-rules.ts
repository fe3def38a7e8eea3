/**
 * Characters a name, beneficiary name, note or title may not hold (contract section 8): C0 and C1
 * controls (U+0000-U+001F, U+007F-U+009F: a CR/LF in a beneficiary name would add a row for a
 * line-based bank importer) and the bidirectional overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069), which make text display in another order than it is stored.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const FORBIDDEN_IN_TEXT = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export function hasForbiddenCharacters(text: string): boolean {
  return FORBIDDEN_IN_TEXT.test(text);
}

/** "Name may not contain control characters or text direction overrides" */
export function forbiddenCharactersMessage(label: string): string {
  return `${label} may not contain control characters or text direction overrides`;
}

/**
 * A blog featured image (contract section 8): an https: URL, or a path on this site, starting with
 * exactly one '/' followed by neither '/' nor '\' (browsers read '//host' and '/\host' as another
 * site). No white space, quotes or angle brackets anywhere.
 */
export function isSafeImageUrl(value: string): boolean {
  if (value.length === 0 || /[\s"'<>\\]/.test(value) || hasForbiddenCharacters(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  if (!value.startsWith('https://')) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}
