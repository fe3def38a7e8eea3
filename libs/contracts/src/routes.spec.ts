import { isKnownWebPath, prerenderedPageFile } from './routes';

describe('web routes', () => {
  it('knows the landing pages, the screens and blog posts; nothing else', () => {
    for (const path of ['/', '/it', '/ua/', '/auth', '/admin', '/blog', '/blog/a-post', '/retirement-calculator']) {
      expect(isKnownWebPath(path)).toBe(true);
    }
    for (const path of ['/uk', '/it/extra', '/blog/a/b', '/api-docs', '/x']) expect(isKnownWebPath(path)).toBe(false);
  });

  it('names the prerendered file of each landing page and of nothing else', () => {
    expect(prerenderedPageFile('/')).toBe('prerendered/index.html');
    expect(prerenderedPageFile('/it')).toBe('prerendered/it.html');
    expect(prerenderedPageFile('/ua/')).toBe('prerendered/ua.html');
    for (const path of ['/uk', '/auth', '/blog', '/it/extra', '/..', '/index'])
      expect(prerenderedPageFile(path)).toBeNull();
  });
});
