import { blogPostNotFound, slugTaken, toBlogPost } from '../blog/blog-post.mapper';
import { nextFreeSlug, normalizeKeywords, slugify } from '../blog/blog-slug';
import type { BlogPostEntity } from '../blog/blog-post.entity';
import { centsToNumber, containsPattern, isoOrNull } from '../admin/admin-sql';
import { monthlyInterestCents, nextInterestAt, zonedInstant } from '../investor/next-interest';
import { normalizeEmail, normalizeName } from '../users/user-identity';

/** The small pure helpers of libs/application, each at its edges. */

describe('admin list helpers', () => {
  it('reads cents from PostgreSQL as JSON numbers, an empty sum as 0', () => {
    expect(centsToNumber(null)).toBe(0);
    expect(centsToNumber('12345')).toBe(123.45);
    expect(centsToNumber(-5n)).toBe(-0.05);
  });

  it('writes timestamps as ISO or null', () => {
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull(new Date('2030-01-01T00:00:00Z'))).toBe('2030-01-01T00:00:00.000Z');
    expect(isoOrNull('2030-01-01 10:00:00+00')).toBe('2030-01-01T10:00:00.000Z');
  });

  it('escapes LIKE wildcards and the escape character', () => {
    expect(containsPattern('ann')).toBe('%ann%');
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('')).toBe('%%');
  });
});

describe('user identity', () => {
  it('compares e-mails after NFKC, trimming and lower-casing', () => {
    expect(normalizeEmail('  Ann@Example.TEST ')).toBe('ann@example.test');
    expect(normalizeEmail('ａｎｎ@example.test')).toBe('ann@example.test');
  });

  it('normalizes names: NFKC, trimmed, single spaces', () => {
    expect(normalizeName('  Ann \t  Lee ')).toBe('Ann Lee');
    expect(normalizeName('Ｌｅｅ')).toBe('Lee');
  });
});

describe('blog helpers', () => {
  it('maps an entity to the API shape', () => {
    const entity = {
      id: '12' as unknown as number,
      title: 'T',
      slug: 't',
      excerpt: 'e',
      content: 'c',
      featuredImage: null,
      metaTitle: 'm',
      metaDescription: 'd',
      keywords: 'k',
      published: true,
      publishedAt: new Date('2030-01-02T00:00:00Z'),
      createdAt: new Date('2030-01-01T00:00:00Z'),
      updatedAt: new Date('2030-01-03T00:00:00Z'),
    } as BlogPostEntity;
    expect(toBlogPost(entity)).toEqual({
      id: 12,
      title: 'T',
      slug: 't',
      excerpt: 'e',
      content: 'c',
      featuredImage: null,
      metaTitle: 'm',
      metaDescription: 'd',
      keywords: 'k',
      published: true,
      publishedAt: '2030-01-02T00:00:00.000Z',
      createdAt: '2030-01-01T00:00:00.000Z',
      updatedAt: '2030-01-03T00:00:00.000Z',
    });
    expect(toBlogPost({ ...entity, publishedAt: null } as BlogPostEntity).publishedAt).toBeNull();
  });

  it('names its refusals', () => {
    expect(blogPostNotFound()).toMatchObject({
      code: 'BLOG.POST_NOT_FOUND',
      kind: 'not_found',
      message: 'Blog post not found',
    });
    expect(slugTaken('x')).toMatchObject({
      code: 'BLOG.SLUG_TAKEN',
      kind: 'conflict',
      message: 'Another post already uses the slug "x"',
      fields: { slug: 'This slug is already used by another post' },
    });
  });

  it('slugs: hyphens trimmed at both ends, long ones cut at a hyphen past the middle', () => {
    expect(slugify('--a--')).toBe('a');
    expect(slugify('-a')).toBe('a');
    expect(slugify('a-')).toBe('a');
    expect(slugify('a'.repeat(80))).toBe('a'.repeat(80));
    expect(slugify('a'.repeat(81))).toBe('a'.repeat(80));
    // a hyphen before the middle is no place to cut: the slug is cut at 80 characters
    expect(slugify(`${'a'.repeat(10)} ${'b'.repeat(80)}`)).toBe(`${'a'.repeat(10)}-${'b'.repeat(69)}`);
    expect(slugify(`${'a'.repeat(41)} ${'b'.repeat(80)}`)).toBe('a'.repeat(41));
    expect(slugify(`${'a'.repeat(40)} ${'b'.repeat(80)}`)).toBe(`${'a'.repeat(40)}-${'b'.repeat(39)}`);
    expect(slugify(`${'a'.repeat(79)} b`)).toBe('a'.repeat(79));
    // a slug of at most 80 characters is never cut, whatever hyphen it has past the middle
    expect(slugify(`${'a'.repeat(50)} ${'b'.repeat(29)}`)).toBe(`${'a'.repeat(50)}-${'b'.repeat(29)}`);
    expect(slugify(`${'a'.repeat(50)} ${'b'.repeat(9)}`)).toBe(`${'a'.repeat(50)}-${'b'.repeat(9)}`);
    // separators at either end go, those inside become one hyphen each
    expect(slugify('-- Hello,  World! --')).toBe('hello-world');
    expect(slugify('')).toBe('post');
  });

  it('finds the first free slug', () => {
    expect(nextFreeSlug('a', [])).toBe('a');
    expect(nextFreeSlug('a', ['a'])).toBe('a-2');
    expect(nextFreeSlug('a', ['a', 'a-2', 'a-3'])).toBe('a-4');
    expect(nextFreeSlug('a', ['a', 'a-3'])).toBe('a-2');
  });

  it('normalizes keywords: trimmed, single spaces, repeats dropped case-insensitively', () => {
    expect(normalizeKeywords(null)).toBeNull();
    expect(normalizeKeywords(undefined)).toBeNull();
    expect(normalizeKeywords('')).toBeNull();
    expect(normalizeKeywords(' , ,')).toBeNull();
    expect(normalizeKeywords(' Saving  money , interest,saving money,, Interest ')).toBe('Saving money, interest');
  });
});

