import { renderMarkdown } from './markdown';

describe('blog markdown', () => {
  it('renders headings, bold, italic, list items and paragraphs', () => {
    const html = renderMarkdown('## Why bonds\n\nA **fixed** and *steady* return.\n\n- one\n- two\n');
    expect(html).toContain('<h2>Why bonds</h2>');
    expect(html).toContain('<strong>fixed</strong>');
    expect(html).toContain('<em>steady</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<p>A <strong>fixed</strong> and <em>steady</em> return.</p>');
  });

  it('never lets a post run code', () => {
    const html = renderMarkdown(
      [
        'Hello <script>window.hacked = true</script>',
        '',
        '<img src="x" onerror="window.hacked = true">',
        '',
        '[click](javascript:window.hacked=true)',
        '',
        '<a href="#" onclick="window.hacked = true">link</a>',
        '',
        '<iframe src="https://evil.example"></iframe><style>body{display:none}</style>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<iframe|<style/i);
    expect(html).toContain('<img src="x">');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    container.remove();
  });
});
