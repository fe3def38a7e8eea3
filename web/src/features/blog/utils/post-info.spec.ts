import { cardKeywords, formatPostDate, postDate, postKeywords, readTimeMinutes } from './post-info';

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(' ');

describe('blog post info', () => {
  it('reads at 200 words a minute, rounded up', () => {
    expect(readTimeMinutes(words(1))).toBe(1);
    expect(readTimeMinutes(words(200))).toBe(1);
    expect(readTimeMinutes(words(201))).toBe(2);
    expect(readTimeMinutes(words(1000))).toBe(5);
    expect(readTimeMinutes(`  ${words(400)}\n\n  ${words(1)}  `)).toBe(3);
    expect(readTimeMinutes('')).toBe(1);
  });

  it('formats dates like "Jan 05, 2025"', () => {
    expect(formatPostDate('2025-01-05T12:00:00.000Z')).toBe('Jan 05, 2025');
    expect(formatPostDate('2024-12-25T12:00:00.000Z')).toBe('Dec 25, 2024');
  });

  it('dates a post by publishedAt, else createdAt', () => {
    expect(postDate({ publishedAt: '2025-03-09T12:00:00Z', createdAt: '2025-01-01T12:00:00Z' })).toBe('Mar 09, 2025');
    expect(postDate({ publishedAt: null, createdAt: '2025-01-01T12:00:00Z' })).toBe('Jan 01, 2025');
  });

  it('splits keywords and shows at most 4 on a card', () => {
    expect(postKeywords(' bonds, interest ,,savings, ')).toEqual(['bonds', 'interest', 'savings']);
    expect(postKeywords(null)).toEqual([]);
    expect(cardKeywords('a,b,c,d,e,f')).toEqual(['a', 'b', 'c', 'd']);
  });
});