describe('next interest', () => {
  it('is later today, or tomorrow when the time has come', () => {
    expect(nextInterestAt(new Date('2030-01-01T09:59:59.999Z'), 'UTC', '10:00').toISOString()).toBe(
      '2030-01-01T10:00:00.000Z',
    );
    expect(nextInterestAt(new Date('2030-01-01T10:00:00.000Z'), 'UTC', '10:00').toISOString()).toBe(
      '2030-01-02T10:00:00.000Z',
    );
  });

  it('settles the offset across a DST change and in half-hour zones', () => {
    // New York springs forward at 07:00Z on 2030-03-10: 03:30 local is EDT
    expect(zonedInstant('2030-03-10', '03:30', 'America/New_York').toISOString()).toBe('2030-03-10T07:30:00.000Z');
    expect(zonedInstant('2030-03-31', '03:30', 'Europe/Berlin').toISOString()).toBe('2030-03-31T01:30:00.000Z');
    expect(zonedInstant('2030-01-15', '10:00', 'Asia/Kolkata').toISOString()).toBe('2030-01-15T04:30:00.000Z');
    expect(zonedInstant('2030-01-15', '10:00', 'America/St_Johns').toISOString()).toBe('2030-01-15T13:30:00.000Z');
    expect(zonedInstant('1900-06-01', '10:00', 'Asia/Kolkata').toISOString()).toBe('1900-06-01T04:38:50.000Z');
  });

  it('monthly interest: nothing on zero or negative balances, half-up rounding', () => {
    expect(monthlyInterestCents(-100n)).toBe(0n);
    expect(monthlyInterestCents(-100_000n)).toBe(0n);
    expect(monthlyInterestCents(1n)).toBe(0n);
    // 86 * 7 = 602: 602 / 1200 = 0.50 -> rounds up to 1
    expect(monthlyInterestCents(86n)).toBe(1n);
    expect(monthlyInterestCents(85n)).toBe(0n);
  });
});
