import { MAX_SLUG_LENGTH, nextFreeSlug, normalizeKeywords, slugify } from './blog-slug';

describe('slugify', () => {
  it('makes lower-case hyphenated ASCII from a title', () => {
    expect(slugify('Why 7% Beats Your Bank!')).toBe('why-7-beats-your-bank');
    expect(slugify('  Économie & Épargne  ')).toBe('economie-and-epargne');
    expect(slugify('a -- b__c')).toBe('a-b-c');
  });

  it('falls back to "post" when nothing usable is left', () => {
    expect(slugify('!!!')).toBe('post');
    expect(slugify('Привет')).toBe('post');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('word '.repeat(40));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slug.startsWith('word-word')).toBe(true);
  });
});

describe('nextFreeSlug', () => {
  it('keeps the base when free and counts up from -2 otherwise', () => {
    expect(nextFreeSlug('bonds', [])).toBe('bonds');
    expect(nextFreeSlug('bonds', ['bonds'])).toBe('bonds-2');
    expect(nextFreeSlug('bonds', ['bonds', 'bonds-2', 'bonds-3'])).toBe('bonds-4');
    expect(nextFreeSlug('bonds', ['bonds', 'bonds-3'])).toBe('bonds-2');
  });
});

describe('normalizeKeywords', () => {
  it('trims, drops empties and repeats', () => {
    expect(normalizeKeywords(' bonds, ,yield,Bonds ,  fixed   income ')).toBe('bonds, yield, fixed income');
    expect(normalizeKeywords(' , ')).toBeNull();
    expect(normalizeKeywords(null)).toBeNull();
  });
});
