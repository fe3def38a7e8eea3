import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import type { BlogPost } from '@savings/contracts';
import { startTestApp, type TestApp } from '../../test/test-app';
import { expectLedgerVerifies, signedIn, type TestActor } from '../../test/back-office';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="description" content="Default description" />
    <title>Default title</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

// the project's testTimeout is not applied per project; real HTTP races need more than 5 s
jest.setTimeout(60_000);

describe('blog', () => {
  let app: TestApp;
  let admin: TestActor;

  beforeAll(async () => {
    app = await startTestApp();
    admin = await signedIn(app, 'admin', 'Blog Admin');
  });
  afterAll(async () => {
    try {
      await expectLedgerVerifies(app);
    } finally {
      await app.close();
    }
  });

  async function create(body: Record<string, unknown>): Promise<BlogPost> {
    const response = await admin.agent.post('/api/admin/blog/posts').send(body).expect(201);
    return response.body as BlogPost;
  }

  it('generates a unique slug from the title, with -2 and -3 suffixes', async () => {
    const first = await create({ title: 'Why Bonds & Yield Matter!', content: '# One' });
    const second = await create({ title: 'Why bonds and yield matter', content: '# Two' });
    const third = await create({ title: 'why  BONDS & yield matter?', content: '# Three' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'why-bonds-and-yield-matter',
      'why-bonds-and-yield-matter-2',
      'why-bonds-and-yield-matter-3',
    ]);
    expect(first.published).toBe(false);
    expect(first.publishedAt).toBeNull();
  });

  it('gives concurrent posts with one title distinct slugs', async () => {
    const posts = await Promise.all(
      Array.from({ length: 4 }, (_, i) => create({ title: 'Same Title Race', content: `${i}` })),
    );
    expect(new Set(posts.map((p) => p.slug)).size).toBe(4);
  });

  it('keeps a given slug, normalised, and refuses one already used with 409', async () => {
    const post = await create({ title: 'Anything', slug: 'My Custom Slug', content: 'x' });
    expect(post.slug).toBe('my-custom-slug');
    const again = await admin.agent
      .post('/api/admin/blog/posts')
      .send({ title: 'Other', slug: 'my-custom-slug', content: 'y' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/slug/);
  });

  it('normalises comma-separated keywords and validates the body', async () => {
    const post = await create({ title: 'Keywords', content: 'x', keywords: ' bonds, ,yield,Bonds ' });
    expect(post.keywords).toBe('bonds, yield');
    const bad = await admin.agent.post('/api/admin/blog/posts').send({ content: 'no title' });
    expect(bad.status).toBe(400);
    const unknown = await admin.agent.post('/api/admin/blog/posts').send({ title: 't', content: 'c', views: 3 });
    expect(unknown.status).toBe(400);
    const script = await admin.agent
      .post('/api/admin/blog/posts')
      .send({ title: 't', content: 'c', featuredImage: 'javascript:alert(1)' });
    expect(script.status).toBe(400);
  });

  it('takes a featured image only from https: or a path on this site (issue 16)', async () => {
    const count = async () => ((await admin.agent.get('/api/admin/blog/posts').expect(200)).body as BlogPost[]).length;
    const before = await count();
    // browsers load '//host/x' and '/\\host/x' from another site
    for (const featuredImage of [
      '/\\evil.example/x.png',
      '//evil.example/x.png',
      '/\\/evil.example/x.png',
      'http://cdn.example/x.png',
      'https:/\\evil.example/x.png',
      'https:evil.example/x.png',
      'data:image/png;base64,AAAA',
      'javascript:alert(1)',
      ' /images/x.png',
      '/images/x\t.png',
      'images/x.png',
    ]) {
      const refused = await admin.agent
        .post('/api/admin/blog/posts')
        .send({ title: 'Image', content: 'c', featuredImage });
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual({ featuredImage: expect.stringMatching(/https: URL or a path/) });
    }
    expect(await count()).toBe(before);
    for (const featuredImage of ['/images/bonds.png', 'https://cdn.example/img/a.png?w=800', '/']) {
      const post = await create({ title: `Image ${featuredImage}`, content: 'c', featuredImage });
      expect(post.featuredImage).toBe(featuredImage);
    }
  });

  it('shows only published posts publicly, newest first, and 404s drafts', async () => {
    const draft = await create({ title: 'Draft Only', content: 'secret' });
    const older = await create({ title: 'Published Older', content: 'a', published: true });
    const newer = await create({ title: 'Published Newer', content: 'b', published: true });
    expect(older.publishedAt).not.toBeNull();

    const list = await request(app.server).get('/api/blog/posts').expect(200);
    const slugs = (list.body as BlogPost[]).map((p) => p.slug);
    expect(slugs).toEqual([newer.slug, older.slug]);
    await request(app.server).get(`/api/blog/posts/${draft.slug}`).expect(404);
    const one = await request(app.server).get(`/api/blog/posts/${older.slug}`).expect(200);
    expect(one.body.content).toBe('a');
    const missing = await request(app.server).get('/api/blog/posts/no-such-post').expect(404);
    expect(missing.body).toEqual({ message: 'Blog post not found' });

    const all = await admin.agent.get('/api/admin/blog/posts').expect(200);
    expect((all.body as BlogPost[]).map((p) => p.slug)).toContain(draft.slug);
  });

  it('updates given fields, keeps the slug, publishes and unpublishes, deletes', async () => {
    const post = await create({ title: 'Edit Me', content: 'v1', metaTitle: 'Meta' });
    const published = await admin.agent.put(`/api/admin/blog/posts/${post.id}`).send({ published: true }).expect(200);
    expect(published.body.publishedAt).not.toBeNull();
    expect(published.body.metaTitle).toBe('Meta');

    const renamed = await admin.agent
      .put(`/api/admin/blog/posts/${post.id}`)
      .send({ title: 'Edited Title', metaTitle: null })
      .expect(200);
    expect(renamed.body.slug).toBe('edit-me');
    expect(renamed.body.title).toBe('Edited Title');
    expect(renamed.body.metaTitle).toBeNull();
    expect(renamed.body.publishedAt).toBe(published.body.publishedAt);

    const unpublished = await admin.agent
      .put(`/api/admin/blog/posts/${post.id}`)
      .send({ published: false })
      .expect(200);
    expect(unpublished.body.publishedAt).toBeNull();
    await request(app.server).get('/api/blog/posts/edit-me').expect(404);

    await admin.agent.delete(`/api/admin/blog/posts/${post.id}`).expect(204);
    await admin.agent.delete(`/api/admin/blog/posts/${post.id}`).expect(404);
    await admin.agent.put('/api/admin/blog/posts/999999').send({ title: 'x' }).expect(404);
    await admin.agent.get('/api/admin/blog/posts/99999999999999999999').expect(400);
  });

  describe('server-rendered meta for crawlers', () => {
    let web: TestApp;
    let dist: string;

    beforeAll(async () => {
      dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
      writeFileSync(join(dist, 'index.html'), INDEX_HTML);
      web = await startTestApp(
        { PUBLIC_ORIGIN: 'https://savings.example', WEB_DIST_DIR: dist },
        { serveWeb: true, keepDatabase: true },
      );
    });
    afterAll(async () => {
      await web.close();
      rmSync(dist, { recursive: true, force: true });
    });

    it('puts a published post title, description, keywords, canonical and og tags into the page, escaped', async () => {
      const post = await create({
        title: 'Bonds <script>alert("x")</script> & Co',
        content: 'body',
        excerpt: 'Excerpt "quoted"',
        metaDescription: 'Fixed income </title><img src=x onerror=alert(1)>',
        keywords: 'bonds, <b>yield</b>',
        published: true,
      });
      const response = await request(web.server).get(`/blog/${post.slug}`).expect(200);
      const html = response.text;
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(html).toContain('<title>Bonds &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</title>');
      expect(html).toContain(
        '<meta name="description" content="Fixed income &lt;/title&gt;&lt;img src=x onerror=alert(1)&gt;" />',
      );
      expect(html).toContain('<meta name="keywords" content="bonds, &lt;b&gt;yield&lt;/b&gt;" />');
      expect(html).toContain(`<link rel="canonical" href="https://savings.example/blog/${post.slug}" />`);
      expect(html).toContain('<meta property="og:type" content="article" />');
      expect(html).toContain('<meta property="og:title" content="Bonds &lt;script&gt;');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src=x');
      expect(html).not.toContain('Default title');
    });

    it('answers an unknown or unpublished slug with 404 and noindex', async () => {
      const draft = await create({ title: 'Hidden Draft', content: 'x' });
      for (const path of ['/blog/no-such-post', `/blog/${draft.slug}`, '/blog/%00', '/blog/%E0%A4%A', '/blog/A%20B']) {
        const response = await request(web.server).get(path).expect(404);
        expect(response.text).toContain('noindex');
        expect(response.text).not.toContain('Hidden Draft');
      }
    });

    it('still serves the blog list and other known routes plainly', async () => {
      const response = await request(web.server).get('/blog').expect(200);
      expect(response.text).toContain('Default title');
    });
  });
});
